import { redirect } from '@tanstack/react-router';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { isApiError } from '../../api/api-error.ts';
import { loadAdminStrings } from '../../i18n/setup.ts';
import { fetchAccount, SIGNED_OUT } from '../accounts/account-api.ts';
import { signedInKindFrom } from '../accounts/signed-in-cookie.ts';
import { setAccount } from '../accounts/use-account.ts';
import { adminAccessOf, loginHref, NotStaffError } from './admin-access.ts';

/**
 * Who is signed in, asked afresh for each admin page (GET /api/account answers quickly) and
 * shared with useAccount(). Without the foyer_signed_in cookie nobody is: nothing is asked.
 */
const readAccount = async () => {
  if (!signedInKindFrom(document.cookie)) return SIGNED_OUT;
  const account = await fetchAccount();
  setAccount(account);
  return account;
};

/**
 * The beforeLoad of every /admin/... page: signed-out visitors go to the login page (and come
 * back here after), a signed-in customer gets NotStaffError (the route shows "not allowed"),
 * staff go on with their summary in the route context. The admin words load alongside, so
 * the error screens have them too.
 */
export const guardAdmin = async (returnUrl: string): Promise<{ staff: StaffSummary }> => {
  const [account] = await Promise.all([readAccount(), loadAdminStrings()]);
  const access = adminAccessOf(account);
  if (access.kind === 'signedOut') throw redirect({ href: loginHref(returnUrl), replace: true });
  if (access.kind === 'customer') throw new NotStaffError();
  return { staff: access.staff };
};

/**
 * Runs an admin page's load; a 401 (the session ended since the guard looked) goes to the login
 * page instead of an error screen.
 */
export const loadSignedIn = async <T>(returnUrl: string, load: () => Promise<T>): Promise<T> => {
  try {
    return await load();
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    setAccount(SIGNED_OUT);
    throw redirect({ href: loginHref(returnUrl), replace: true });
  }
};
