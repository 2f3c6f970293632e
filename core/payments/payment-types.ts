import type { GatewayName } from './ports.ts';

// The default payment type order is CreditCard, Cash, Check, Comp; PayPal is
// placed right after the credit card when there are more than 2 methods. Other types keep the
// box office's display order, after those four. Pure.

export interface PaymentMethod {
  readonly id: number;
  readonly paymentType: string;
  readonly name: string;
  readonly consumerVisible: boolean;
  readonly displayOrder: number;
}

const DEFAULT_ORDER = ['CreditCard', 'Cash', 'Check', 'Comp'];

const rank = (type: string) => {
  const i = DEFAULT_ORDER.indexOf(type);
  return i < 0 ? DEFAULT_ORDER.length : i;
};

export const orderPaymentMethods = <M extends Pick<PaymentMethod, 'paymentType' | 'displayOrder' | 'id'>>(
  methods: readonly M[],
): M[] => {
  const sorted = [...methods].sort(
    (a, b) => rank(a.paymentType) - rank(b.paymentType) || a.displayOrder - b.displayOrder || a.id - b.id,
  );
  if (sorted.length <= 2) return sorted;
  const card = sorted.findIndex((m) => m.paymentType === 'CreditCard');
  const paypal = sorted.filter((m) => m.paymentType === 'PayPal');
  if (card < 0 || paypal.length === 0) return sorted;
  const rest = sorted.filter((m) => m.paymentType !== 'PayPal');
  const at = rest.findIndex((m) => m.paymentType === 'CreditCard');
  return [...rest.slice(0, at + 1), ...paypal, ...rest.slice(at + 1)];
};

/** Which gateway takes a payment type; null: no gateway (staff tenders: cash, check, comp). */
export type GatewaySlot = 'card' | 'paypal' | 'worldpay';

export const gatewaySlotOf = (paymentType: string): GatewaySlot | null => {
  switch (paymentType) {
    case 'CreditCard':
    case 'SavedCard':
    case 'ApplePay':
    case 'Afterpay':
      return 'card';
    case 'PayPal':
      return 'paypal';
    case 'WorldPay':
      return 'worldpay';
    default:
      return null;
  }
};

/**
 * The payment types a consumer is offered: consumer-visible methods whose gateway is configured;
 * Afterpay only through Stripe. Apple Pay goes to the card processor, Stripe or the offline
 * test processor (which takes a wallet's token in test mode as it takes a test card); whether
 * the device can pay is the browser's to say.
 */
export const consumerPaymentMethods = <M extends PaymentMethod>(
  methods: readonly M[],
  gateways: { readonly card: GatewayName; readonly paypal: boolean; readonly worldpay: boolean },
): M[] =>
  orderPaymentMethods(
    methods.filter((m) => {
      if (!m.consumerVisible) return false;
      switch (gatewaySlotOf(m.paymentType)) {
        case 'card':
          return m.paymentType !== 'Afterpay' || gateways.card === 'Stripe';
        case 'paypal':
          return gateways.paypal;
        case 'worldpay':
          return gateways.worldpay;
        default:
          return false;
      }
    }),
  );
