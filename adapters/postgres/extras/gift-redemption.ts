import type { Knex } from 'knex';
import type { AttemptCheckout } from '../../../core/orders/order.ts';
import type { AttemptRow } from '../orders/attempts.ts';
import { moveMoney } from './gift-certificates.ts';

// The gift certificate part of a sale (core/extras/gift-tender.ts), inside the sale's own
// transaction (adapters/postgres/orders/complete-order.ts): redeemed under the certificate's lock
// with the payment attempt's idempotency key, and recorded on the order as a payment of type
// GiftCertificate (kind 'balance', the certificate's code as its reference). Refused (spent
// elsewhere since the checkout checked it), the whole sale rolls back and the charge goes back.

/** Whether the attempt pays part of its order with a gift certificate (those sales take the general path). */
export const hasGiftTender = (checkout: unknown): boolean =>
  (checkout as AttemptCheckout | null)?.giftCertificate !== undefined;

/** The payment key of the gift certificate part of an attempt. */
export const giftPaymentKey = (attemptKey: string) => `${attemptKey}:gift`;

/** True when there was nothing to redeem or it was redeemed and recorded; false: refused. */
export const redeemGiftTender = async (
  trx: Knex.Transaction,
  pay: AttemptRow,
  orderId: number,
): Promise<boolean> => {
  const tender = (pay.checkout as AttemptCheckout).giftCertificate;
  if (!tender) return true;
  const moved = await moveMoney(trx, 'redeem', {
    code: tender.code,
    amount: tender.amount,
    key: pay.idempotency_key,
    orderId,
  });
  if (!moved.ok) return false;
  await trx('payments').insert({
    idempotency_key: giftPaymentKey(pay.idempotency_key),
    basket_id: pay.basket_id,
    gateway: 'None',
    payment_type: 'GiftCertificate',
    payment_method_name: 'Gift certificate',
    payment_ref: tender.code,
    status: 'succeeded',
    amount: tender.amount,
    currency: pay.currency,
    checkout: JSON.stringify(pay.checkout),
    order_id: orderId,
    kind: 'balance',
  });
  return true;
};
