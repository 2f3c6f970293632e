// An Apple Pay payment token as the browser sends it at checkout (Token, as JSON): Apple Pay
// JS's ApplePayPaymentToken { paymentData, paymentMethod, transactionIdentifier }. The card is
// inside paymentData (version, data, signature, header), encrypted for the merchant's payment
// processor; only the display name ("Visa 0224") and the network can be read. Pure.

export interface ApplePayToken {
  /** Apple's encrypted payment data, passed on to the processor as is. */
  readonly paymentData: Readonly<Record<string, unknown>>;
  readonly displayName: string | null;
  readonly network: string | null;
  readonly transactionIdentifier: string;
}

/** A checkout Token this long is an Apple Pay token at most (the data and signature are a few KB). */
export const APPLE_PAY_TOKEN_MAX_LENGTH = 16_384;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

/** The token in a checkout's Token, or null when it is not an Apple Pay payment token. */
export const parseApplePayToken = (token: string): ApplePayToken | null => {
  if (!token.startsWith('{') || token.length > APPLE_PAY_TOKEN_MAX_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.paymentData)) return null;
  const data = value.paymentData;
  // EC_v1 and RSA_v1 carry these four (developer.apple.com, payment token format reference).
  if (!text(data.version, 20) || !text(data.data, 12_000) || !text(data.signature, 12_000)) return null;
  if (!isRecord(data.header)) return null;
  const method = isRecord(value.paymentMethod) ? value.paymentMethod : {};
  const transactionIdentifier = text(value.transactionIdentifier, 200);
  if (!transactionIdentifier) return null;
  return {
    paymentData: data,
    displayName: text(method.displayName, 100),
    network: text(method.network, 40),
    transactionIdentifier,
  };
};

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'AmericanExpress',
  discover: 'Discover',
};

/** The card as the wallet names it: network as the checkout's CardBrand, last 4 from the display name. */
export const applePayCard = (token: ApplePayToken): { brand: string; last4: string | null } => ({
  brand: BRANDS[(token.network ?? '').toLowerCase()] ?? 'Other',
  last4: /(\d{4})\s*$/.exec(token.displayName ?? '')?.[1] ?? null,
});
