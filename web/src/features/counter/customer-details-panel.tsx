import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../accounts/country-names.ts';
import type { DetailField, Details } from './customer-details.ts';

/** The buyer's details the checkout needs, prefilled from the assigned customer. */
export function CustomerDetailsPanel(props: {
  fields: readonly DetailField[];
  details: Details;
  countries: readonly { Code: string; Name: string }[];
  /** Fields the clerk must still fill (a refusal named them, or they are empty and required). */
  invalid: readonly string[];
  tos: { required: boolean; accepted: boolean; onChange: (accepted: boolean) => void };
  onChange: (details: Details) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  return (
    <fieldset className="counter-details">
      <legend className="staff-panel__title">{t('counterPayment.details.title')}</legend>
      <div className="counter-details__grid">
        {props.fields.map((f) => {
          const invalid = props.invalid.includes(f.name);
          const label = `${t(`counterPayment.details.${f.field}`, { defaultValue: f.field })}${f.required ? '' : ` ${t('counterPayment.details.optional')}`}`;
          return (
            <div className="staff-field" key={f.name}>
              <label className="field-label" htmlFor={`${id}-${f.name}`}>
                {label}
              </label>
              {f.field === 'CountryCode' && props.countries.length > 0 ? (
                <select
                  id={`${id}-${f.name}`}
                  value={props.details[f.name] ?? ''}
                  aria-invalid={invalid || undefined}
                  onChange={(e) => props.onChange({ ...props.details, [f.name]: e.target.value })}
                >
                  {props.countries.map((c) => (
                    <option key={c.Code} value={c.Code}>
                      {countryName(c.Code, i18n.language, c.Name)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${f.name}`}
                  type={f.field === 'Email' ? 'email' : f.field === 'Phone' ? 'tel' : 'text'}
                  autoComplete="off"
                  value={props.details[f.name] ?? ''}
                  aria-invalid={invalid || undefined}
                  onChange={(e) => props.onChange({ ...props.details, [f.name]: e.target.value })}
                />
              )}
            </div>
          );
        })}
      </div>
      {props.tos.required && (
        <label className="counter-check">
          <input
            type="checkbox"
            checked={props.tos.accepted}
            aria-invalid={props.invalid.includes('AcceptTermsOfService') || undefined}
            onChange={(e) => props.tos.onChange(e.target.checked)}
          />
          {t('counterPayment.details.tos')}
        </label>
      )}
    </fieldset>
  );
}
