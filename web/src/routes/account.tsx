import { lazyRouteComponent } from '@tanstack/react-router';
import { pageRoute } from './page-route.ts';

// The account screens are chunks of their own: their code loads when one of them is opened.
const LoginScreen = lazyRouteComponent(() => import('../features/accounts/login-screen.tsx'), 'LoginScreen');
const RegisterScreen = lazyRouteComponent(
  () => import('../features/accounts/register-screen.tsx'),
  'RegisterScreen',
);
const ForgotPasswordScreen = lazyRouteComponent(
  () => import('../features/accounts/forgot-password-screen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyRouteComponent(
  () => import('../features/accounts/reset-password-screen.tsx'),
  'ResetPasswordScreen',
);
const AccountDetailsScreen = lazyRouteComponent(
  () => import('../features/accounts/account-details-screen.tsx'),
  'AccountDetailsScreen',
);
const AccountDeletedScreen = lazyRouteComponent(
  () => import('../features/accounts/account-deleted-screen.tsx'),
  'AccountDeletedScreen',
);

export const accountRoutes = [
  pageRoute('/account/login', LoginScreen),
  pageRoute('/account/register', RegisterScreen),
  pageRoute('/account/forgotpassword', ForgotPasswordScreen),
  // The link in the password reset e-mail: /account/resetpassword?token=...
  pageRoute('/account/resetpassword', ResetPasswordScreen),
  pageRoute('/account/details', AccountDetailsScreen),
  pageRoute('/v2/account/details', AccountDetailsScreen),
  pageRoute('/Account/AccountDeletedConfirmation', AccountDeletedScreen),
];
