import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { resetPassword } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { failureText } from '../../api/failure-text.ts';
import { confirmProblem, newPasswordProblem } from './form-problems.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PASSWORD_RESET_REDIRECT_MS, resetTokenOf } from './reset-link.ts';
import { returnUrlOf } from './return-url.ts';
import { SignInPage } from './sign-in-page.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAccountForm } from './use-account-form.ts';

type Outcome =
  | { readonly status: 'form' }
  | { readonly status: 'done'; readonly message: string }
  /** The link is spent, expired or wrong: the customer asks for a new one. */
  | { readonly status: 'refused'; readonly message: string };

/** /account/resetpassword?token=...: the e-mailed link. A new password, then on to sign-in. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const token = resetTokenOf(location.search);
  // Where the customer was going when they asked for the link: sign-in goes on there.
  const returnUrl = returnUrlOf(location.search);
  const loginSearch = (returnUrl ? { returnUrl } : {}) as never;
  const form = useAccountForm({ Password: '', ConfirmPassword: '' }, (v) => ({
    Password: newPasswordProblem(v.Password),
    ConfirmPassword: confirmProblem(v.Password, v.ConfirmPassword),
  }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { status: 'form' } : { status: 'refused', message: t('account.reset.noToken') },
  );

  useEffect(() => {
    if (outcome.status !== 'done') return;
    const timer = setTimeout(
      () => void navigate({ to: '/account/login', search: loginSearch, replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome.status]);

  const submit = async () => {
    setFailure(null);
    if (!token || !form.validate()) return;
    setBusy(true);
    try {
      const answer = await resetPassword({ Password: form.values.Password, Token: token });
      setOutcome({ status: 'done', message: answer.Message });
    } catch (error) {
      const message = failureText(t, error);
      if (isApiError(error) && error.status === 400) setOutcome({ status: 'refused', message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const title = t('account.reset.title');
  if (outcome.status === 'done')
    return (
      <SignInPage title={title}>
        <p className="account-notice" role="status">
          {outcome.message} {t('account.reset.redirecting')}
        </p>
        <p className="account-form__switch">
          <Link to="/account/login" search={loginSearch}>
            {t('account.reset.toLogin')}
          </Link>
        </p>
      </SignInPage>
    );
  if (outcome.status === 'refused')
    return (
      <SignInPage title={title}>
        <p className="account-alert" role="alert">
          {outcome.message}
        </p>
        <p className="account-form__switch">
          <Link to="/account/forgotpassword" search={loginSearch}>
            {t('account.reset.newLink')}
          </Link>
        </p>
      </SignInPage>
    );
  const passwordLabel = t('account.field.NewPassword');
  return (
    <SignInPage title={title} intro={t('account.reset.intro')}>
      <AccountForm busy={busy} failure={failure} onSubmit={submit}>
        <NewPasswordFields
          password={form.field('Password', passwordLabel)}
          confirm={form.field('ConfirmPassword', t('account.field.ConfirmNewPassword'), {
            other: passwordLabel,
          })}
        />
        <SubmitButton busy={busy} label={t('account.reset.submit')} busyLabel={t('account.reset.busy')} />
      </AccountForm>
    </SignInPage>
  );
}
