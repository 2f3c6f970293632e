import { Effect } from 'effect';
import { GatewayUnavailable } from '../../core/payments/ports.ts';

// PayPal's REST API over fetch (Orders v2, Payments v2, OAuth2 client credentials). Not the
// official @paypal/paypal-server-sdk: its client only knows PayPal's two hosts (Environment
// Production or Sandbox, no base URL setting), so it cannot be pointed at a local stand-in.

export interface PayPalSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or a stand-in. */
  readonly apiBase: string;
}

export interface PayPalAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** PayPal's first issue code of an error answer (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ...). */
export const issueOf = (answer: PayPalAnswer): string | null => {
  const details = answer.body.details as { issue?: string }[] | undefined;
  return details?.[0]?.issue ?? null;
};

const unavailable = (detail: string) => new GatewayUnavailable({ gateway: 'PayPal', detail });

const TIMEOUT_MS = 20_000;

export const payPalClient = (settings: PayPalSettings) => {
  let token: { value: string; until: number } | null = null;

  const fetchToken = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await fetch(new URL('/v1/oauth2/token', settings.apiBase), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new Error(`PayPal token answered ${res.status}`);
    // Renewed a minute early, so a token never expires between our check and PayPal's.
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  };

  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    requestId: string | undefined,
  ): Promise<PayPalAnswer> => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(new URL(path, settings.apiBase), {
        method,
        headers: {
          authorization: `Bearer ${await fetchToken()}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // A token PayPal has revoked early: fetch a new one once.
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const answer = {
        status: res.status,
        body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
      };
      if (res.status >= 500) throw new Error(`PayPal ${method} ${path} answered ${res.status}`);
      return answer;
    }
  };

  /**
   * One call; a 5xx, a timeout or no connection is GatewayUnavailable (nothing known to have
   * happened), a 4xx comes back for the caller to read. POSTs carry PayPal-Request-Id so a
   * retry with the same id is answered, not done again.
   */
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) =>
    Effect.tryPromise({
      try: () => send(method, path, body, requestId),
      catch: (error) => unavailable(error instanceof Error ? error.message : String(error)),
    });

  return { call };
};

export type PayPalClient = ReturnType<typeof payPalClient>;
