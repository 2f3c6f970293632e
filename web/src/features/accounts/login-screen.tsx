import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form.tsx';
import { returnUrlOf } from './return-url.ts';
import { SignInPage } from './sign-in-page.tsx';

/** /account/login?returnUrl */
export function LoginScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <SignInPage title={t('account.login.title')} intro={t('account.login.intro')}>
      <LoginForm returnUrl={returnUrlOf(location.search)} />
    </SignInPage>
  );
}
