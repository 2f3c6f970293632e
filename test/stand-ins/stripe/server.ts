import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseForm } from './form.ts';
import { StripeModel, type Answer } from './model.ts';
import { stripeError, type PaymentIntent } from './objects.ts';
import { TerminalModel, terminalRoutes } from './terminal.ts';

// A local stand-in for the few Stripe endpoints Foyer uses, for the real `stripe` SDK pointed at
// it (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`). Loopback only.
// Like Stripe: form-encoded bodies, Bearer secret keys, Idempotency-Key replays (same key, same
// answer; another request under a used key is an idempotency_error), Stripe-shaped errors.
// For browser tests it also serves a small Stripe.js look-alike (GET /v3/, browser/stripe-v3.js)
// whose card frame and 3-D Secure step call the publishable-key endpoints below.
// Apple Pay tokens become card tokens (POST /v1/tokens with pk_token...) and payment methods.
// Test controls: answer 429 to the next N calls, finish 3-D Secure or Afterpay as the buyer would.
// Standalone: `node test/stand-ins/stripe/server.ts [port]` prints the port; the same controls
// are under /_test/ (see testRoutes).

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
  readonly status: number;
  readonly replayed: boolean;
  /** The request's parameters as the API read them (form body or query). */
  readonly params: Record<string, unknown>;
}

export interface StripeStandIn {
  readonly port: number;
  readonly url: string;
  /** Options for `new Stripe(key, ...)`. */
  readonly sdkOptions: { host: string; port: number; protocol: 'http'; maxNetworkRetries: 0 };
  /** What Foyer's configuration needs to use it (STRIPE_SECRET_KEY and STRIPE_API_*). */
  readonly env: Record<string, string>;
  readonly model: StripeModel;
  /** Terminal's locations and simulated readers (terminal.ts); a reader's `status` may be set offline. */
  readonly terminal: TerminalModel;
  readonly requests: LoggedRequest[];
  /** The next `count` API calls answer 429 (rate limited). */
  rateLimitNext(count: number): void;
  /** While on, every API call answers 503 as Stripe does during an incident; nothing is done. */
  outage(on: boolean): void;
  /** The buyer finishes 3-D Secure: succeed, fail, or leave the intent to be confirmed. */
  authenticate(paymentIntentId: string, result?: 'succeed' | 'fail' | 'confirm'): void;
  /** The buyer approves (or declines) the instalments on Afterpay's page. */
  authorizeAfterpay(paymentIntentId: string, approve?: boolean): void;
  /** API calls made (replays and 429s included) to a path, e.g. ('POST', '/v1/payment_intents'). */
  calls(method: string, path: string): LoggedRequest[];
  close(): Promise<void>;
}

type Route = {
  method: string;
  pattern: RegExp;
  run: (m: RegExpExecArray, params: Record<string, unknown>) => Answer;
};

const routes = (model: StripeModel): Route[] => [
  { method: 'GET', pattern: /^\/v1\/payment_intents\/search$/, run: (_m, q) => model.searchIntents(q) },
  { method: 'POST', pattern: /^\/v1\/payment_intents$/, run: (_m, p) => model.createIntent(p) },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    run: (m, q) => model.retrieveIntent(m[1]!, q),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    run: (m, p) => model.confirmIntent(m[1]!, p),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/capture$/,
    run: (m, p) => model.captureIntent(m[1]!, p),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    run: (m, p) => model.cancelIntent(m[1]!, p),
  },
  { method: 'POST', pattern: /^\/v1\/customers$/, run: (_m, p) => model.createCustomer(p) },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    run: (m, q) => model.customerPaymentMethods(m[1]!, q),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    run: (m) => model.retrievePaymentMethod(m[1]!),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    run: (m) => model.detachPaymentMethod(m[1]!),
  },
  { method: 'POST', pattern: /^\/v1\/refunds$/, run: (_m, p) => model.createRefund(p) },
  { method: 'POST', pattern: /^\/v1\/tokens$/, run: (_m, p) => model.createApplePayToken(p) },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods$/,
    run: (_m, p) => model.createPaymentMethodFromToken(p),
  },
];

