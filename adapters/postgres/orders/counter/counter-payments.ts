import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { CounterPaymentFacts, NewAttempt } from '../../../../core/orders/order.ts';
import {
  CounterPayments,
  type BalancePaymentOutcome,
  type CounterPaymentMethod,
  type NewBalancePayment,
  type OrderBalance,
  type StoredPayment,
} from '../../../../core/orders/ports.ts';
import type { PaymentDecision } from '../../../../core/payments/split-tender.ts';
import { attemptByKey, attemptOf, type AttemptRow } from '../attempts.ts';
import { successColumns } from '../attempts.ts';

// The counter's payments on PostgreSQL (core/orders/ports.ts CounterPayments): the payments
// table's counter columns (migrations/20261210000100_counter_payments.ts), the order_balances
// view, comp types and payment methods.

interface PaymentRow {
  id: number;
  order_id: number | null;
  kind: 'checkout' | 'balance';
  status: StoredPayment['status'];
  payment_type: string;
  amount: number;
  change_due: number | null;
  payment_ref: string | null;
}

const storedOf = (row: PaymentRow): StoredPayment => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  status: row.status,
  paymentType: row.payment_type,
  amount: row.amount,
  changeDue: row.change_due,
  paymentRef: row.payment_ref,
});

const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'kind',
  'status',
  'payment_type',
  'amount',
  'change_due',
  'payment_ref',
];

const factColumns = (facts: Omit<CounterPaymentFacts, 'amountTendered' | 'changeDue'>) => ({
  seller_id: facts.sellerId,
  seller_name: facts.sellerName,
  counter: facts.counter,
  payment_method_id: facts.paymentMethodId,
  check_issuer: facts.checkIssuer,
  check_number: facts.checkNumber,
  comp_type_id: facts.compTypeId,
  partner_id: facts.partnerId,
});

interface MethodRow {
  id: number;
  payment_type: string;
  name: string;
  requires_partner: boolean;
  is_active: boolean;
}
const methodOf = (r: MethodRow): CounterPaymentMethod => ({
  id: r.id,
  paymentType: r.payment_type,
  name: r.name,
  requiresPartner: r.requires_partner,
  isActive: r.is_active,
});

/** The counter sale's attempt, with who took it, in one insert (a repeated key: that attempt). */
const startAttempt = async (
  db: Knex,
  attempt: NewAttempt,
  facts: CounterPaymentFacts,
  paymentRef: string | null,
) => {
  const inserted: AttemptRow[] = await db('payments')
    .insert({
      idempotency_key: attempt.idempotencyKey,
      basket_id: attempt.basketId,
      gateway: attempt.gateway,
      payment_type: attempt.paymentType,
      payment_method_name: attempt.paymentMethodName,
      payment_ref: paymentRef,
      // A card on the terminal waits for its capture as a 3-D Secure payment waits for the buyer:
      // the reconciliation job asks the processor about its intent (retrieve), never by key.
      status: paymentRef === null ? 'pending' : 'requires_action',
      amount: attempt.amount,
      currency: attempt.currency,
      checkout: JSON.stringify(attempt.checkout),
      kind: 'checkout',
      ...factColumns(facts),
      amount_tendered: facts.amountTendered,
      change_due: facts.changeDue,
    })
    .onConflict('idempotency_key')
    .ignore()
    .returning('*');
  if (inserted[0]) return { attempt: attemptOf(inserted[0]), created: true };
  return { attempt: (await attemptByKey(db, attempt.idempotencyKey))!, created: false };
};

const balanceOf = async (db: Knex | Knex.Transaction, orderId: number): Promise<OrderBalance | null> => {
  const order:
    | {
        id: number;
        name: string;
        total: number;
        paid: number;
        balance_due: number;
        currency: string;
        currency_locale: string;
        venue_id: number | null;
        tickets: number;
      }
    | undefined = await db('orders as o')
    .join('order_balances as b', 'b.order_id', 'o.id')
    .where('o.id', orderId)
    .first(
      'o.id',
      'o.name',
      'b.total',
      'b.paid',
      'b.balance_due',
      'o.currency',
      'o.currency_locale',
      db.raw(
        `(select vc.venue_id from order_tickets t join events e on e.id = t.event_id
           join venue_configurations vc on vc.id = e.venue_configuration_id
          where t.order_id = o.id order by t.id limit 1) as venue_id`,
      ),
      db.raw(
        `(select count(*)::int from order_tickets t where t.order_id = o.id and t.status = 'Active') as tickets`,
      ),
    );
  if (!order) return null;
  const payments: {
    id: number;
    payment_type: string;
    payment_method_name: string | null;
    amount: number;
    change_due: number | null;
    seller_name: string | null;
    counter: string | null;
    created_at: Date;
  }[] = await db('payments')
    .where({ order_id: orderId, status: 'succeeded' })
    .whereNull('refund_status')
    // An invoice's placing takes no money: not a payment.
    .whereNot({ payment_type: 'Invoice' })
    .orderBy('id');
  return {
    orderId: order.id,
    orderName: order.name,
    total: order.total,
    paid: order.paid,
    balanceDue: order.balance_due,
    currency: order.currency,
    currencyLocale: order.currency_locale,
    venueId: order.venue_id,
    ticketCount: order.tickets,
    payments: payments.map((p) => ({
      paymentId: p.id,
      paymentType: p.payment_type,
      paymentMethodName: p.payment_method_name,
      amount: p.amount,
      changeDue: p.change_due,
      sellerName: p.seller_name,
      counter: p.counter,
      at: p.created_at,
    })),
  };
};

