import type { Plugin, Request } from '@hapi/hapi';

// Security headers on every response, errors included.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'", // Leaflet positions tiles and markers with inline styles
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const isHttps = (request: Request, publicUrl?: string) =>
  request.headers['x-forwarded-proto'] === 'https' ||
  request.server.info.protocol === 'https' ||
  (publicUrl?.startsWith('https:') ?? false);

export const securityHeadersPlugin: Plugin<{ publicUrl?: string }> = {
  name: 'foyer-security-headers',
  register: (server, { publicUrl }) => {
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      const headers: Record<string, string> = {
        'content-security-policy': CSP,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
      };
      if (isHttps(request, publicUrl))
        headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
      if ('isBoom' in response) Object.assign(response.output.headers, headers);
      else for (const [name, value] of Object.entries(headers)) response.header(name, value);
      return h.continue;
    });
  },
};
