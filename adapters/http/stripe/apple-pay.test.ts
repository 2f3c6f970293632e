import Hapi from '@hapi/hapi';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { throwawayCertificates } from '../../../test/stand-ins/throwaway-certificates.ts';
import { csrfPlugin } from '../csrf.ts';
import { errorFormatPlugin } from '../error-format.ts';
import { APPLE_PAY_VALIDATION_FAILED } from '../contract/wallets.ts';
import { applePayRoute, isAppleValidationUrl, type ApplePayOptions } from './apple-pay.ts';

// Apple Pay merchant validation against a local https stand-in of Apple's gateway that, like
// Apple, only talks to a client presenting the merchant identity certificate.

const certificates = throwawayCertificates('foyer-applepay-');
const file = certificates.file;
const selfSigned = certificates.make;

let apple: https.Server;
let applePort: number;
const received: { body: unknown; clientCert: string | null }[] = [];
let appleAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  selfSigned('apple', '127.0.0.1', 'IP:127.0.0.1');
  selfSigned('merchant', 'merchant.test.foyer');
  selfSigned('stranger', 'someone.else');
  apple = https.createServer(
    {
      cert: readFileSync(file('apple.crt')),
      key: readFileSync(file('apple.key')),
      ca: readFileSync(file('merchant.crt')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        received.push({ body: JSON.parse(body), clientCert: String(peer?.subject?.CN ?? '') || null });
        res.writeHead(appleAnswer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(appleAnswer.body));
      });
    },
  );
  await new Promise<void>((resolve) => apple.listen(0, '127.0.0.1', resolve));
  applePort = (apple.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => apple?.close(resolve));
  certificates.remove();
});

const serverWith = async (overrides: Partial<ApplePayOptions> = {}) => {
  const server = Hapi.server();
  await server.register([{ plugin: errorFormatPlugin }, { plugin: csrfPlugin, options: { secure: false } }]);
  server.route(
    applePayRoute({
      merchantId: 'merchant.test.foyer',
      certFile: file('merchant.crt'),
      keyFile: file('merchant.key'),
      domain: 'tickets.foyer.test',
      displayName: 'Foyer Box Office',
      // Apple's host is checked first; the request then goes to the local stand-in.
      endpointFor: (url) => new URL(`${url.pathname}${url.search}`, `https://127.0.0.1:${applePort}`),
      ca: readFileSync(file('apple.crt')),
      ...overrides,
    }),
  );
  await server.initialize();
  return server;
};

const validate = async (server: Hapi.Server, validationURL: string) => {
  const res = await server.inject({
    method: 'POST',
    url: '/api/applepay/validatemerchantsession',
    payload: { validationURL },
    // The double-submit token a browser holds from an earlier answer (adapters/http/csrf.ts).
    headers: { cookie: `foyer_csrf=${csrfToken}`, 'x-csrf-token': csrfToken },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) };
};

const csrfToken = randomBytes(32).toString('base64url');
const APPLE_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

describe('Apple Pay merchant validation', () => {
  test("Apple's validation hosts are the only ones accepted", () => {
    for (const ok of [
      APPLE_URL,
      'https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway-pr-pod1.apple.com/paymentservices/paymentSession',
      'https://cn-apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://cn-apple-pay-gateway-sh-pod2.apple.com/paymentservices/startSession',
    ])
      expect(isAppleValidationUrl(ok), ok).toBe(true);
    for (const bad of [
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com:8443/x',
      'https://apple-pay-gateway.apple.com.evil.test/x',
      'https://evil.test/apple-pay-gateway.apple.com',
      'https://user:pw@apple-pay-gateway.apple.com/x',
      'https://apple.com/x',
      'not a url',
    ])
      expect(isAppleValidationUrl(bad), bad).toBe(false);
  });

  test('the merchant session comes back from Apple, asked for with the merchant certificate', async () => {
    const session = {
      epochTimestamp: 1790000000000,
      merchantSessionIdentifier: 'SSH-test',
      signature: 'abc',
    };
    appleAnswer = { status: 200, body: session };
    received.length = 0;
    const answer = await validate(await serverWith(), APPLE_URL);
    expect(answer).toEqual({ status: 200, body: session });
    expect(received).toEqual([
      {
        clientCert: 'merchant.test.foyer',
        body: {
          merchantIdentifier: 'merchant.test.foyer',
          displayName: 'Foyer Box Office',
          initiative: 'web',
          initiativeContext: 'tickets.foyer.test',
        },
      },
    ]);
  });

  test('Apple refusing answers 400 with the catalogue message', async () => {
    appleAnswer = {
      status: 400,
      body: { statusMessage: 'Payment Services Exception merchantId=... unknown' },
    };
    expect(await validate(await serverWith(), APPLE_URL)).toEqual({
      status: 400,
      body: { Message: APPLE_PAY_VALIDATION_FAILED },
    });
  });

  test('a certificate Apple does not know fails the same way', async () => {
    appleAnswer = { status: 200, body: { merchantSessionIdentifier: 'never' } };
    const server = await serverWith({ certFile: file('stranger.crt'), keyFile: file('stranger.key') });
    expect((await validate(server, APPLE_URL)).body).toEqual({ Message: APPLE_PAY_VALIDATION_FAILED });
  });

  test('a URL that is not Apple is never contacted', async () => {
    received.length = 0;
    const server = await serverWith();
    expect(await validate(server, `https://127.0.0.1:${applePort}/paymentservices/startSession`)).toEqual({
      status: 400,
      body: { Message: APPLE_PAY_VALIDATION_FAILED },
    });
    expect(received).toEqual([]);
  });

  test('without Apple Pay configuration the validation fails with the catalogue message', async () => {
    const server = await serverWith({ merchantId: undefined });
    expect((await validate(server, APPLE_URL)).body).toEqual({ Message: APPLE_PAY_VALIDATION_FAILED });
  });
});
