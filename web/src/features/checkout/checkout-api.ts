import { z } from 'zod';
import { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import {
  Confirmation,
  ConsumerPaymentTypes,
  OfflineToken,
  type CheckoutRequest,
} from '../../../../adapters/http/contract/checkout.ts';
import { AfterpayIntent, AfterpayIntentState } from '../../../../adapters/http/contract/wallets.ts';
import { csrfHeaders } from '../../api/csrf-token.ts';
import { getJson } from '../../api/get-json.ts';
import { sendJson } from '../../api/send-json.ts';
import { checkoutOutcomeOf, messageIn, type CheckoutOutcome } from './checkout-outcome.ts';

// The payment page's calls (spec 001 section 7, checkout and payments), with the contract's
// schemas. The card number goes only to the card processor's tokenise call (the offline
// processor's stand-in for Stripe.js); the checkout gets the token, brand, BIN and last 4.

export type { CheckoutRequest };
export type ConfirmationData = z.infer<typeof Confirmation>;

let accountInformation: Promise<AccountInformation> | undefined;
/** GET /api/accountInformation, once per page load (a failure is asked again next time). */
export const fetchAccountInformation = (): Promise<AccountInformation> => {
  accountInformation ??= getJson('/api/accountInformation', AccountInformation).catch((error: unknown) => {
    accountInformation = undefined;
    throw error;
  });
  return accountInformation;
};

/** GET /api/paymentmethods/consumerPaymentTypes: the ways this basket may be paid. */
export const fetchConsumerPaymentTypes = (eventTemplateIds: readonly number[], signal?: AbortSignal) => {
  const query = new URLSearchParams();
  for (const id of eventTemplateIds) query.append('eventTemplateIds', String(id));
  const text = query.toString();
  return getJson(
    `/api/paymentmethods/consumerPaymentTypes${text ? `?${text}` : ''}`,
    ConsumerPaymentTypes,
    signal,
  );
};

export type TokenResult =
  | { readonly ok: true; readonly token: z.infer<typeof OfflineToken> }
  | {
      readonly ok: false;
      readonly status: number;
      readonly message: string | null;
      readonly fields: string[];
    };

/** A JSON POST with the CSRF header, answered as status and body (status 0: not reached). */
const post = async (path: string, body: unknown): Promise<{ status: number; body: unknown }> => {
  if (Object.keys(csrfHeaders()).length === 0)
    await fetch('/healthz', { credentials: 'same-origin' }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...csrfHeaders() },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { status: 0, body: null };
  }
  const text = await response.text().catch(() => '');
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
};

/**
 * POST /api/offline/tokens: the card becomes a token (the offline processor, test mode). A 400
 * names the card fields it refused (number, expMonth/expYear, cvc).
 */
export const createOfflineToken = async (card: {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}): Promise<TokenResult> => {
  const answer = await post('/api/offline/tokens', card);
  const token = OfflineToken.safeParse(answer.body);
  if (answer.status >= 200 && answer.status < 300 && token.success) return { ok: true, token: token.data };
  const fields = (answer.body as { Fields?: unknown } | null)?.Fields;
  return {
    ok: false,
    status: answer.status,
    message: messageIn(answer.body),
    fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
  };
};

/**
 * POST /api/checkout. Never throws for an answer: every status is an outcome (network
 * failure included), so the page can keep or end the attempt as the answer says.
 */
export const postCheckout = async (request: CheckoutRequest): Promise<CheckoutOutcome> => {
  const answer = await post('/api/checkout', request);
  return checkoutOutcomeOf(answer.status, answer.body);
};

/** GET /api/confirmation/{id}: the buyer's own order (401 for anyone else). */
export const fetchConfirmation = (orderId: number, signal?: AbortSignal) =>
  getJson(`/api/confirmation/${orderId}`, Confirmation, signal);

/** POST /api/paypal/createPayPalOrder: the PayPal order to approve, then to capture at checkout. */
export const createPayPalOrder = (request: Partial<CheckoutRequest>) =>
  sendJson(
    'POST',
    '/api/paypal/createPayPalOrder',
    request,
    z.looseObject({ id: z.string(), approveUrl: z.string().nullish() }),
  );

/** POST /api/worldpay: the WorldPay hosted page to hand the buyer to. */
export const createWorldPayUrl = (request: CheckoutRequest) =>
  sendJson('POST', '/api/worldpay', request, z.object({ url: z.string() }));

/** POST /api/afterpay/createPaymentIntent: the intent (basket total) the buyer confirms at Afterpay. */
export const createAfterpayIntent = (request: Partial<CheckoutRequest>) =>
  sendJson('POST', '/api/afterpay/createPaymentIntent', request, AfterpayIntent);

/**
 * GET /api/afterpay/getPaymentIntent: the intent as Stripe has it now (Status and the latest
 * charge's status decide the return, spec 001 section 4). The client secret must match.
 */
export const fetchAfterpayIntent = (
  query: { paymentIntentId: string; clientSecret: string; venueId?: number },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({
    paymentIntentId: query.paymentIntentId,
    clientSecret: query.clientSecret,
  });
  if (query.venueId !== undefined) params.set('venueId', String(query.venueId));
  return getJson(`/api/afterpay/getPaymentIntent?${params}`, AfterpayIntentState, signal);
};
