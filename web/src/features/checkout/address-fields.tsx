import { useTranslation } from 'react-i18next';
import { addressLabelsFor, type AddressLabels } from '../../../../core/i18n/address-labels.ts';
import {
  ADDRESS_PARTS,
  isShown,
  type AddressPart,
  type FieldName,
  type FieldRules,
} from './checkout-form.ts';
import { fieldId, TextField } from './form-field.tsx';

// An address block (BillTo or ShipTo) with the labels of the chosen country (GB county and post
// code, AU suburb, state and postcode, US state and postal code).

/** The string key for each English label core/i18n/address-labels.ts gives. */
const LABEL_KEYS: Readonly<Record<string, string>> = {
  'Address line 1': 'checkout.address.line1',
  'Address line 2': 'checkout.address.line2',
  'Address line 3': 'checkout.address.line3',
  Country: 'checkout.address.country',
  City: 'checkout.address.city',
  'Town/City': 'checkout.address.townCity',
  Suburb: 'checkout.address.suburb',
  State: 'checkout.address.state',
  County: 'checkout.address.county',
  'State/Province/Region': 'checkout.address.region',
  'Postal code': 'checkout.address.postalCode',
  'Post code': 'checkout.address.postCode',
  Postcode: 'checkout.address.postcode',
};

export const addressLabelKey = (labels: AddressLabels, part: AddressPart): string =>
  LABEL_KEYS[labels[part]] ?? 'checkout.address.line1';

const AUTOCOMPLETE: Record<AddressPart, string> = {
  Address1: 'address-line1',
  Address2: 'address-line2',
  Address3: 'address-line3',
  City: 'address-level2',
  State: 'address-level1',
  PostalCode: 'postal-code',
  CountryCode: 'country',
};

export function AddressFields(props: {
  prefix: 'BillTo' | 'ShipTo';
  rules: FieldRules;
  countries: readonly { Code: string; Name: string }[];
  value: (name: FieldName) => string;
  error: (name: FieldName, label: string) => string | null;
  onChange: (name: FieldName, value: string) => void;
  onBlur: (name: FieldName) => void;
}) {
  const { t } = useTranslation();
  const name = (part: AddressPart) => `${props.prefix}${part}` as FieldName;
  const country = props.value(name('CountryCode')) || 'US';
  const labels = addressLabelsFor(country);
  const section = props.prefix === 'BillTo' ? 'billing' : 'shipping';
  return (
    <div className="checkout-address">
      {isShown(props.rules, name('CountryCode')) && (
        <div className="checkout-field">
          <label className="field-label" htmlFor={fieldId(name('CountryCode'))}>
            {t('checkout.address.country')}
          </label>
          <select
            id={fieldId(name('CountryCode'))}
            className="text-input"
            autoComplete={`${section} country`}
            value={country}
            onChange={(event) => props.onChange(name('CountryCode'), event.target.value)}
            onBlur={() => props.onBlur(name('CountryCode'))}
          >
            {props.countries.map((c) => (
              <option key={c.Code} value={c.Code}>
                {c.Name}
              </option>
            ))}
          </select>
        </div>
      )}
      {ADDRESS_PARTS.filter((part) => part !== 'CountryCode' && isShown(props.rules, name(part))).map(
        (part) => (
          <TextField
            key={part}
            name={name(part)}
            label={t(addressLabelKey(labels, part))}
            value={props.value(name(part))}
            required={props.rules[name(part)]?.required === true}
            autoComplete={`${section} ${AUTOCOMPLETE[part]}`}
            maxLength={part === 'PostalCode' ? 20 : part === 'City' || part === 'State' ? 80 : 120}
            className={`checkout-address__${part}`}
            error={props.error(name(part), t(addressLabelKey(labels, part)))}
            onChange={(value) => props.onChange(name(part), value)}
            onBlur={() => props.onBlur(name(part))}
          />
        ),
      )}
    </div>
  );
}
