import { AccountField, type FieldProps } from './account-field.tsx';

/** First and last name, side by side. */
export function NameFields(props: { first: FieldProps; last: FieldProps }) {
  return (
    <div className="account-form__pair">
      <AccountField {...props.first} autoComplete="given-name" maxLength={100} />
      <AccountField {...props.last} autoComplete="family-name" maxLength={100} />
    </div>
  );
}
