import type { Plugin, Request } from '@hapi/hapi';
import { policySourcesOf, type BrowserGateways } from './browser-gateways.ts';

// Security headers on every response, errors included. The payment gateways' scripts (Stripe.js,
// the PayPal JS SDK) are allowed, with the frames and calls they make, only while the gateway is
// configured (adapters/http/browser-gateways.ts); everything else is this origin's own, and the
// storefront page's own inline script is allowed by its hash (static/storefront-page.ts).

const list = (sources: readonly string[]) => sources.map((s) => ` ${s}`).join('');

// The counter's point-of-sale bridge (bridge/) answers on the counter computer itself, and the
// staff screens call it (web/src/features/pos/bridge-rpc.ts); it answers only the origin it was
// paired with.
const POS_BRIDGE = ['https://localhost:*', 'https://127.0.0.1:*'];

export const contentSecurityPolicy = (
  gateways: BrowserGateways,
  /** Sources of inline scripts to allow ('sha256-...'). */
  scriptHashes: readonly string[] = [],
): string => {
  const extra = policySourcesOf(gateways);
  return [
    "default-src 'self'",
    `script-src 'self'${list(scriptHashes)}${list(extra.script)}`,
    "style-src 'self' 'unsafe-inline'", // Leaflet positions tiles and markers with inline styles
    `img-src 'self' data: blob:${list(extra.img)}`,
    "font-src 'self' data:",
    `connect-src 'self'${list(POS_BRIDGE)}${list(extra.connect)}`,
    ...(extra.frame.length > 0 ? [`frame-src 'self'${list(extra.frame)}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
};

const isHttps = (request: Request, publicUrl?: string) =>
  request.headers['x-forwarded-proto'] === 'https' ||
  request.server.info.protocol === 'https' ||
  (publicUrl?.startsWith('https:') ?? false);

export interface SecurityHeadersOptions {
  readonly publicUrl?: string;
  /** The gateways the payment page loads scripts for (none: the strict policy). */
  readonly gateways?: BrowserGateways;
  /** The hashes of the inline scripts the storefront's page holds, as it is now. */
  readonly scriptHashes?: () => readonly string[];
}

const noHashes: readonly string[] = [];

export const securityHeadersPlugin: Plugin<SecurityHeadersOptions> = {
  name: 'foyer-security-headers',
  register: (
    server,
    { publicUrl, gateways = { stripe: null, paypal: null }, scriptHashes = () => noHashes },
  ) => {
    // Built again only when the page's hash list is a new one (storefront-page.ts keeps it).
    let policy: { hashes: readonly string[]; csp: string } | undefined;
    const cspNow = () => {
      const hashes = scriptHashes();
      if (hashes !== policy?.hashes) policy = { hashes, csp: contentSecurityPolicy(gateways, hashes) };
      return policy.csp;
    };
    // PayPal's approval runs in a window the SDK opens and talks to: same-origin would cut it off.
    const opener = gateways.paypal ? 'same-origin-allow-popups' : 'same-origin';
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      const headers: Record<string, string> = {
        'content-security-policy': cspNow(),
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': opener,
        // The door's check-in page reads barcodes with the camera (web/src/features/checkin/).
        'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
      };
      if (isHttps(request, publicUrl))
        headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
      if ('isBoom' in response) Object.assign(response.output.headers, headers);
      else for (const [name, value] of Object.entries(headers)) response.header(name, value);
      return h.continue;
    });
  },
};
