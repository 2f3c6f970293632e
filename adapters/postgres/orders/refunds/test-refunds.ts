import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { insertTestSale, type TestPayment } from '../../boxoffice/test-sales.ts';

// For tests: paid orders that owe their customer credit, card payments the offline processor
// knows (so it can give them back), and the ledger an order's balance is read from.

export const BUYER_EMAIL = 'refund.buyer@example.com';

/** A web order paid by these payments, with a buyer's e-mail. */
export const paidOrder = async (db: Knex, payments: readonly Omit<TestPayment, 'at'>[]) => {
  const at = new Date();
  const sale = await insertTestSale(db, {
    sellerId: null,
    counter: null,
    payments: payments.map((p) => ({ ...p, at })),
  });
  await db('orders')
    .where({ id: sale.orderId })
    .update({ email: BUYER_EMAIL, first_name: 'Rhea', last_name: 'Fund' });
  return sale;
};

/**
 * Makes a card payment one the offline processor took (offline_payments): its refunds then go
 * through the processor. `known: false` leaves the processor without it, so a refund fails as
 * if the processor could not be reached, until `knownToProcessor` is called.
 */
export const offlineCard = async (db: Knex, paymentId: number, known = true): Promise<string> => {
  const ref = `offline_pay_test_${randomUUID().slice(0, 8)}`;
  const payment = await db('payments').where({ id: paymentId }).first('amount');
  if (known) await knownToProcessor(db, ref, payment.amount);
  await db('payments')
    .where({ id: paymentId })
    .update({ payment_ref: ref, card_brand: 'Visa', card_last4: '4242', gateway: 'Offline' });
  return ref;
};

export const knownToProcessor = (db: Knex, ref: string, amount: number) =>
  db('offline_payments').insert({
    ref,
    idempotency_key: `test-${ref}`,
    amount,
    currency: 'USD',
    status: 'succeeded',
    brand: 'Visa',
    last4: '4242',
  });

/** Tickets worth `amount` cancelled: the order now owes that much back (an adjustment). */
export const oweCredit = (db: Knex, orderId: number, amount: number) =>
  db('order_adjustments').insert({ order_id: orderId, kind: 'cancellation', amount: -amount });

export interface Ledger {
  total: number;
  paid: number;
  refunded: number;
  balance_due: number;
}

export const ledgerOf = async (db: Knex, orderId: number): Promise<Ledger> =>
  db('order_balances').where({ order_id: orderId }).first('total', 'paid', 'refunded', 'balance_due');
