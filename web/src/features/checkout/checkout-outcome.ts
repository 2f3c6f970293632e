import { CheckoutAnswer, RequiresActionAnswer } from '../../../../adapters/http/contract/checkout.ts';

// What an answer of POST /api/checkout means for the buyer (the answers are listed in
// adapters/http/contract/checkout.ts). Pure: status and body in, the
// next step out; the payment page decides what each step shows.

export type CheckoutOutcome =
  | { readonly kind: 'ordered'; readonly orderId: number }
  /** 422 RequiresAction: authenticate (3-D Secure), then resubmit with the same key. */
  | {
      readonly kind: 'requiresAction';
      readonly paymentIntentId: string;
      readonly clientSecret: string;
      readonly actionUrl: string | null;
    }
  /** 400: bad input, nothing charged; Fields names the fields. */
  | { readonly kind: 'invalid'; readonly message: string | null; readonly fields: readonly string[] }
  /** 402: the card was declined; the message is the server's CardDeclinedMessage. */
  | { readonly kind: 'declined'; readonly message: string | null }
  /** 404: no live basket any more (consumer: the expired page). */
  | { readonly kind: 'expired' }
  /** 409 { Fields: ['Email'] } at register: the e-mail has an account already; nothing charged. */
  | { readonly kind: 'accountExists'; readonly message: string | null }
  /** 409: a seat could not be sold; the server has cleared the basket. */
  | { readonly kind: 'seatsTaken'; readonly message: string | null; readonly seats: readonly string[] }
  /** 502 or 'Error selling tickets': /Checkout/Error. */
  | { readonly kind: 'sellError' }
  /** The server could not be reached: whether the order was made is unknown. */
  | { readonly kind: 'network' }
  /** Any other failure: the generic payment error modal (with the server's words if any). */
  | { readonly kind: 'paymentError'; readonly status: number; readonly message: string | null };

export const SELL_ERROR_MESSAGE = 'Error selling tickets';

const field = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

/** The response's message, its Message, or a plain string. */
export const messageIn = (body: unknown): string | null => {
  if (typeof body === 'string') return body.trim() || null;
  for (const name of ['Message', 'message', 'ExceptionMessage']) {
    const value = field(body, name);
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The outcome of an answer: `status` 0 when the server could not be reached. */
export const checkoutOutcomeOf = (status: number, body: unknown): CheckoutOutcome => {
  const message = messageIn(body);
  if (status === 0) return { kind: 'network' };
  if (status >= 200 && status < 300) {
    const answer = CheckoutAnswer.safeParse(body);
    return answer.success
      ? { kind: 'ordered', orderId: answer.data.Order.ID }
      : { kind: 'paymentError', status, message: null };
  }
  if (status === 502 || message === SELL_ERROR_MESSAGE) return { kind: 'sellError' };
  if (status === 422) {
    const action = RequiresActionAnswer.safeParse(body);
    if (action.success)
      return {
        kind: 'requiresAction',
        paymentIntentId: action.data.PaymentIntentId,
        clientSecret: action.data.ClientSecret,
        actionUrl: action.data.ActionUrl,
      };
    return { kind: 'paymentError', status, message };
  }
  if (status === 400) return { kind: 'invalid', message, fields: strings(field(body, 'Fields')) };
  if (status === 402) return { kind: 'declined', message };
  if (status === 404) return { kind: 'expired' };
  // 409 with TakenSeats: the seats are gone (the server cleared the basket, and refunded a charge).
  if (status === 409 && Array.isArray(field(body, 'TakenSeats')))
    return { kind: 'seatsTaken', message, seats: strings(field(body, 'TakenSeats')) };
  // 409 naming the e-mail: register at checkout found an account for it (before any charge).
  if (status === 409 && strings(field(body, 'Fields')).includes('Email'))
    return { kind: 'accountExists', message };
  return { kind: 'paymentError', status, message };
};
