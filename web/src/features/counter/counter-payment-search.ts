// /admin/checkout/payment's query string: `orderId` names an order placed earlier whose balance is
// paid now (an invoice, a split tender finished later). Read leniently: a malformed id is dropped.

export interface CounterPaymentSearch {
  readonly orderId?: number;
}

export const validateCounterPaymentSearch = (search: Record<string, unknown>): CounterPaymentSearch => {
  const raw = search.orderId;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? { orderId: Number(text) } : {};
};
