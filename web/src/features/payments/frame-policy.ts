// Whether a page may be shown in a frame of this site, from its answer's headers
// (X-Frame-Options, Content-Security-Policy frame-ancestors). Pure: headers in, yes or no.

export const allowsFraming = (headers: { get(name: string): string | null }): boolean => {
  const xfo = (headers.get('x-frame-options') ?? '').trim().toUpperCase();
  if (xfo === 'DENY') return false;
  const csp = headers.get('content-security-policy') ?? '';
  const ancestors = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.toLowerCase().startsWith('frame-ancestors'));
  if (ancestors === undefined) return true;
  const sources = ancestors.split(/\s+/).slice(1);
  // A page of this site may frame it if 'self' (or '*') is listed; 'none' or other hosts refuse.
  return sources.includes("'self'") || sources.includes('*');
};