/**
 * One transaction: the order row locked (every payment of this order waits here), the key looked
 * up, the balance (a pending terminal card counts: it is being captured) judged, the payment written.
 */
const payBalance = (
  db: Knex,
  payment: NewBalancePayment,
  decide: (balance: number, ticketCount: number) => PaymentDecision,
): Promise<BalancePaymentOutcome> =>
  db.transaction(async (trx) => {
    const order: { id: number; basket_id: string; total: number; currency: string } | undefined = await trx(
      'orders',
    )
      .where({ id: payment.orderId })
      .forUpdate()
      .first('id', 'basket_id', 'total', 'currency');
    if (!order) return { kind: 'noOrder' };
    const existing: PaymentRow | undefined = await trx('payments')
      .where({ idempotency_key: payment.idempotencyKey })
      .first(PAYMENT_COLUMNS);
    if (existing) return { kind: 'taken', payment: storedOf(existing), created: false };
    // What is due is order_balances' (tickets cancelled and refunds count), less the pending cards.
    const counted: { due: number; tickets: number } = (
      await trx.raw(
        `select b.balance_due - coalesce((select sum(amount) from payments
                  where order_id = b.order_id and status = 'pending' and refund_status is null), 0)::int as due,
                (select count(*)::int from order_tickets where order_id = b.order_id) as tickets
           from order_balances b where b.order_id = ?`,
        [order.id],
      )
    ).rows[0];
    const decision = decide(counted.due, counted.tickets);
    if (!decision.ok) return { kind: 'refused', refusal: decision.refusal };
    const [row]: PaymentRow[] = await trx('payments')
      .insert({
        idempotency_key: payment.idempotencyKey,
        basket_id: order.basket_id,
        order_id: order.id,
        kind: 'balance',
        gateway: payment.gateway,
        payment_type: payment.paymentType,
        payment_method_name: payment.paymentMethodName,
        payment_ref: payment.paymentRef,
        status: payment.status,
        amount: decision.applied,
        currency: order.currency,
        checkout: JSON.stringify({}),
        ...factColumns(payment.facts),
        amount_tendered: decision.tendered,
        change_due: decision.tendered === null ? null : decision.change,
      })
      .returning(PAYMENT_COLUMNS);
    return { kind: 'taken', payment: storedOf(row!), created: true };
  });

export const makeCounterPaymentsPostgres = (db: Knex) =>
  CounterPayments.of({
    paymentMethod: (id) =>
      Effect.promise(async () => {
        const row: MethodRow | undefined = await db('payment_methods').where({ id }).first();
        return row ? methodOf(row) : null;
      }),
    methodOfType: (paymentType) =>
      Effect.promise(async () => {
        const row: MethodRow | undefined = await db('payment_methods')
          .where({ payment_type: paymentType, is_active: true })
          .orderBy(['display_order', 'id'])
          .first();
        return row ? methodOf(row) : null;
      }),
    compType: (id) =>
      Effect.promise(async () => {
        const row:
          { id: number; name: string; max_comp_quantity: number | null; is_active: boolean } | undefined =
          await db('comp_types').where({ id }).first();
        return row
          ? { id: row.id, name: row.name, maxCompQuantity: row.max_comp_quantity, isActive: row.is_active }
          : null;
      }),
    startAttempt: (attempt, facts, paymentRef) =>
      Effect.promise(() => startAttempt(db, attempt, facts, paymentRef)),
    payment: (id) =>
      Effect.promise(async () => {
        const row: PaymentRow | undefined = await db('payments').where({ id }).first(PAYMENT_COLUMNS);
        return row ? storedOf(row) : null;
      }),
    paymentByKey: (key) =>
      Effect.promise(async () => {
        const row: PaymentRow | undefined = await db('payments')
          .where({ idempotency_key: key })
          .first(PAYMENT_COLUMNS);
        return row ? storedOf(row) : null;
      }),
    balance: (orderId) => Effect.promise(() => balanceOf(db, orderId)),
    payBalance: (payment, decide) => Effect.promise(() => payBalance(db, payment, decide)),
    settle: (id, outcome) =>
      Effect.promise(async () => {
        const columns =
          outcome.status === 'succeeded'
            ? Object.fromEntries(
                Object.entries(
                  successColumns({ status: 'succeeded', paymentRef: null, card: outcome.card }),
                ).filter(([, v]) => v !== null),
              )
            : { failure_code: outcome.code, failure_message: outcome.message };
        await db('payments')
          .where({ id, status: 'pending' })
          .update({ status: outcome.status, ...columns, updated_at: db.fn.now() });
      }),
  });

export const CounterPaymentsPostgres = (db: Knex) =>
  Layer.succeed(CounterPayments, makeCounterPaymentsPostgres(db));
