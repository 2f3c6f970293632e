import { useTranslation } from 'react-i18next';
import { AccountField, type FieldProps } from './account-field.tsx';
import { PASSWORD_MAX, PASSWORD_MIN } from './form-problems.ts';

/** A new password, with the rule for one, then the same again to confirm it. */
export function NewPasswordFields(props: { password: FieldProps; confirm: FieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <AccountField
        {...props.password}
        type="password"
        autoComplete="new-password"
        hint={t('account.password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      />
      <AccountField {...props.confirm} type="password" autoComplete="new-password" />
    </>
  );
}