/**
 * What Stripe.js may do with a publishable key: make a card, read an intent it has the client
 * secret of, confirm an Afterpay intent with that secret.
 */
const publishableRoutes = (model: StripeModel): Route[] => [
  { method: 'POST', pattern: /^\/v1\/payment_methods$/, run: (_m, p) => model.createCardPaymentMethod(p) },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    run: (m, p) => model.confirmIntentForClient(m[1]!, p),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    run: (m, q) => model.retrieveIntentForClient(m[1]!, q),
  },
];

const browserFile = (name: string) => readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
const PUBLISHABLE_KEY = /^pk_test_\w+$/;

// Like Stripe: the secret key as a Bearer token, or as the user name of Basic auth (curl -u sk_test_...:).
const TEST_KEY = /^(sk|rk)_test_\w+$/;
const apiKeyOf = (header: string | undefined) => {
  if (header?.startsWith('Bearer ')) return header.slice(7);
  if (header?.startsWith('Basic '))
    return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
};

const send = (res: http.ServerResponse, answer: Answer, headers: Record<string, string> = {}) => {
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'request-id': `req_${Date.now()}`,
    ...headers,
  });
  res.end(JSON.stringify(answer.body));
};

/** The bank's answer inside Stripe.js's 3-D Secure frame: tell the page's Stripe.js it is over. */
const embeddedDone = (id: string, result: string) => `<!doctype html><meta charset="utf-8">
<title>Authentication complete</title><p>Authentication complete (${result}) for ${id}.</p>
<script>parent.postMessage({ source: 'stripe-stand-in', type: '3ds-complete', payload: { result: ${JSON.stringify(
  result,
)} } }, '*');</script>`;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const page = (
  id: string,
  kind: '3ds' | 'afterpay',
  pi: PaymentIntent | undefined,
) => `<!doctype html><meta charset="utf-8">
<title>${kind === '3ds' ? 'Authenticate payment' : 'Afterpay'} (Stripe stand-in)</title>
<h1>${kind === '3ds' ? '3-D Secure test page' : 'Afterpay test page'}</h1><p>Payment ${escape(id)}${
  pi ? `: ${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}` : ''
}</p>
<form method="post"><button name="result" value="${kind === '3ds' ? 'succeed' : 'approve'}">Complete</button>
<button name="result" value="fail">Fail</button></form>`;

/**
 * Where Stripe sends the buyer back after a redirect (3-D Secure, Afterpay): the return_url with
 * payment_intent, payment_intent_client_secret and redirect_status added: succeeded when the step
 * went through (the intent succeeded, waits for capture or for the server's confirmation), else failed.
 */
export const returnUrlOf = (returnUrl: string, pi: PaymentIntent): string => {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', pi.id);
  url.searchParams.set('payment_intent_client_secret', pi.client_secret);
  url.searchParams.set(
    'redirect_status',
    ['succeeded', 'requires_capture', 'requires_confirmation', 'processing'].includes(pi.status)
      ? 'succeeded'
      : 'failed',
  );
  return url.toString();
};

