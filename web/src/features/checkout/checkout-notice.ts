// A message for the payment page from a page that sent the buyer back to it (an off-site
// payment that failed), shown once: as the banner over the form, or as the payment error modal
// (a modal with OK and the generic checkout payment error; null message: the generic words).

const KEY = 'foyer.checkout.notice';

export type CheckoutNotice =
  | { readonly kind: 'banner'; readonly message: string }
  | { readonly kind: 'paymentError'; readonly message: string | null };

export const rememberCheckoutNotice = (notice: CheckoutNotice): void => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // storage blocked: the payment page opens without the reason
  }
};

export const takeCheckoutNotice = (): CheckoutNotice | null => {
  try {
    const saved = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const notice = JSON.parse(saved ?? 'null') as Partial<CheckoutNotice> | null;
    if (notice?.kind === 'banner' && typeof notice.message === 'string') return notice as CheckoutNotice;
    if (notice?.kind === 'paymentError')
      return { kind: 'paymentError', message: typeof notice.message === 'string' ? notice.message : null };
    return null;
  } catch {
    return null;
  }
};
