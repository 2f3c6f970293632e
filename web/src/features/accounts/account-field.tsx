import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What useAccountForm's field() gives for one field. */
export interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/** A labelled input of the account forms, with its hint and error. */
export function AccountField(
  props: FieldProps & {
    type?: 'text' | 'email' | 'tel' | 'password';
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'email' | 'tel';
    maxLength?: number;
    /** Not required; 'quiet' when its group already says so (an optional address). */
    optional?: boolean | 'quiet';
    hint?: ReactNode;
    className?: string;
  },
) {
  const { t } = useTranslation();
  const { id } = props;
  const describedBy = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`account-field ${props.className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {props.label}
        {props.optional === true && <span className="account-field__optional"> {t('account.optional')}</span>}
      </label>
      <input
        id={id}
        name={props.name}
        className="text-input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        required={!props.optional}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
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
