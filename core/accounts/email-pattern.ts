/**
 * E-mail pattern (letters, digits, usual symbols, @, domain). The practical
 * subset of RFC 5321 that mail providers accept: a dot-separated local part of letters, digits
 * and the usual symbols, and a domain of at least two labels ending in a letters-only top-level
 * domain. Length limits are RFC 5321's (64 before the @, 254 in all).
 */
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

export const isEmailPattern = (email: string): boolean => {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) return false;
  return email.lastIndexOf('@') <= EMAIL_LOCAL_MAX_LENGTH;
};
