import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import { defineRoute } from '../route.ts';
import {
  APPLE_PAY_VALIDATION_FAILED,
  MerchantSession,
  ValidateMerchantSessionRequest,
} from '../contract/wallets.ts';

// POST /api/applepay/validatemerchantsession: Apple Pay on the web asks the merchant's server
// to fetch a merchant session from the validation URL Apple gave the browser, authenticated by
// the merchant identity certificate. Only Apple's validation hosts are contacted (the URL comes
// from the browser). Any failure answers 400 with the catalogue's words; the web aborts the session.

/** Apple's documented merchant validation hosts (global and China pods). */
const APPLE_HOST = /^(?:cn-)?apple-pay-gateway(?:-[a-z0-9]+)*\.apple\.com$/;

export const isAppleValidationUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      !url.username &&
      !url.password &&
      APPLE_HOST.test(url.hostname)
    );
  } catch {
    return false;
  }
};

export interface ApplePayOptions {
  readonly merchantId: string | undefined;
  readonly certFile: string | undefined;
  readonly keyFile: string | undefined;
  readonly domain: string | undefined;
  readonly displayName: string;
  /** Tests: where the request really goes (a local stand-in), and the CA that signed it. */
  readonly endpointFor?: (validationUrl: URL) => URL;
  readonly ca?: string | Buffer;
  readonly log?: (detail: string) => void;
}

const postJson = (url: URL, body: unknown, tls: { cert: Buffer; key: Buffer; ca?: string | Buffer }) =>
  new Promise<unknown>((resolve, reject) => {
    const data = JSON.stringify(body);
    const request = https.request(
      url,
      {
        method: 'POST',
        cert: tls.cert,
        key: tls.key,
        ...(tls.ca ? { ca: tls.ca } : {}),
        timeout: 10_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            return reject(new Error(`Apple answered ${response.statusCode}: ${text.slice(0, 200)}`));
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new Error('Apple answered something that is not JSON'));
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('Apple did not answer in time')));
    request.on('error', reject);
    request.end(data);
  });

export const applePayRoute = (options: ApplePayOptions): ServerRoute => {
  let identity: Promise<{ cert: Buffer; key: Buffer }> | undefined;
  const failed = (detail: string) => {
    options.log?.(`Apple Pay merchant validation: ${detail}`);
    return Boom.badRequest(APPLE_PAY_VALIDATION_FAILED);
  };
  return defineRoute({
    method: 'POST',
    path: '/api/applepay/validatemerchantsession',
    summary: 'Fetch an Apple Pay merchant session from Apple for the browser',
    tags: ['payments'],
    payload: ValidateMerchantSessionRequest,
    response: MerchantSession,
    handler: async ({ payload }) => {
      const { merchantId, certFile, keyFile, domain } = options;
      if (!merchantId || !certFile || !keyFile || !domain) throw failed('Apple Pay is not configured');
      if (!isAppleValidationUrl(payload.validationURL)) throw failed(`refused URL ${payload.validationURL}`);
      identity ??= Promise.all([readFile(certFile), readFile(keyFile)]).then(([cert, key]) => ({
        cert,
        key,
      }));
      try {
        const tls = await identity;
        const target =
          options.endpointFor?.(new URL(payload.validationURL)) ?? new URL(payload.validationURL);
        const session = await postJson(
          target,
          {
            merchantIdentifier: merchantId,
            displayName: options.displayName,
            initiative: 'web',
            initiativeContext: domain,
          },
          { ...tls, ca: options.ca },
        );
        if (!session || typeof session !== 'object' || Array.isArray(session))
          throw new Error('not a session object');
        return session;
      } catch (error) {
        identity = undefined; // a certificate fixed on disk is read again
        throw failed(error instanceof Error ? error.message : String(error));
      }
    },
  });
};
