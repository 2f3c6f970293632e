import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../accounts/country-names.ts';
import type { DetailField, Details } from './customer-details.ts';
import './shortcuts.css';

/**
 * The buyer's details, prefilled from the assigned customer; the ones the sale needs are marked
 * required beside their label (the label itself stays the field's name).
 */
export function CustomerDetailsPanel(props: {
  fields: readonly DetailField[];
  details: Details;
  countries: readonly { Code: string; Name: string }[];
  /** Fields the clerk must still fill (a refusal named them, or they are empty and required). */
  invalid: readonly string[];
  onChange: (details: Details) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  return (
    <fieldset className="counter-details">
      <legend className="staff-panel__title">{t('counterPayment.details.title')}</legend>
      {props.fields.every((f) => !f.required) && (
        <p className="field-hint">{t('counterPayment.details.noneNeeded')}</p>
      )}
      <div className="counter-details__grid">
        {props.fields.map((f) => {
          const invalid = props.invalid.includes(f.name);
          const label = t(`counterPayment.details.${f.field}`, { defaultValue: f.field });
          return (
            <div className="staff-field" key={f.name}>
              <span className="key-label">
                <label className="field-label" htmlFor={`${id}-${f.name}`}>
                  {label}
                </label>
                {f.required && (
                  <span className="required-mark" id={`${id}-${f.name}-required`}>
                    {t('counterPayment.details.required')}
                  </span>
                )}
              </span>
              {f.field === 'CountryCode' && props.countries.length > 0 ? (
                <select
                  id={`${id}-${f.name}`}
                  aria-required={f.required || undefined}
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
                  aria-required={f.required || undefined}
                  aria-describedby={f.required ? `${id}-${f.name}-required` : undefined}
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
    </fieldset>
  );
}
