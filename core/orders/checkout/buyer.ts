import type { Permission } from '../../accounts/staff/permissions.ts';
import { gatewaySlotOf } from '../../payments/payment-types.ts';

// Who pays at checkout, as the session says (never a flag or an id in the request):
// a signed-in customer, a guest, or a staff member whose role may sell. Pure rules over it.

export type Buyer =
  | { readonly kind: 'customer'; readonly customerId: number; readonly email: string }
  | { readonly kind: 'guest' }
  | { readonly kind: 'staff'; readonly permissions: ReadonlySet<Permission> };

export const isStaff = (buyer: Buyer): boolean => buyer.kind === 'staff';

/**
 * The customer the order belongs to: the signed-in customer's own; nobody's for a guest (a basket
 * a customer linked before signing out does not stay theirs); staff leave the basket's as it is.
 */
export const orderCustomerId = (buyer: Buyer, basketCustomerId: number | null): number | null => {
  switch (buyer.kind) {
    case 'customer':
      return buyer.customerId;
    case 'guest':
      return null;
    case 'staff':
      return basketCustomerId;
  }
};

/** The permission a tender without a gateway needs (box-office staff only). */
export const tenderPermission = (paymentType: string): Permission => {
  switch (paymentType) {
    case 'Check':
      return 'checkPayment';
    case 'Comp':
      return 'comp';
    default:
      // Cash and the box office's own (custom) payment types.
      return 'customPayment';
  }
};

/**
 * Whether the buyer may pay with a payment type that goes to no gateway (cash, check, comp,
 * custom): only staff whose role has that tender's permission. Gateway types are not judged here.
 */
export const mayTender = (buyer: Buyer, paymentType: string): boolean =>
  gatewaySlotOf(paymentType) !== null ||
  (buyer.kind === 'staff' && buyer.permissions.has(tenderPermission(paymentType)));

/**
 * A card is kept at the gateway for a signed-in customer who asked (SaveCreditCard) when paying
 * with a new card (CreditCard); never for a guest or staff, nor when paying with a saved card.
 */
export const keepsCard = (
  buyer: Buyer,
  form: {
    readonly paymentType: string;
    readonly saveCreditCard?: boolean;
    readonly savedCard?: string | null;
  },
): boolean =>
  buyer.kind === 'customer' &&
  form.saveCreditCard === true &&
  form.paymentType === 'CreditCard' &&
  (form.savedCard ?? '').trim() === '';
