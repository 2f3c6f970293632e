import { AccountField, type FieldProps } from './account-field.tsx';

/** The phone number of an account form, which may be left empty. */
export function PhoneField(props: FieldProps) {
  return <AccountField {...props} type="tel" inputMode="tel" autoComplete="tel" maxLength={40} optional />;
}
