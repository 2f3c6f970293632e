// The server sets a readable login-state cookie at sign-in ('customer' or 'staff') and erases it
// at sign-out: without it the page knows nobody is signed in and does not ask.
export const SIGNED_IN_COOKIE = 'foyer_signed_in';

export type SignedInKind = 'customer' | 'staff';

/** The kind the cookie names in a Cookie string ('a=1; foyer_signed_in=staff'), else undefined. */
export const signedInKindFrom = (cookies: string): SignedInKind | undefined => {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIGNED_IN_COOKIE && (value === 'customer' || value === 'staff')) return value;
  }
  return undefined;
};
