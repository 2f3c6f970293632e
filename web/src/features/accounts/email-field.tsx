import { AccountField, type FieldProps } from './account-field.tsx';

/** The e-mail address of an account form; 'username' where it signs in. */
export function EmailField(props: FieldProps & { autoComplete?: 'email' | 'username' }) {
  return (
    <AccountField
      {...props}
      type="email"
      inputMode="email"
      autoComplete={props.autoComplete ?? 'email'}
      maxLength={254}
    />
  );
}
