// WorldPay hosted payment page (WPG "hosted integration"): after payment WorldPay sends the
// shopper back to our successURL / failureURL / cancelURL with the result in the query string,
// signed with the installation's MAC secret (HMAC-SHA256, lower-case hex, parameter `mac2`).
// Signed string (WorldPay's "Securing payments" page, checked against its published example):
//   a result (success, failure):  orderKey:paymentAmount:paymentCurrency:paymentStatus
//   a cancel (no paymentStatus):  orderKey:orderAmount:orderCurrency
// The HMAC itself is computed by the adapter (core does no crypto I/O); this file decides what
// is signed and how two MACs are compared.

/** What the return URL carried, as the browser hands it to checkout (WorldPayData). */
export interface WorldPayReturn {
  /** ADMINCODE^MERCHANTCODE^ORDERCODE */
  readonly orderKey: string;
  /** AUTHORISED, REFUSED, ...; null on a cancel. */
  readonly paymentStatus: string | null;
  /** Minor units as WorldPay wrote them (paymentAmount, or orderAmount on a cancel). */
  readonly amount: string;
  /** paymentCurrency, or orderCurrency on a cancel. */
  readonly currency: string;
  readonly mac2: string;
}

/** Reads WorldPayData (query parameters as strings); null when a signed field is missing. */
export const worldPayReturnOf = (
  data: Readonly<Record<string, string | undefined>>,
): WorldPayReturn | null => {
  const orderKey = data.orderKey?.trim();
  const mac2 = data.mac2?.trim();
  if (!orderKey || !mac2) return null;
  const status = data.paymentStatus?.trim();
  if (status) {
    const amount = data.paymentAmount?.trim();
    const currency = data.paymentCurrency?.trim();
    if (!amount || !currency) return null;
    return { orderKey, paymentStatus: status, amount, currency, mac2 };
  }
  const amount = data.orderAmount?.trim();
  const currency = data.orderCurrency?.trim();
  if (!amount || !currency) return null;
  return { orderKey, paymentStatus: null, amount, currency, mac2 };
};

/** The exact text WorldPay signed for this return. */
export const worldPayMacMessage = (r: Omit<WorldPayReturn, 'mac2'>): string =>
  r.paymentStatus === null
    ? [r.orderKey, r.amount, r.currency].join(':')
    : [r.orderKey, r.amount, r.currency, r.paymentStatus].join(':');

/**
 * Compares two hex MACs in time that depends only on their lengths (a MAC's length is public),
 * so a forger learns nothing from how long a refusal takes. Hex case is ignored.
 */
export const sameMac = (expected: string, given: string): boolean => {
  const a = expected.toLowerCase();
  const b = given.toLowerCase();
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ (i < b.length ? b.charCodeAt(i) : 0);
  return diff === 0 && a.length > 0;
};

/** True when mac2 is the MAC of the signed fields; `hmacHex` is HMAC-SHA256 with the MAC secret. */
export const worldPayMacValid = (r: WorldPayReturn, hmacHex: (message: string) => string): boolean =>
  sameMac(hmacHex(worldPayMacMessage(r)), r.mac2);

/** The merchant's own order code: the last part of ADMINCODE^MERCHANTCODE^ORDERCODE. */
export const orderCodeOf = (orderKey: string): string => orderKey.split('^').at(-1) ?? orderKey;

/** WorldPay amounts are integer minor units (exponent 2): '1400' is 14.00. */
export const worldPayAmount = (text: string): number | null =>
  /^\d{1,12}$/.test(text) ? Number(text) : null;
