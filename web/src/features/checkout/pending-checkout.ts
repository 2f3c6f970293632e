import type { CheckoutRequest } from '../../../../adapters/http/contract/checkout.ts';

// A checkout that continues on another page load: the buyer went to WorldPay's or Afterpay's
// page and comes back to /checkout/orderProcessing or /checkout/afterPay. The tab keeps the
// request (contact, address, opt-ins: no card details) and the attempt's idempotency key, so
// the return completes the same attempt, once.

const KEY = 'foyer.checkout.pending';

export interface PendingCheckout {
  readonly request: Omit<CheckoutRequest, 'IdempotencyKey'>;
  readonly idempotencyKey: string;
  /** Afterpay: the intent's client secret, for a return that does not carry it. */
  readonly clientSecret?: string;
}

const store = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const savePendingCheckout = (pending: PendingCheckout): void => {
  try {
    store()?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage blocked: the return still works with the server's copy of the basket
  }
};

export const pendingCheckout = (): PendingCheckout | null => {
  try {
    const saved = JSON.parse(store()?.getItem(KEY) ?? 'null') as Partial<PendingCheckout> | null;
    if (
      !saved ||
      typeof saved.idempotencyKey !== 'string' ||
      !saved.request ||
      typeof saved.request !== 'object'
    )
      return null;
    return {
      request: saved.request,
      idempotencyKey: saved.idempotencyKey,
      ...(typeof saved.clientSecret === 'string' ? { clientSecret: saved.clientSecret } : {}),
    };
  } catch {
    return null;
  }
};

export const clearPendingCheckout = (): void => {
  try {
    store()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
};
