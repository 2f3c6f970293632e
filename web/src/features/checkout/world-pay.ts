import { isLocalPath } from '../basket/return-target.ts';

// The WorldPay hosted page hand-off and its return.

/** The WorldPay error screens count down 7 seconds, then redirect. */
export const WORLD_PAY_ERROR_SECONDS = 7;

/** Where the error screen goes: redirectUrl when it is a path of this site (no open redirect), else the fallback. */
export const redirectTarget = (redirectUrl: unknown, fallback: string): string =>
  typeof redirectUrl === 'string' && isLocalPath(redirectUrl.trim()) ? redirectUrl.trim() : fallback;

/** The hand-off page opens only a web address (http or https), never a script URL. */
export const isWebUrl = (url: unknown): url is string => {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url, 'http://placeholder.invalid');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

export interface WorldPayReturn {
  readonly orderKey: string;
  readonly mac2: string;
  readonly paymentStatus: string;
  readonly paymentAmount?: string;
  readonly paymentCurrency?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined;

/**
 * Whether the address carries a WorldPay return at all (orderKey, mac2 or paymentStatus). Without
 * any, /checkout/orderProcessing was opened by hand or by a link that lost its query: there is no
 * payment to complete, and the page says so instead of working on nothing.
 */
export const carriesWorldPayReturn = (search: Readonly<Record<string, unknown>>): boolean =>
  [search.orderKey, search.mac2, search.paymentStatus].some((value) => text(value) !== undefined);

/**
 * The query WorldPay returns to /checkout/orderProcessing with (orderKey, mac2, paymentStatus,
 * and paymentAmount, paymentCurrency when it sends them), or null when one of the three is missing.
 */
export const worldPayReturnOf = (search: Readonly<Record<string, unknown>>): WorldPayReturn | null => {
  const orderKey = text(search.orderKey);
  const mac2 = text(search.mac2);
  const paymentStatus = text(search.paymentStatus);
  if (!orderKey || !mac2 || !paymentStatus) return null;
  const paymentAmount = text(search.paymentAmount);
  const paymentCurrency = text(search.paymentCurrency);
  return {
    orderKey,
    mac2,
    paymentStatus,
    ...(paymentAmount ? { paymentAmount } : {}),
    ...(paymentCurrency ? { paymentCurrency } : {}),
  };
};
