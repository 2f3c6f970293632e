import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { register } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { EmailField } from './email-field.tsx';
import { failureText, refusedFields } from '../../api/failure-text.ts';
import { confirmProblem, emailProblem, newPasswordProblem, requiredProblem } from './form-problems.ts';
import { NameFields } from './name-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PhoneField } from './phone-field.tsx';
import { afterSignInPath, returnUrlOf } from './return-url.ts';
import { SignInPage } from './sign-in-page.tsx';
import { SubmitButton } from './submit-button.tsx';
import { setAccount } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';

/**
 * /account/register?returnUrl: a new account, signed in at once (200). An address that already
 * has an account gets an e-mail instead (202), and the page says so without telling anyone
 * else whether the address is known.
 */
export function RegisterScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const returnUrl = returnUrlOf(location.search);
  const form = useAccountForm(
    { FirstName: '', LastName: '', Email: '', Phone: '', Password: '', ConfirmPassword: '' },
    (v) => ({
      FirstName: requiredProblem(v.FirstName),
      LastName: requiredProblem(v.LastName),
      Email: emailProblem(v.Email),
      Password: newPasswordProblem(v.Password),
      ConfirmPassword: confirmProblem(v.Password, v.ConfirmPassword),
    }),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    if (!form.validate()) return;
    setBusy(true);
    const v = form.values;
    try {
      const answer = await register({
        FirstName: v.FirstName.trim(),
        LastName: v.LastName.trim(),
        Email: v.Email.trim(),
        ...(v.Phone.trim() ? { Phone: v.Phone.trim() } : {}),
        Password: v.Password,
        ConfirmPassword: v.ConfirmPassword,
      });
      if (answer.kind === 'emailed') {
        setEmailed(answer.message);
        setBusy(false);
        return;
      }
      setAccount(answer.account);
      await navigate({ href: afterSignInPath(answer.account.Kind, returnUrl) });
    } catch (error) {
      setFailure(failureText(t, error, 'account.register.failed'));
      form.refuse(refusedFields(error));
      setBusy(false);
    }
  };

  const linkSearch = (returnUrl ? { returnUrl } : {}) as never;
  if (emailed)
    return (
      <SignInPage title={t('account.register.emailedTitle')}>
        <p className="account-notice" role="status">
          {emailed}
        </p>
        <p className="account-form__switch">
          <Link to="/account/login" search={linkSearch}>
            {t('account.register.toLogin')}
          </Link>
        </p>
      </SignInPage>
    );

  const passwordLabel = t('account.field.Password');
  return (
    <SignInPage title={t('account.register.title')} intro={t('account.register.intro')}>
      <AccountForm busy={busy} failure={failure} onSubmit={submit}>
        <NameFields
          first={form.field('FirstName', t('account.field.FirstName'))}
          last={form.field('LastName', t('account.field.LastName'))}
        />
        <EmailField {...form.field('Email', t('account.field.Email'))} />
        <PhoneField {...form.field('Phone', t('account.field.Phone'))} />
        <NewPasswordFields
          password={form.field('Password', passwordLabel)}
          confirm={form.field('ConfirmPassword', t('account.field.ConfirmPassword'), {
            other: passwordLabel,
          })}
        />
        <SubmitButton
          busy={busy}
          label={t('account.register.submit')}
          busyLabel={t('account.register.busy')}
        />
        <p className="account-form__switch">
          {t('account.register.haveAccount')}{' '}
          <Link to="/account/login" search={linkSearch}>
            {t('account.register.toLogin')}
          </Link>
        </p>
      </AccountForm>
    </SignInPage>
  );
}
