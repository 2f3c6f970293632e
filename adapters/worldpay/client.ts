import { Effect } from 'effect';
import { GatewayUnavailable } from '../../core/payments/ports.ts';

// One XML message to WorldPay's payment service, with the merchant's XML credentials (HTTP
// basic: merchant code and XML password). A 5xx, a timeout or no connection is
// GatewayUnavailable; WorldPay's own error replies come back as XML for the caller to read.

export interface WorldPaySettings {
  readonly merchantCode: string;
  readonly xmlPassword: string;
  readonly installationId: string;
  /** The installation's MAC secret: signs the return to our result URLs (mac2). */
  readonly macSecret: string;
  /** The XML service URL (secure-test... for test, secure... for live, or a stand-in). */
  readonly serviceUrl: string;
}

const TIMEOUT_MS = 20_000;

export const worldPayClient = (settings: WorldPaySettings) => {
  const basic = Buffer.from(`${settings.merchantCode}:${settings.xmlPassword}`).toString('base64');
  return {
    send: (xml: string) =>
      Effect.tryPromise({
        try: async () => {
          const res = await fetch(settings.serviceUrl, {
            method: 'POST',
            headers: { authorization: `Basic ${basic}`, 'content-type': 'text/xml; charset=utf-8' },
            body: xml,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const text = await res.text();
          if (!res.ok) throw new Error(`WorldPay answered ${res.status}`);
          return text;
        },
        catch: (error) =>
          new GatewayUnavailable({
            gateway: 'WorldPay',
            detail: error instanceof Error ? error.message : String(error),
          }),
      }),
  };
};
