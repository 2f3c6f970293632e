// adapters/http/csrf.ts: every POST/PUT/PATCH/DELETE under /api must echo the foyer_csrf cookie
// in the X-CSRF-Token header (double-submit token). The server sets the cookie on any answer.
export const CSRF_COOKIE = 'foyer_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** The token in a Cookie header string ('a=1; foyer_csrf=abc'), or undefined. */
export const csrfTokenFrom = (cookies: string): string | undefined => {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE && value.length > 0) return value.join('=') || undefined;
  }
  return undefined;
};

/** The header a state change sends; empty when the browser has no token yet. */
export const csrfHeaders = (cookies: string = document.cookie): Record<string, string> => {
  const token = csrfTokenFrom(cookies);
  return token ? { [CSRF_HEADER]: token } : {};
};
