import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { AccountField } from './account-field.tsx';
import { resetPassword } from './account-api.ts';
import { failureText } from './failure-text.ts';
import { confirmProblem, newPasswordProblem, PASSWORD_MAX, PASSWORD_MIN } from './form-problems.ts';
import { PASSWORD_RESET_REDIRECT_MS, resetTokenOf } from './reset-link.ts';
import { returnUrlOf } from './return-url.ts';
import { SignInPage } from './sign-in-page.tsx';
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
      <form
        className="account-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure && (
          <p className="account-alert" role="alert">
            {failure}
          </p>
        )}
        <AccountField
          {...form.field('Password', passwordLabel)}
          type="password"
          autoComplete="new-password"
          hint={t('account.password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        />
        <AccountField
          {...form.field('ConfirmPassword', t('account.field.ConfirmNewPassword'), { other: passwordLabel })}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button account-form__submit" disabled={busy}>
          {busy ? t('account.reset.busy') : t('account.reset.submit')}
        </button>
      </form>
    </SignInPage>
  );
}
