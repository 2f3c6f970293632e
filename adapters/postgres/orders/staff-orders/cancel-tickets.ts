import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { SeatChangeNotice } from '../../../../core/basket/ports.ts';
import { OrderNotFound, type TicketsNotCancellable } from '../../../../core/orders/after-sale-errors.ts';
import {
  isRefusal,
  type TicketLine,
  type TicketStatus,
} from '../../../../core/orders/staff-orders/cancellation.ts';
import {
  TicketCancellations,
  type CancellationDone,
  type CancellationRequest,
} from '../../../../core/orders/staff-orders/ports.ts';
import { unsellTickets } from '../../inventory/seat-status/unsell.ts';
import { pgArray } from '../../sql/pg-array.ts';
import { inTransaction, refuse } from '../../sql/transaction.ts';

// Cancelling tickets on PostgreSQL (TicketCancellations, core/orders/staff-orders/ports.ts): one
// transaction with the order's row locked, so two clerks cancelling the same tickets at once
// run one after the other and the second finds them Cancelled already.

interface TicketRow {
  id: number;
  status: TicketStatus;
  price: number;
  fee_total: number;
}

const lineOf = (t: TicketRow): TicketLine => ({
  id: t.id,
  status: t.status,
  price: t.price,
  feeTotal: t.fee_total,
});

export const cancelOrderTickets = (db: Knex, request: CancellationRequest) =>
  inTransaction<CancellationDone, OrderNotFound | TicketsNotCancellable>(db, async (trx) => {
    const order:
      { id: number; status: string; delivery_total: number; order_level_fee_total: number } | undefined =
      await trx('orders')
        .where({ id: request.orderId })
        .forUpdate()
        .first('id', 'status', 'delivery_total', 'order_level_fee_total');
    if (!order) return refuse(new OrderNotFound({ orderId: request.orderId }));
    const rows: TicketRow[] = await trx('order_tickets')
      .where({ order_id: order.id })
      .orderBy('id')
      .select('id', 'status', 'price', 'fee_total');
    const plan = request.decide(rows.map(lineOf), order.delivery_total + order.order_level_fee_total);
    if (isRefusal(plan)) return refuse(plan);
    let changes: SeatChangeNotice[] = [];
    if (plan.ticketIds.length > 0) {
      await trx('order_tickets')
        .whereIn('id', [...plan.ticketIds])
        .where({ order_id: order.id, status: 'Active' })
        .update({ status: 'Cancelled', cancelled_at: trx.fn.now() });
      const who = {
        order_id: order.id,
        reason: request.reason,
        staff_user_id: request.actor.staffUserId,
        staff_name: request.actor.name,
        cancellation_run_id: request.runId,
      };
      for (const adjustment of plan.adjustments) {
        const row = {
          ...who,
          kind: adjustment.kind,
          amount: adjustment.amount,
          ticket_ids: pgArray(plan.ticketIds),
        };
        // A run keeps its fee once per order (order_adjustments_once_per_run).
        if (request.runId !== null && adjustment.kind === 'cancellation_fee') {
          const insert = trx('order_adjustments').insert(row).toSQL();
          await trx.raw(
            `${insert.sql} on conflict (order_id, cancellation_run_id, kind) where cancellation_run_id is not null do nothing`,
            [...insert.bindings],
          );
        } else await trx('order_adjustments').insert(row);
      }
      changes = await unsellTickets(trx, order.id, plan.ticketIds);
    }
    const orderStatus = plan.orderCancelled ? 'Cancelled' : 'Complete';
    if (plan.orderCancelled && order.status !== 'Cancelled')
      await trx('orders').where({ id: order.id }).update({ status: 'Cancelled' });
    const balance: { balance_due: number } = await trx('order_balances')
      .where({ order_id: order.id })
      .first('balance_due');
    return {
      cancelledTicketIds: plan.ticketIds,
      orderStatus,
      balanceDue: balance.balance_due,
      changes,
    };
  });

export const makeTicketCancellationsPostgres = (db: Knex) =>
  TicketCancellations.of({
    cancel: (request) =>
      Effect.promise(() => cancelOrderTickets(db, request)).pipe(
        Effect.flatMap((outcome) =>
          outcome.ok ? Effect.succeed(outcome.value) : Effect.fail(outcome.error),
        ),
      ),
  });

export const TicketCancellationsPostgres = (db: Knex) =>
  Layer.succeed(TicketCancellations, makeTicketCancellationsPostgres(db));
