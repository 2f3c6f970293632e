import { isLocalPath } from '../basket/return-target.ts';

// Where sign-in sends a person: the returnUrl they came with when it is a path of this site
// (never another origin: '//evil.example', 'https:', '\\'), else their kind's home.

/** The returnUrl of a page's query when it is a same-origin path, else undefined. */
export const returnUrlOf = (search: unknown): string | undefined => {
  const value = (search as { returnUrl?: unknown } | null | undefined)?.returnUrl;
  if (typeof value !== 'string') return undefined;
  const path = value.trim();
  return path.length <= 2000 && isLocalPath(path) ? path : undefined;
};

/** The account screen a signed-in customer lands on. */
export const ACCOUNT_HOME = '/account/details';
/** The box office a signed-in staff member lands on. */
export const STAFF_HOME = '/admin';

export const afterSignInPath = (kind: 'customer' | 'staff' | null, returnUrl: string | undefined): string =>
  returnUrl ?? (kind === 'staff' ? STAFF_HOME : ACCOUNT_HOME);

/** Pages a sign-in from the header should not come back to (it goes to the account instead). */
const SIGN_IN_PAGES = [
  '/account/login',
  '/account/register',
  '/account/forgotpassword',
  '/account/resetpassword',
  '/account/accountdeletedconfirmation',
];

/** The returnUrl a header sign-in keeps: the page it was opened on, unless that is a sign-in page. */
export const headerReturnUrl = (pathname: string, searchText: string): string | undefined => {
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  if (SIGN_IN_PAGES.includes(lower)) return undefined;
  return returnUrlOf({ returnUrl: `${pathname}${searchText}` });
};
