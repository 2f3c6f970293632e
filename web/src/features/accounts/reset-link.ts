// The reset link e-mailed to a customer: /account/resetpassword?token=...

/** After a successful reset the page waits this long, then goes to sign-in. */
export const PASSWORD_RESET_REDIRECT_MS = 3000;

/** The token of the reset link's query, else undefined (the form then asks for a new link). */
export const resetTokenOf = (search: unknown): string | undefined => {
  const value = (search as { token?: unknown } | null | undefined)?.token;
  // The router reads an all-digit query value as a number.
  const token = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return token.length > 0 && token.length <= 200 ? token : undefined;
};
