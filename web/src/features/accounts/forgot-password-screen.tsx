import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { EmailField } from './email-field.tsx';
import { failureText } from '../../api/failure-text.ts';
import { emailProblem } from './form-problems.ts';
import { returnUrlOf } from './return-url.ts';
import { SignInPage } from './sign-in-page.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAccountForm } from './use-account-form.ts';

/** /account/forgotpassword: the address to send a reset link to; the server's answer shows. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const returnUrl = returnUrlOf(location.search);
  const form = useAccountForm({ Email: '' }, (v) => ({ Email: emailProblem(v.Email) }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const answer = await requestPasswordReset({
        Email: form.values.Email.trim(),
        ...(returnUrl ? { ReturnUrl: returnUrl } : {}),
      });
      setSent(answer.Message);
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInPage title={t('account.forgot.title')} intro={sent ? undefined : t('account.forgot.intro')}>
      {sent ? (
        <p className="account-notice" role="status">
          {sent}
        </p>
      ) : (
        <AccountForm busy={busy} failure={failure} onSubmit={submit}>
          <EmailField {...form.field('Email', t('account.field.Email'))} />
          <SubmitButton busy={busy} label={t('account.forgot.submit')} busyLabel={t('account.forgot.busy')} />
        </AccountForm>
      )}
      <p className="account-form__switch">
        <Link to="/account/login" search={(returnUrl ? { returnUrl } : {}) as never}>
          {t('account.forgot.backToLogin')}
        </Link>
      </p>
    </SignInPage>
  );
}
