import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback stand-in of WorldPay's XML payment service and hosted payment page (WPG hosted
// integration): an XML order answers a page URL; the page (GET /hpp) plays the shopper's
// choice and redirects to the merchant's result URL with orderKey, paymentStatus,
// paymentAmount, paymentCurrency and mac2 (HMAC-SHA256 of orderKey:paymentAmount:
// paymentCurrency:paymentStatus with the MAC secret; a cancel signs orderKey:orderAmount:
// orderCurrency). `shopper=BADMAC` signs with a wrong secret, for the test that must refuse it.

export type ShopperChoice = 'AUTHORISED' | 'REFUSED' | 'CANCEL' | 'BADMAC';

interface StandInOrder {
  orderCode: string;
  orderKey: string;
  amount: number;
  currency: string;
  installationId: string;
  lastEvent: string | null;
  refunded: number;
}

export interface WorldPayStandIn {
  /** The XML service URL (WORLDPAY_URL). */
  readonly serviceUrl: string;
  readonly orders: Map<string, StandInOrder>;
  close(): Promise<void>;
}

const ADMIN_CODE = 'FOYERADMIN';

const attr = (xml: string, element: string, name: string) =>
  new RegExp(`<${element}\\s[^>]*\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? null;

const reply = (merchantCode: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE paymentService PUBLIC "-//WorldPay//DTD WorldPay PaymentService v1//EN" "http://dtd.worldpay.com/paymentService_v1.dtd">\n<paymentService version="1.4" merchantCode="${merchantCode}">${inner}</paymentService>`;

const error = (merchantCode: string, code: string, message: string) =>
  reply(merchantCode, `<reply><error code="${code}"><![CDATA[${message}]]></error></reply>`);

export const startWorldPayStandIn = async (account: {
  merchantCode: string;
  xmlPassword: string;
  installationId: string;
  macSecret: string;
}): Promise<WorldPayStandIn> => {
  const orders = new Map<string, StandInOrder>();
  const mac = (secret: string, fields: string[]) =>
    createHmac('sha256', secret).update(fields.join(':')).digest('hex');

  const xmlService = (auth: string, body: string): { status: number; body: string } => {
    const expected =
      'Basic ' + Buffer.from(`${account.merchantCode}:${account.xmlPassword}`).toString('base64');
    if (auth !== expected) return { status: 401, body: 'Unauthorized' };
    const m = account.merchantCode;
    if (attr(body, 'paymentService', 'merchantCode') !== m)
      return { status: 200, body: error(m, '4', 'Security violation') };
    if (body.includes('<submit>')) {
      const orderCode = attr(body, 'order', 'orderCode');
      const installationId = attr(body, 'order', 'installationId');
      const value = attr(body, 'amount', 'value');
      const currency = attr(body, 'amount', 'currencyCode');
      if (!orderCode || !value || !currency || attr(body, 'amount', 'exponent') !== '2')
        return { status: 200, body: error(m, '5', 'XML failed validation') };
      if (installationId !== account.installationId)
        return { status: 200, body: error(m, '4', 'Invalid installation') };
      if (orders.has(orderCode)) return { status: 200, body: error(m, '5', 'Duplicate Order') };
      const orderKey = `${ADMIN_CODE}^${m}^${orderCode}`;
      orders.set(orderCode, {
        orderCode,
        orderKey,
        amount: Number(value),
        currency,
        installationId,
        lastEvent: null,
        refunded: 0,
      });
      const page = `${serviceBase}/hpp?OrderKey=${encodeURIComponent(orderKey)}&Ticket=${randomBytes(8).toString('hex')}`;
      return {
        status: 200,
        body: reply(
          m,
          `<reply><orderStatus orderCode="${orderCode}"><reference id="${randomBytes(4).readUInt32BE()}">${page.replaceAll('&', '&amp;')}</reference></orderStatus></reply>`,
        ),
      };
    }
    const inquired = attr(body, 'orderInquiry', 'orderCode');
    if (inquired) {
      const order = orders.get(inquired);
      if (!order) return { status: 200, body: error(m, '5', 'Could not find payment for order') };
      const payment = order.lastEvent
        ? `<payment><paymentMethod>VISA-SSL</paymentMethod><amount value="${order.amount}" currencyCode="${order.currency}" exponent="2" debitCreditIndicator="credit"/><lastEvent>${order.lastEvent}</lastEvent></payment>`
        : '';
      return {
        status: 200,
        body: reply(m, `<reply><orderStatus orderCode="${inquired}">${payment}</orderStatus></reply>`),
      };
    }
    const modified = attr(body, 'orderModification', 'orderCode');
    if (modified && body.includes('<cancelOrRefund/>')) {
      const order = orders.get(modified);
      if (!order) return { status: 200, body: error(m, '5', 'Order not found') };
      order.lastEvent = 'CANCELLED';
      return {
        status: 200,
        body: reply(m, `<reply><ok><voidReceived orderCode="${modified}"/></ok></reply>`),
      };
    }
    if (modified && body.includes('<refund>')) {
      const order = orders.get(modified);
      const value = Number(attr(body, 'amount', 'value'));
      if (!order || !['AUTHORISED', 'CAPTURED', 'SETTLED'].includes(order.lastEvent ?? ''))
        return { status: 200, body: error(m, '5', 'Order not in a refundable state') };
      if (order.refunded + value > order.amount)
        return { status: 200, body: error(m, '5', 'Refund exceeds the amount') };
      order.refunded += value;
      return {
        status: 200,
        body: reply(
          m,
          `<reply><ok><refundReceived orderCode="${modified}"><amount value="${value}" currencyCode="${order.currency}" exponent="2"/></refundReceived></ok></reply>`,
        ),
      };
    }
    return { status: 200, body: error(m, '5', 'Unsupported request') };
  };

  /** The hosted page: the shopper pays (or not), WorldPay redirects to the result URL. */
  const hostedPage = (url: URL): { status: number; location?: string; body?: string } => {
    const order = [...orders.values()].find((o) => o.orderKey === url.searchParams.get('OrderKey'));
    if (!order) return { status: 404, body: 'Unknown order' };
    const choice = (url.searchParams.get('shopper') ?? 'AUTHORISED') as ShopperChoice;
    const target = url.searchParams.get(
      choice === 'CANCEL' ? 'cancelURL' : choice === 'REFUSED' ? 'failureURL' : 'successURL',
    );
    if (!target) return { status: 400, body: 'No result URL' };
    const result = new URL(target);
    const amount = String(order.amount);
    result.searchParams.set('orderKey', order.orderKey);
    if (choice === 'CANCEL') {
      order.lastEvent = 'CANCELLED';
      result.searchParams.set('orderAmount', amount);
      result.searchParams.set('orderCurrency', order.currency);
      result.searchParams.set('mac2', mac(account.macSecret, [order.orderKey, amount, order.currency]));
    } else {
      const status = choice === 'REFUSED' ? 'REFUSED' : 'AUTHORISED';
      order.lastEvent = status;
      result.searchParams.set('paymentStatus', status);
      result.searchParams.set('paymentAmount', amount);
      result.searchParams.set('paymentCurrency', order.currency);
      const secret = choice === 'BADMAC' ? `${account.macSecret}-wrong` : account.macSecret;
      result.searchParams.set('mac2', mac(secret, [order.orderKey, amount, order.currency, status]));
    }
    return { status: 302, location: result.toString() };
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', serviceBase);
      if (req.method === 'GET' && url.pathname === '/hpp') {
        const answer = hostedPage(url);
        res.writeHead(
          answer.status,
          answer.location ? { location: answer.location } : { 'content-type': 'text/plain' },
        );
        res.end(answer.body ?? '');
        return;
      }
      if (req.method === 'POST' && url.pathname === '/jsp/merchant/xml/paymentService.jsp') {
        const answer = xmlService(req.headers.authorization ?? '', raw);
        res.writeHead(answer.status, { 'content-type': 'text/xml' });
        res.end(answer.body);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const serviceBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    serviceUrl: `${serviceBase}/jsp/merchant/xml/paymentService.jsp`,
    orders,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
};
