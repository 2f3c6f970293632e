import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { throwawayCertificates } from '../throwaway-certificates.ts';

// A local stand-in for Apple Pay's merchant validation gateway (apple-pay-gateway.apple.com,
// POST /paymentservices/startSession), for browser tests of the wallet. Like Apple it speaks
// TLS only, talks only to a client presenting the merchant identity certificate, and answers an
// opaque merchant session for the page's session.completeMerchantValidation. It makes its own
// throw-away certificates (openssl): its TLS one for 127.0.0.1, and a merchant identity.
// `env` is what Foyer needs to use it (APPLE_PAY_* with APPLE_PAY_VALIDATION_ORIGIN).

export interface ValidationRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** The client certificate's subject CN: the merchant identity Foyer presented. */
  readonly clientCert: string | null;
}

export interface ApplePayStandIn {
  readonly origin: string;
  readonly merchantId: string;
  readonly env: Record<string, string>;
  readonly received: ValidationRequest[];
  /** The next `count` validations are refused as Apple refuses an unknown merchant. */
  refuseNext(count?: number): void;
  close(): Promise<void>;
}

const MERCHANT_ID = 'merchant.test.foyer';

export const startApplePayStandIn = async (
  options: { domain?: string; displayName?: string } = {},
): Promise<ApplePayStandIn> => {
  const certificates = throwawayCertificates('foyer-applepay-');
  const file = certificates.file;
  const selfSigned = certificates.make;
  selfSigned('gateway', '127.0.0.1', 'IP:127.0.0.1');
  selfSigned('merchant', MERCHANT_ID);

  const received: ValidationRequest[] = [];
  let refusing = 0;
  const server = https.createServer(
    {
      cert: readFileSync(file('gateway.crt')),
      key: readFileSync(file('gateway.key')),
      ca: readFileSync(file('merchant.crt')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // answered below as a bad request
        }
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        received.push({ path: req.url ?? '', body, clientCert: String(peer?.subject?.CN ?? '') || null });
        const json = (status: number, answer: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        };
        if (req.method !== 'POST' || req.url !== '/paymentservices/startSession')
          return json(404, { statusMessage: 'Not found', statusCode: '404' });
        if (refusing > 0 || body.merchantIdentifier !== MERCHANT_ID) {
          refusing = Math.max(0, refusing - 1);
          return json(400, {
            statusMessage: `Payment Services Exception merchantId=${String(body.merchantIdentifier)} unauthorized`,
            statusCode: '400',
          });
        }
        const now = Date.now();
        // Apple's merchant session: opaque to the merchant, handed to the page as is.
        json(200, {
          epochTimestamp: now,
          expiresAt: now + 60 * 60 * 1000,
          merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
          nonce: randomBytes(4).toString('hex'),
          merchantIdentifier: randomBytes(32).toString('hex').toUpperCase(),
          domainName: body.initiativeContext,
          displayName: body.displayName,
          signature: randomBytes(96).toString('base64'),
          operationalAnalyticsIdentifier: `${String(body.displayName)}:${randomBytes(8).toString('hex')}`,
          retries: 0,
        });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    merchantId: MERCHANT_ID,
    env: {
      APPLE_PAY_MERCHANT_ID: MERCHANT_ID,
      APPLE_PAY_CERT_FILE: file('merchant.crt'),
      APPLE_PAY_KEY_FILE: file('merchant.key'),
      APPLE_PAY_DOMAIN: options.domain ?? '127.0.0.1',
      ...(options.displayName ? { APPLE_PAY_DISPLAY_NAME: options.displayName } : {}),
      APPLE_PAY_VALIDATION_ORIGIN: origin,
      APPLE_PAY_VALIDATION_CA_FILE: file('gateway.crt'),
    },
    received,
    refuseNext: (count = 1) => void (refusing = count),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      certificates.remove();
    },
  };
};
