import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

// For tests: counter sales written straight into baskets, orders and payments, as the counter
// checkout leaves them (migrations/20261210000100_counter_payments.ts). No seats: the till reads
// payments and orders only.

export interface TestPayment {
  readonly paymentType: string;
  readonly paymentMethodName?: string | null;
  /** Minor units. */
  readonly amount: number;
  /** Cash handed over (change = tendered - amount). */
  readonly tendered?: number;
  readonly at: Date;
  /** Default: the sale's seller and counter; null seller: a web payment. */
  readonly sellerId?: number | null;
  readonly counter?: string | null;
  readonly status?: 'succeeded' | 'failed' | 'pending';
  /** 'refunded': charged, the order could not be made, handed back. */
  readonly refundStatus?: 'needed' | 'refunded' | null;
}

export interface TestSale {
  readonly sellerId: number | null;
  readonly sellerName?: string | null;
  readonly counter: string | null;
  readonly currency?: string;
  /** The first is the checkout's payment, the rest pay the balance (split tender). */
  readonly payments: readonly TestPayment[];
}

/** Writes one order with its payments; the order's total is what was paid. */
export const insertTestSale = async (
  db: Knex,
  sale: TestSale,
): Promise<{ orderId: number; orderName: string; paymentIds: number[] }> => {
  const channel = await db('sales_channels')
    .where({ code: sale.sellerId ? 'BoxOffice' : 'Web' })
    .first('id');
  const currency = sale.currency ?? 'USD';
  const total = sale.payments.reduce((sum, p) => sum + p.amount, 0);
  const createdAt = sale.payments[0]?.at ?? new Date();
  return db.transaction(async (trx) => {
    const [basket] = await trx('baskets')
      .insert({
        status: 'Completed',
        created_at: createdAt,
        expires_at: new Date(createdAt.getTime() + 15 * 60_000),
        sales_channel_id: channel.id,
        seller_id: sale.sellerId,
      })
      .returning('id');
    const [order] = await trx('orders')
      .insert({
        basket_id: basket.id,
        sales_channel_id: channel.id,
        first_name: 'Walk',
        last_name: 'Up',
        currency,
        currency_locale: currency === 'GBP' ? 'en-gb' : 'en-us',
        total,
        ticket_and_fee_total: total,
        ticket_total: total,
        ticket_fee_total: 0,
        product_total: 0,
        delivery_total: 0,
        order_level_fee_total: 0,
        created_at: createdAt,
      })
      .returning(['id', 'name']);
    const paymentIds: number[] = [];
    for (const [i, p] of sale.payments.entries()) {
      const sellerId = p.sellerId === undefined ? sale.sellerId : p.sellerId;
      const [row] = await trx('payments')
        .insert({
          idempotency_key: randomUUID(),
          basket_id: basket.id,
          kind: i === 0 ? 'checkout' : 'balance',
          gateway: p.paymentType === 'CreditCard' ? 'Offline' : 'None',
          payment_type: p.paymentType,
          payment_method_name: p.paymentMethodName === undefined ? p.paymentType : p.paymentMethodName,
          status: p.status ?? 'succeeded',
          refund_status: p.refundStatus ?? null,
          amount: p.amount,
          currency,
          checkout: JSON.stringify({}),
          order_id: order.id,
          seller_id: sellerId,
          seller_name: sellerId === null ? null : (sale.sellerName ?? null),
          counter: p.counter === undefined ? sale.counter : p.counter,
          amount_tendered: p.tendered ?? null,
          change_due: p.tendered === undefined ? null : p.tendered - p.amount,
          created_at: p.at,
          updated_at: p.at,
        })
        .returning('id');
      paymentIds.push(row.id);
    }
    return { orderId: order.id, orderName: order.name, paymentIds };
  });
};