export const startStripeStandIn = async (options: { port?: number } = {}): Promise<StripeStandIn> => {
  let base = '';
  const model = new StripeModel(() => base);
  const terminal = new TerminalModel(model);
  const table = [...routes(model), ...terminalRoutes(terminal)];
  const publicTable = publishableRoutes(model);
  const requests: LoggedRequest[] = [];
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  let rateLimited = 0;
  let down = false;

  const testRoutes = (
    method: string,
    path: string,
    params: Record<string, unknown>,
    res: http.ServerResponse,
  ): boolean => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/_test/rate_limit') {
      rateLimited = Number(params.count ?? 1);
      send(res, { status: 200, body: { rateLimited } });
    } else if ((m = /^\/_test\/(3ds|afterpay)\/([^/]+)$/.exec(path))) {
      const [, kind, id] = m as unknown as [string, '3ds' | 'afterpay', string];
      if (method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page(id, kind, model.intents.get(id)));
        return true;
      }
      const result = String(params.result ?? 'succeed');
      const answer =
        kind === '3ds'
          ? model.authenticate(id, result as 'succeed' | 'fail' | 'confirm')
          : model.authorizeAfterpay(id, result !== 'fail');
      const pi = model.intents.get(id);
      const back = pi?.return_url;
      if (params.embedded) {
        res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(embeddedDone(id, result));
      } else if (pi && back && answer.status === 200 && !String(params.json ?? '')) {
        res.writeHead(303, { location: returnUrlOf(back, pi) });
        res.end();
      } else send(res, answer);
    } else return false;
    return true;
  };

  const browserRoutes = (method: string, path: string, res: http.ServerResponse): boolean => {
    if (method !== 'GET') return false;
    if (path === '/v3' || path === '/v3/') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(browserFile('stripe-v3.js'));
    } else if (path === '/v3/elements-inner-card.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(browserFile('elements-inner-card.html'));
    } else return false;
    return true;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params =
        method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
      if (browserRoutes(method, url.pathname, res)) return;
      if (
        url.pathname.startsWith('/_test/') &&
        testRoutes(method, url.pathname, { ...parseForm(url.search.slice(1)), ...params }, res)
      )
        return;
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const log = (status: number, replayed = false) =>
        requests.push({ method, path: url.pathname, idempotencyKey: key, status, replayed, params });
      const apiKey = apiKeyOf(req.headers.authorization) || String(params.key ?? '');
      const publishable = PUBLISHABLE_KEY.test(apiKey);
      // Stripe.js calls from the merchant's page (another origin): Stripe answers them with CORS.
      const cors: Record<string, string> = publishable ? { 'access-control-allow-origin': '*' } : {};
      if (!publishable && !TEST_KEY.test(apiKey)) {
        log(401);
        return send(
          res,
          stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }),
        );
      }
      if (down) {
        log(503);
        return send(
          res,
          stripeError(503, { type: 'api_error', message: 'Stripe is temporarily unavailable.' }),
          cors,
        );
      }
      if (rateLimited > 0) {
        // Nothing was done: Stripe does not keep a 429 under the idempotency key.
        rateLimited--;
        log(429);
        return send(
          res,
          stripeError(429, {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Request rate limit exceeded.',
          }),
          cors,
        );
      }
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const earlier = method === 'POST' && key ? replays.get(key) : undefined;
      if (earlier) {
        const answer =
          earlier.fingerprint === fingerprint
            ? earlier.answer
            : stripeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
              });
        log(answer.status, earlier.fingerprint === fingerprint);
        return send(res, answer, { 'idempotent-replayed': 'true' });
      }
      const route = (publishable ? publicTable : table).find(
        (r) => r.method === method && r.pattern.test(url.pathname),
      );
      const answer: Answer = route
        ? route.run(route.pattern.exec(url.pathname)!, params)
        : stripeError(404, {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${url.pathname}).`,
          });
      // Snapshot the answer: later changes to the objects must not alter a replay.
      const frozen: Answer = { status: answer.status, body: JSON.parse(JSON.stringify(answer.body)) };
      if (method === 'POST' && key) replays.set(key, { fingerprint, answer: frozen });
      log(answer.status);
      send(res, frozen, cors);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const must = (answer: Answer) => {
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  };
  return {
    port,
    url: base,
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    env: {
      STRIPE_SECRET_KEY: 'sk_test_foyer',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    model,
    terminal,
    requests,
    rateLimitNext: (count) => void (rateLimited = count),
    outage: (on) => void (down = on),
    authenticate: (id, result = 'succeed') => must(model.authenticate(id, result)),
    authorizeAfterpay: (id, approve = true) => must(model.authorizeAfterpay(id, approve)),
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standIn = await startStripeStandIn({ port: process.argv[2] ? Number(process.argv[2]) : 0 });
  console.log(
    `Stripe stand-in on ${standIn.url} (STRIPE_API_HOST=127.0.0.1 STRIPE_API_PORT=${standIn.port} STRIPE_API_PROTOCOL=http)`,
  );
}
