import type { Permission } from '../accounts/staff/permissions.ts';
import { tenderPermission } from '../orders/checkout/buyer.ts';
import { gatewaySlotOf, orderPaymentMethods, type PaymentMethod } from './payment-types.ts';

// The payment types a clerk is offered at the counter (the staff side of payment-types.ts). Pure.
//
// - A card at the counter is taken on the card terminal (CreditCard), and only when the
//   processor asked about is the one this installation takes cards through (Stripe, or the
//   offline test processor without a Stripe key). The web's wallets and saved cards (ApplePay,
//   SavedCard, Afterpay) and the hosted pages (PayPal, WorldPay) are the buyer's own, on the web:
//   never offered at the counter.
// - Cash, check, comp and the box office's own (custom) types go to no gateway: offered to a
//   role holding that tender's permission (core/orders/checkout/buyer.ts tenderPermission); the card
//   terminal needs terminalPayment.
// - A custom type that requires a partner is hidden unless the caller allows partners.
// - Inactive methods are never offered. The order is orderPaymentMethods' (CreditCard, Cash,
//   Check, Comp, then the rest by display order; PayPal after the card when more than two).

export interface StaffPaymentMethod extends PaymentMethod {
  readonly requiresPartner: boolean;
  readonly houseSeats: boolean;
  readonly isActive: boolean;
}

/** The card processors a counter can ask about. */
export type CardProcessor = 'Stripe' | 'Offline';

export interface StaffTenderContext {
  /** The processor the payment page asks about (?paymentProcessor). */
  readonly processor: CardProcessor;
  /** The processor this installation takes cards through. */
  readonly installationProcessor: CardProcessor;
  readonly permissions: ReadonlySet<Permission>;
  /** Show custom types that require a partner (?allowPartner=true). */
  readonly allowPartner: boolean;
}

/** The permission a staff tender of this payment type needs; null: never taken at the counter. */
export const staffTenderPermission = (paymentType: string): Permission | null => {
  if (paymentType === 'CreditCard') return 'terminalPayment';
  if (gatewaySlotOf(paymentType) !== null) return null;
  return tenderPermission(paymentType);
};

/** Every method, in the spec's order; active only unless `all`. */
export const listedPaymentMethods = <M extends StaffPaymentMethod>(
  methods: readonly M[],
  all: boolean,
): M[] => orderPaymentMethods(all ? methods : methods.filter((m) => m.isActive));

/** What the clerk's payment page offers for `context.processor`. */
export const staffPaymentMethods = <M extends StaffPaymentMethod>(
  methods: readonly M[],
  context: StaffTenderContext,
): M[] =>
  orderPaymentMethods(
    methods.filter((m) => {
      if (!m.isActive) return false;
      const permission = staffTenderPermission(m.paymentType);
      if (permission === null || !context.permissions.has(permission)) return false;
      if (m.paymentType === 'CreditCard' && context.processor !== context.installationProcessor) return false;
      if (m.requiresPartner && !context.allowPartner) return false;
      return true;
    }),
  );

/** The methods a house-seat order may be paid with: active ones marked house seats, in order. */
export const houseSeatPaymentMethods = <M extends StaffPaymentMethod>(methods: readonly M[]): M[] =>
  orderPaymentMethods(methods.filter((m) => m.isActive && m.houseSeats));
