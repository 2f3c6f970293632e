import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { OrderDocuments, Orders } from '../../../core/orders/ports.ts';
import { orderDocument } from '../../../core/orders/order-views.ts';
import type { PaymentMethod } from '../../../core/payments/payment-types.ts';
import { pgArray } from '../sql/pg-array.ts';
import { attemptByKey, recordOutcome, recordRefund, startAttempt, unsettledAttempts } from './attempts.ts';
import { completeOrder } from './complete-order.ts';
import { readOrder } from './order-records.ts';

// The order store on PostgreSQL (core/orders/ports.ts).

/** Payment methods change rarely: read them at most once a few seconds. */
const cached = <A>(ttlMs: number, load: () => Promise<A>) => {
  let value: { at: number; data: Promise<A> } | undefined;
  return () => {
    const now = Date.now();
    if (!value || now - value.at > ttlMs) {
      const data = load();
      value = { at: now, data };
      data.catch(() => (value = undefined));
    }
    return value.data;
  };
};

export const makeOrdersPostgres = (db: Knex) => {
  const paymentMethods = cached(5000, async (): Promise<PaymentMethod[]> => {
    const rows: {
      id: number;
      payment_type: string;
      name: string;
      consumer_visible: boolean;
      display_order: number;
    }[] = await db('payment_methods').where({ is_active: true }).orderBy(['display_order', 'id']);
    return rows.map((r) => ({
      id: r.id,
      paymentType: r.payment_type,
      name: r.name,
      consumerVisible: r.consumer_visible,
      displayOrder: r.display_order,
    }));
  });
  return Orders.of({
    attemptByKey: (key) => Effect.promise(() => attemptByKey(db, key)),
    startAttempt: (attempt) => Effect.promise(() => startAttempt(db, attempt)),
    recordOutcome: (id, outcome) => Effect.promise(() => recordOutcome(db, id, outcome)),
    complete: (id, plan, success, known, counter) =>
      Effect.promise(() => completeOrder(db, id, plan, success, known, counter)),
    recordRefund: (id, ref) => Effect.promise(() => recordRefund(db, id, ref)),
    unfinishedAttempts: (seconds, limit) => Effect.promise(() => unsettledAttempts(db, seconds, limit)),
    order: (orderId) => Effect.promise(() => readOrder(db, orderId)),
    paymentMethods: () => Effect.promise(paymentMethods),
    // The customer's card gateway reference lives on their row (customers.card_customer_ref).
    cardCustomerRef: (customerId) =>
      Effect.promise(async () => {
        const row: { card_customer_ref: string | null } | undefined = await db('customers')
          .where({ id: customerId })
          .whereNull('anonymized_at')
          .first('card_customer_ref');
        return row?.card_customer_ref ?? null;
      }),
    setCardCustomerRef: (customerId, customerRef) =>
      Effect.promise(() =>
        db('customers')
          .where({ id: customerId })
          .update({ card_customer_ref: customerRef, updated_at: db.fn.now() }),
      ).pipe(Effect.asVoid),
    promotionBins: (ids) =>
      Effect.promise(async () => {
        if (ids.length === 0) return new Map<number, string[]>();
        const rows: { id: number; bin_restrictions: string[] }[] = await db('promotions')
          .whereRaw('id = any(?::int[])', [pgArray(ids)])
          .select('id', 'bin_restrictions');
        return new Map(rows.map((r) => [r.id, r.bin_restrictions]));
      }),
  });
};

export const OrdersPostgres = (db: Knex) => Layer.succeed(Orders, makeOrdersPostgres(db));

/** What the PDF and the e-mail read; links point at the customer-facing address. */
export const OrderDocumentsPostgres = (db: Knex, publicUrl: string) =>
  Layer.succeed(
    OrderDocuments,
    OrderDocuments.of({
      load: (orderId) =>
        Effect.promise(async () => {
          const record = await readOrder(db, orderId);
          return record ? orderDocument(record, publicUrl) : null;
        }),
    }),
  );
