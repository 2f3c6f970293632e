import { AccountScreen } from '../features/accounts/coming-soon-screens.tsx';
import { pageRoute } from './page-route.ts';

export const accountRoutes = [
  pageRoute('/account/login', AccountScreen),
  pageRoute('/account/register', AccountScreen),
  pageRoute('/account/details', AccountScreen),
  pageRoute('/v2/account/details', AccountScreen),
  pageRoute('/Account/AccountDeletedConfirmation', AccountScreen),
];
