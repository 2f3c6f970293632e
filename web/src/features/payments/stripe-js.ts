import type { CardField } from '../checkout/checkout-form.ts';

// The part of Stripe.js (https://docs.stripe.com/js) the payment page uses, typed by hand (no
// dependency for a script that is loaded from Stripe at run time), and the page's rules around
// it: the card error codes that become field errors and the 429 retry of the token call (up to
// 4 times, from 1000 ms doubling: Stripe rate-limits bursts of token calls).

export interface StripeError {
  readonly type: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly message?: string;
}

export interface StripeCardChange {
  readonly empty: boolean;
  readonly complete: boolean;
  readonly brand?: string;
  readonly error?: StripeError;
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (change: StripeCardChange) => void): StripeCardElement;
  on(event: 'ready' | 'focus' | 'blur', handler: () => void): StripeCardElement;
  focus(): void;
  unmount(): void;
  destroy(): void;
}

export interface StripePaymentMethod {
  readonly id: string;
  readonly card?: { readonly brand?: string; readonly last4?: string } | null;
}

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: {
    line1?: string;
    line2?: string;
    city?: string;
    state?: string;
    postal_code?: string;
    country?: string;
  };
}

export interface StripeJs {
  elements(options?: Record<string, unknown>): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: BillingDetails;
  }): Promise<{ paymentMethod?: StripePaymentMethod; error?: StripeError }>;
  handleNextAction(options: {
    clientSecret: string;
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
  /**
   * Confirms an Afterpay/Clearpay intent and sends the buyer to Afterpay's page; resolves only
   * when that fails (on success the page is leaving for Afterpay, then return_url).
   */
  confirmAfterpayClearpayPayment(
    clientSecret: string,
    data: { payment_method: { billing_details: BillingDetails }; return_url: string },
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

export type StripeConstructor = (publishableKey: string) => StripeJs;

/** The card error codes shown on the card's fields. */
export const CARD_FIELD_CODES = [
  'invalid_number',
  'incomplete_number',
  'incomplete_expiry',
  'invalid_expiry_year',
  'invalid_expiry_year_past',
  'incomplete_cvc',
] as const;
export type CardFieldCode = (typeof CARD_FIELD_CODES)[number];

/** The field a Stripe error belongs on, or null when it is not about a field the buyer typed. */
export const cardFieldOfStripeError = (
  error: StripeError | undefined,
): { readonly field: Exclude<CardField, 'CardHolderName'>; readonly code: CardFieldCode } | null => {
  const code = error?.code;
  if (!code || !(CARD_FIELD_CODES as readonly string[]).includes(code)) return null;
  const field = code.endsWith('_number') ? 'CardNumber' : code.endsWith('_cvc') ? 'CardCvc' : 'CardExpiry';
  return { field, code: code as CardFieldCode };
};

/** Stripe's brand names as the checkout's CardBrand. */
export const cardBrandOf = (stripeBrand: string | undefined): string =>
  ({ visa: 'Visa', mastercard: 'MasterCard', amex: 'AmericanExpress', discover: 'Discover' })[
    stripeBrand ?? ''
  ] ?? 'Other';

export const TOKEN_RETRIES = 4;
export const TOKEN_RETRY_FIRST_MS = 1000;

const isRateLimited = (error: StripeError | undefined) =>
  error?.code === 'rate_limit' || error?.type === 'rate_limit_error';

/**
 * Makes the payment method (the card "token"), trying again after a 429 up to 4 times,
 * 1000 ms, 2000 ms, 4000 ms, 8000 ms apart. Any other answer is the caller's.
 */
export const createPaymentMethodWithRetry = async (
  create: () => Promise<{ paymentMethod?: StripePaymentMethod; error?: StripeError }>,
  sleep: (ms: number) => Promise<void>,
) => {
  for (let attempt = 0; ; attempt++) {
    const answer = await create();
    if (!isRateLimited(answer.error) || attempt === TOKEN_RETRIES) return answer;
    await sleep(TOKEN_RETRY_FIRST_MS * 2 ** attempt);
  }
};
