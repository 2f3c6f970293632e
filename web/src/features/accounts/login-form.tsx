import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountField } from './account-field.tsx';
import { login } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { EmailField } from './email-field.tsx';
import { failureText } from '../../api/failure-text.ts';
import { emailProblem, requiredProblem } from './form-problems.ts';
import { afterSignInPath } from './return-url.ts';
import { SubmitButton } from './submit-button.tsx';
import { setAccount } from './use-account.ts';
import { useAccountForm } from './use-account-form.ts';
import './accounts.css';

/**
 * E-mail and password, then on to returnUrl, else the box office (staff) or the account
 * (customers). The server's words show for a refusal (wrong password, too many tries, login
 * not allowed). Used by the sign-in page and by the header's dropdown and modal.
 */
export function LoginForm(props: {
  returnUrl: string | undefined;
  onSignedIn?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAccountForm({ Email: '', Password: '' }, (v) => ({
    Email: emailProblem(v.Email),
    Password: requiredProblem(v.Password),
  }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const linkSearch = props.returnUrl ? { returnUrl: props.returnUrl } : {};
  useEffect(() => {
    if (!props.autoFocus) return;
    // After the modal around the form (if any) has opened and placed the focus itself.
    const frame = requestAnimationFrame(() => document.getElementById(form.id('Email'))?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = async () => {
    setFailure(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const account = await login({ Email: form.values.Email.trim(), Password: form.values.Password });
      setAccount(account);
      props.onSignedIn?.();
      await navigate({ href: afterSignInPath(account.Kind, props.returnUrl) });
    } catch (error) {
      setFailure(failureText(t, error, 'account.login.failed'));
      setBusy(false);
    }
  };

  return (
    <AccountForm busy={busy} failure={failure} onSubmit={submit}>
      <EmailField {...form.field('Email', t('account.field.Email'))} autoComplete="username" />
      <AccountField
        {...form.field('Password', t('account.field.Password'))}
        type="password"
        autoComplete="current-password"
      />
      <p className="account-form__aside">
        <Link to="/account/forgotpassword" search={linkSearch as never}>
          {t('account.login.forgot')}
        </Link>
      </p>
      <SubmitButton busy={busy} label={t('account.login.submit')} busyLabel={t('account.login.busy')} />
      <p className="account-form__switch">
        {t('account.login.noAccount')}{' '}
        <Link to="/account/register" search={linkSearch as never}>
          {t('account.login.register')}
        </Link>
      </p>
    </AccountForm>
  );
}
