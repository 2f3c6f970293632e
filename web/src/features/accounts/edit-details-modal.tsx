import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import { addressLabelsFor } from '../../../../core/i18n/address-labels.ts';
import { Modal } from '../../ui/modal.tsx';
import { addressLabelKey } from '../checkout/address-fields.tsx';
import { AccountField } from './account-field.tsx';
import { fetchAccountInformation, updateDetails } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { countryName } from './country-names.ts';
import {
  ADDRESS_FIELDS,
  detailsProblems,
  detailsValuesOf,
  emailChanged,
  updateRequestOf,
  type AddressField,
} from './details-form.ts';
import { EmailField } from './email-field.tsx';
import { failureText, refusedFields } from '../../api/failure-text.ts';
import { NameFields } from './name-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAccountForm } from './use-account-form.ts';

const AUTOCOMPLETE: Record<AddressField, string> = {
  BillToAddress1: 'billing address-line1',
  BillToAddress2: 'billing address-line2',
  BillToCity: 'billing address-level2',
  BillToState: 'billing address-level1',
  BillToPostalCode: 'billing postal-code',
};

const MAX_LENGTH: Record<AddressField, number> = {
  BillToAddress1: 200,
  BillToAddress2: 200,
  BillToCity: 100,
  BillToState: 100,
  BillToPostalCode: 20,
};

const partOf = (field: AddressField) =>
  field.slice('BillTo'.length) as 'Address1' | 'Address2' | 'City' | 'State' | 'PostalCode';

/** The account-details edit modal; a new e-mail address asks for the current password. */
export function EditDetailsModal(props: {
  details: AccountDetails;
  onSaved: (details: AccountDetails) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { details } = props;
  const form = useAccountForm(detailsValuesOf(details), (v) => detailsProblems(v, details));
  const [countries, setCountries] = useState<readonly { Code: string; Name: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    fetchAccountInformation().then(
      (information) => setCountries(information.Countries),
      () => undefined,
    );
  }, []);

  const country = form.values.BillToCountryCode;
  const labels = addressLabelsFor(country || 'US');
  const choices = [...countries];
  if (country && !choices.some((c) => c.Code === country)) choices.push({ Code: country, Name: country });
  const countryField = form.field('BillToCountryCode', t('checkout.address.country'));
  const moved = emailChanged(form.values, details);

  const submit = async () => {
    setFailure(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      props.onSaved(await updateDetails(updateRequestOf(form.values, details)));
    } catch (error) {
      setFailure(failureText(t, error));
      form.refuse(refusedFields(error));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('account.edit.title')} onClose={props.onClose} className="account-modal">
      <AccountForm busy={busy} failure={failure} onSubmit={submit}>
        <NameFields
          first={form.field('FirstName', t('account.field.FirstName'))}
          last={form.field('LastName', t('account.field.LastName'))}
        />
        <EmailField {...form.field('Email', t('account.field.Email'))} />
        {moved && (
          <AccountField
            {...form.field('CurrentPassword', t('account.field.CurrentPassword'))}
            type="password"
            autoComplete="current-password"
            hint={t('account.edit.passwordForEmail')}
          />
        )}
        <PhoneField {...form.field('Phone', t('account.field.Phone'))} />
        <fieldset className="account-form__group account-address">
          <legend>
            {t('account.details.address')}{' '}
            <span className="account-field__optional">{t('account.optional')}</span>
          </legend>
          <div className="account-field">
            <label className="field-label" htmlFor={countryField.id}>
              {countryField.label}
            </label>
            <select
              id={countryField.id}
              className="text-input"
              autoComplete="billing country"
              value={country}
              onChange={(event) => countryField.onChange(event.target.value)}
              onBlur={countryField.onBlur}
            >
              <option value="">{t('account.edit.noCountry')}</option>
              {choices.map((c) => (
                <option key={c.Code} value={c.Code}>
                  {countryName(c.Code, i18n.language, c.Name)}
                </option>
              ))}
            </select>
          </div>
          {ADDRESS_FIELDS.map((field) => (
            <AccountField
              key={field}
              {...form.field(field, t(addressLabelKey(labels, partOf(field))))}
              autoComplete={AUTOCOMPLETE[field]}
              maxLength={MAX_LENGTH[field]}
              className={`account-field--${partOf(field)}`}
              optional="quiet"
            />
          ))}
        </fieldset>
        <AccountField
          {...form.field('CustomerRewardsNumber', t('account.field.CustomerRewardsNumber'))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          optional
          hint={t('account.edit.rewardsHint')}
        />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton
            busy={busy}
            label={t('account.edit.save')}
            busyLabel={t('account.edit.busy')}
            className="button"
          />
        </div>
      </AccountForm>
    </Modal>
  );
}
