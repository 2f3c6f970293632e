import { z } from 'zod';
import {
  Confirmation,
  ConsumerPaymentTypes,
  OfflineToken,
  type CheckoutRequest,
} from '../../../../adapters/http/contract/checkout.ts';
import { AfterpayIntent, AfterpayIntentState } from '../../../../adapters/http/contract/wallets.ts';
import { answerOf, getJson, sendJson } from '../../api/api-client.ts';
import { checkoutOutcomeOf, messageIn, type CheckoutOutcome } from './checkout-outcome.ts';

// The payment page's calls, with the contract's schemas. The card number goes only to the card
// processor's tokenise call (the offline processor's stand-in for Stripe.js); the checkout gets
// the token, brand, BIN and last 4.

export type { CheckoutRequest };
export type ConfirmationData = z.infer<typeof Confirmation>;

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
  const answer = await answerOf('POST', '/api/offline/tokens', { body: card });
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
  const answer = await answerOf('POST', '/api/checkout', { body: request });
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
 * charge's status decide where the buyer returns to). The client secret must match.
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
