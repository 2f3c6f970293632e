import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

// For tests and the refunds bench: many paid orders of one event, written in bulk (a few
// statements per 500 orders). Each order has `ticketsPerOrder` seated tickets on the event's plain
// open seats (the seats marked Sold to it, as a sale leaves them) and one payment of its total:
// a card the offline processor took (offline_payments, so it can give it back) or cash.

export const TICKET_PRICE = 2_500;
export const TICKET_FEE = 250;

export interface EventOrdersSpec {
  readonly eventId: number;
  readonly orders: number;
  readonly ticketsPerOrder?: number;
  /** Which orders paid cash (index in 0..orders-1); the rest paid by card. */
  readonly cash?: (index: number) => boolean;
}

export interface EventOrder {
  readonly orderId: number;
  readonly paymentId: number;
  readonly paymentType: 'CreditCard' | 'Cash';
  /** The offline processor's payment ref (cards). */
  readonly paymentRef: string | null;
  readonly amount: number;
}

const CHUNK = 500;

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export const insertEventOrders = async (db: Knex, spec: EventOrdersSpec): Promise<EventOrder[]> => {
  const perOrder = spec.ticketsPerOrder ?? 2;
  const seats: { seat_id: number; key: string; section_id: number }[] = await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .join('sections as sec', 'sec.id', 's.section_id')
    .where({ 'es.event_id': spec.eventId, 'es.status': 'Open', 'sec.is_ga': false })
    .whereNull('es.basket_id')
    .orderBy('s.id')
    .limit(spec.orders * perOrder)
    .select('s.id as seat_id', 's.key', 's.section_id');
  if (seats.length < spec.orders * perOrder)
    throw new Error(`event ${spec.eventId} has ${seats.length} open seats, ${spec.orders * perOrder} needed`);
  const channel = await db('sales_channels').where({ code: 'Web' }).first('id');
  const total = perOrder * (TICKET_PRICE + TICKET_FEE);
  const made: EventOrder[] = [];
  const indexes = Array.from({ length: spec.orders }, (_, i) => i);
  for (const part of chunks(indexes, CHUNK)) {
    await db.transaction(async (trx) => {
      const baskets: { id: string }[] = await trx('baskets')
        .insert(
          part.map(() => ({
            status: 'Completed',
            expires_at: new Date(Date.now() + 15 * 60_000),
            sales_channel_id: channel.id,
          })),
        )
        .returning('id');
      const orders: { id: number }[] = await trx('orders')
        .insert(
          part.map((i, n) => ({
            basket_id: baskets[n]!.id,
            sales_channel_id: channel.id,
            first_name: 'Ada',
            last_name: `Buyer ${i}`,
            email: `buyer${i}@example.com`,
            currency: 'USD',
            currency_locale: 'en-us',
            total,
            ticket_and_fee_total: total,
            ticket_total: perOrder * TICKET_PRICE,
            ticket_fee_total: perOrder * TICKET_FEE,
            product_total: 0,
            delivery_total: 0,
            order_level_fee_total: 0,
          })),
        )
        .returning('id');
      const tickets = part.flatMap((i, n) =>
        Array.from({ length: perOrder }, (_, t) => {
          const seat = seats[i * perOrder + t]!;
          return {
            order_id: orders[n]!.id,
            event_id: spec.eventId,
            seat_id: seat.seat_id,
            section_id: seat.section_id,
            is_ga: false,
            key: seat.key,
            price_level_id: 1,
            price_level_name: 'Standard',
            price_type_id: 1,
            price_type_name: 'Adult',
            face_value: TICKET_PRICE,
            price: TICKET_PRICE,
            fee_total: TICKET_FEE,
            barcode: randomBytes(16).toString('hex'),
          };
        }),
      );
      await trx('order_tickets').insert(tickets);
      await trx.raw(
        `update event_seats es set status = 'Sold', order_id = t.order_id, basket_id = null, hold_subclass_id = null
           from order_tickets t where t.order_id = any(?::int[]) and es.event_id = t.event_id and es.seat_id = t.seat_id`,
        [orders.map((o) => o.id)],
      );
      const rows = part.map((i, n) => {
        const cash = spec.cash?.(i) ?? false;
        return {
          cash,
          ref: cash ? null : `offline_pay_bulk_${randomUUID()}`,
          orderId: orders[n]!.id,
          basketId: baskets[n]!.id,
        };
      });
      const cards = rows.filter((r) => !r.cash);
      if (cards.length > 0)
        await trx('offline_payments').insert(
          cards.map((r) => ({
            ref: r.ref,
            idempotency_key: `bulk-${r.ref}`,
            amount: total,
            currency: 'USD',
            status: 'succeeded',
            brand: 'Visa',
            last4: '4242',
          })),
        );
      const payments: { id: number; order_id: number }[] = await trx('payments')
        .insert(
          rows.map((r) => ({
            idempotency_key: randomUUID(),
            basket_id: r.basketId,
            kind: 'checkout',
            gateway: r.cash ? 'None' : 'Offline',
            payment_type: r.cash ? 'Cash' : 'CreditCard',
            payment_method_name: r.cash ? 'Cash' : 'Credit card',
            status: 'succeeded',
            amount: total,
            currency: 'USD',
            checkout: JSON.stringify({}),
            order_id: r.orderId,
            payment_ref: r.ref,
            card_brand: r.cash ? null : 'Visa',
            card_last4: r.cash ? null : '4242',
          })),
        )
        .returning(['id', 'order_id']);
      const paymentOf = new Map(payments.map((p) => [p.order_id, p.id]));
      for (const r of rows)
        made.push({
          orderId: r.orderId,
          paymentId: paymentOf.get(r.orderId)!,
          paymentType: r.cash ? 'Cash' : 'CreditCard',
          paymentRef: r.ref,
          amount: total,
        });
    });
  }
  return made;
};
