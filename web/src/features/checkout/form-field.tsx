import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldName } from './checkout-form.ts';

/** The element id of a form field: what the first-invalid lookup and the labels point at. */
export const fieldId = (name: FieldName) => `checkout-${name}`;

/** A labelled text input with its hint and error (shown only when the form says so). */
export function TextField(props: {
  name: FieldName;
  label: string;
  value: string;
  required: boolean;
  error: string | null;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  className?: string;
  after?: ReactNode;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const id = fieldId(props.name);
  const describedBy = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`checkout-field ${props.className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {props.label}
        {!props.required && <span className="checkout-field__optional"> {t('checkout.optional')}</span>}
      </label>
      <div className="checkout-field__control">
        <input
          id={id}
          name={props.name}
          className="text-input"
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          value={props.value}
          required={props.required}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
        {props.after}
      </div>
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
