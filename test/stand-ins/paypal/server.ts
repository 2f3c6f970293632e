import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback stand-in of the few PayPal REST endpoints Foyer calls (Orders v2, Payments v2,
// OAuth2 client credentials), with PayPal's answer shapes and its rules that matter here:
// a capture needs the buyer's approval, PayPal-Request-Id makes a POST idempotent (the same id
// answers the first answer, nothing done twice), an order is captured at most once.

interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED';
  amount: { currency_code: string; value: string };
  refunds: { id: string; amount: { currency_code: string; value: string } }[];
}

interface Order {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: {
    reference_id?: string;
    custom_id?: string;
    amount: { currency_code: string; value: string };
  }[];
  capture: Capture | null;
  /** Set by the test: the buyer's funding source will be refused at capture. */
  declineAtCapture: boolean;
}

export interface PayPalStandIn {
  readonly url: string;
  readonly orders: Map<string, Order>;
  /** How many captures actually moved money (replays of a request id do not count). */
  captureCount(orderId: string): number;
  refundCount(): number;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** The buyer's funding source will be refused when the order is captured. */
  declineAtCapture(orderId: string): void;
  /** Every request seen, for asserting on headers (method, path, PayPal-Request-Id). */
  readonly requests: { method: string; path: string; requestId: string | undefined }[];
  close(): Promise<void>;
}

const id = (prefix: string) => prefix + randomBytes(8).toString('hex').toUpperCase();

const orderBody = (order: Order) => ({
  id: order.id,
  intent: 'CAPTURE',
  status: order.status,
  purchase_units: order.purchase_units.map((unit) => ({
    ...unit,
    ...(order.capture
      ? {
          payments: {
            captures: [{ id: order.capture.id, status: order.capture.status, amount: order.capture.amount }],
          },
        }
      : {}),
  })),
  links: [
    { rel: 'approve', href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, method: 'GET' },
  ],
});

const problem = (status: number, name: string, issue?: string) => ({
  status,
  body: { name, message: name, ...(issue ? { details: [{ issue, description: issue }] } : {}) },
});

export const startPayPalStandIn = async (credentials: {
  clientId: string;
  clientSecret: string;
}): Promise<PayPalStandIn> => {
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const moved = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  const requests: PayPalStandIn['requests'] = [];
  let refunds = 0;

  const handle = (method: string, path: string, auth: string, body: Record<string, unknown>) => {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected =
        'Basic ' + Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
      if (auth !== expected || body.grant_type !== 'client_credentials')
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      const token = id('A21AA');
      tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    if (!tokens.has(auth.replace(/^Bearer /, ''))) return problem(401, 'AUTHENTICATION_FAILURE');

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const units = body.purchase_units as Order['purchase_units'] | undefined;
      const amount = units?.[0]?.amount;
      if (body.intent !== 'CAPTURE' || !amount || !/^\d+\.\d{2}$/.test(amount.value))
        return problem(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      const order: Order = {
        id: id(''),
        status: 'CREATED',
        purchase_units: units,
        capture: null,
        declineAtCapture: false,
      };
      orders.set(order.id, order);
      return { status: 201, body: orderBody(order) };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(orderMatch[1]!);
      if (!order) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (method === 'GET' && !orderMatch[2]) return { status: 200, body: orderBody(order) };
      if (method === 'POST' && orderMatch[2]) {
        if (order.status === 'COMPLETED')
          return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        if (order.declineAtCapture) return problem(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
        const capture: Capture = {
          id: id('CAP'),
          status: 'COMPLETED',
          amount: order.purchase_units[0]!.amount,
          refunds: [],
        };
        order.capture = capture;
        order.status = 'COMPLETED';
        captures.set(capture.id, capture);
        moved.set(order.id, (moved.get(order.id) ?? 0) + 1);
        return { status: 201, body: orderBody(order) };
      }
    }
    const captureMatch = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(path);
    if (captureMatch) {
      const capture = captures.get(captureMatch[1]!);
      if (!capture) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const refunded = capture.refunds.reduce((sum, r) => sum + Number(r.amount.value), 0);
      const status =
        refunded === 0
          ? capture.status
          : refunded >= Number(capture.amount.value)
            ? 'REFUNDED'
            : 'PARTIALLY_REFUNDED';
      if (method === 'GET' && !captureMatch[2])
        return { status: 200, body: { id: capture.id, status, amount: capture.amount } };
      if (method === 'POST' && captureMatch[2]) {
        const amount = (body.amount as Capture['amount'] | undefined) ?? capture.amount;
        if (refunded + Number(amount.value) > Number(capture.amount.value) + 1e-9)
          return problem(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
        const refund = { id: id('REF'), amount };
        capture.refunds.push(refund);
        refunds++;
        return { status: 201, body: { id: refund.id, status: 'COMPLETED', amount } };
      }
    }
    return problem(404, 'NOT_FOUND');
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const method = req.method ?? 'GET';
      const query = new URL(req.url ?? '/', 'http://stand-in').searchParams;
      if (method === 'GET' && path === '/sdk/js') {
        // Like PayPal: an unknown client-id gets no SDK.
        const known = query.get('client-id') === credentials.clientId;
        res.writeHead(known ? 200 : 400, { 'content-type': 'text/javascript; charset=utf-8' });
        res.end(
          known
            ? readFileSync(new URL('./browser/sdk.js', import.meta.url), 'utf8')
            : 'throw new Error("PayPal SDK: client-id not recognized");',
        );
        return;
      }
      const approval = /^\/_test\/approve\/([A-Z0-9]+)$/.exec(path);
      if (method === 'POST' && approval) {
        const order = orders.get(approval[1]!);
        const ok = order !== undefined && query.get('client-id') === credentials.clientId;
        if (ok && order.status === 'CREATED') order.status = 'APPROVED';
        // The SDK calls from the merchant's page (another origin).
        res.writeHead(ok ? 200 : 404, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify(ok ? { id: order.id, status: order.status, payerID: 'STANDINPAYER1' } : {}));
        return;
      }
      const requestId = req.headers['paypal-request-id'] as string | undefined;
      requests.push({ method, path, requestId });
      const type = req.headers['content-type'] ?? '';
      const body: Record<string, unknown> = type.includes('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : raw
          ? (JSON.parse(raw) as Record<string, unknown>)
          : {};
      const key = requestId && method === 'POST' ? `${path} ${requestId}` : null;
      let reply = key ? replies.get(key) : undefined;
      if (!reply) {
        reply = handle(method, path, req.headers.authorization ?? '', body);
        // PayPal keeps the answer to a request id (success or not) and replays it.
        if (key && reply.status < 500) replies.set(key, reply);
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    captureCount: (orderId) => moved.get(orderId) ?? 0,
    refundCount: () => refunds,
    approve: (orderId) => {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no PayPal order ${orderId}`);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    declineAtCapture: (orderId) => {
      orders.get(orderId)!.declineAtCapture = true;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
