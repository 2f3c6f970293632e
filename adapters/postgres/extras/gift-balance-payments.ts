import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { GiftBalancePayments, type GiftBalanceOutcome } from '../../../core/extras/gift-balance-payment.ts';
import { moveMoney } from './gift-certificates.ts';

// A gift certificate paying a counter order's balance (core/extras/gift-balance-payment.ts), in
// ONE transaction: the order row locked (every payment of the order waits here, as
// adapters/postgres/orders/counter/counter-payments.ts payBalance), the key looked up, the balance due
// judged (pending terminal cards count), the certificate redeemed under its own lock with the
// key, and the payment recorded: GiftCertificate, kind 'balance', the code as its reference.

interface PaymentRow {
  id: number;
  order_id: number | null;
  payment_type: string;
  payment_ref: string | null;
  amount: number;
}

const pay = (
  db: Knex,
  payment: Parameters<GiftBalancePayments['Service']['pay']>[0],
): Promise<GiftBalanceOutcome> =>
  db.transaction(async (trx) => {
    const order: { id: number; basket_id: string; currency: string } | undefined = await trx('orders')
      .where({ id: payment.orderId })
      .forUpdate()
      .first('id', 'basket_id', 'currency');
    if (!order) return { kind: 'noOrder' } as const;
    const existing: PaymentRow | undefined = await trx('payments')
      .where({ idempotency_key: payment.idempotencyKey })
      .first('id', 'order_id', 'payment_type', 'payment_ref', 'amount');
    if (existing)
      return existing.order_id === order.id &&
        existing.payment_type === 'GiftCertificate' &&
        existing.payment_ref === payment.code
        ? ({ kind: 'paid', paymentId: existing.id, amount: existing.amount } as const)
        : ({ kind: 'keyReused' } as const);
    const due: number = (
      await trx.raw(
        `select b.balance_due - coalesce((select sum(amount) from payments
                  where order_id = b.order_id and status = 'pending' and refund_status is null), 0)::int as due
           from order_balances b where b.order_id = ?`,
        [order.id],
      )
    ).rows[0].due;
    if (payment.amount > due) return { kind: 'overBalance', due } as const;
    const moved = await moveMoney(trx, 'redeem', {
      code: payment.code,
      amount: payment.amount,
      key: payment.idempotencyKey,
      orderId: order.id,
    });
    if (!moved.ok) return { kind: 'refused', error: moved.error } as const;
    const [row]: { id: number }[] = await trx('payments')
      .insert({
        idempotency_key: payment.idempotencyKey,
        basket_id: order.basket_id,
        order_id: order.id,
        kind: 'balance',
        gateway: 'None',
        payment_type: 'GiftCertificate',
        payment_method_name: 'Gift certificate',
        payment_ref: payment.code,
        status: 'succeeded',
        amount: payment.amount,
        currency: order.currency,
        checkout: JSON.stringify({}),
        seller_id: payment.sellerId,
        seller_name: payment.sellerName,
        counter: payment.counter,
      })
      .returning('id');
    return { kind: 'paid', paymentId: row!.id, amount: payment.amount } as const;
  });

export const GiftBalancePaymentsPostgres = (db: Knex) =>
  Layer.succeed(GiftBalancePayments, {
    pay: (payment) => Effect.promise(() => pay(db, payment)),
  });
