import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { Cause, Exit } from 'effect';
import type { AfterSaleActor } from '../../../core/orders/after-sale.ts';
import { cancelTickets } from '../../../core/orders/staff-orders/cancel-tickets.ts';
import { refundOrder, type RefundResult } from '../../../core/orders/refunds/refund-order.ts';
import { StaffOrders } from '../../../core/orders/staff-orders/ports.ts';
import {
  addOrderNote,
  orderDetail,
  resendOrderTickets,
  searchOrders,
} from '../../../core/orders/staff-orders/staff-orders.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  AddNoteRequest,
  CancelTicketsAnswer,
  CancelTicketsRequest,
  OrderIdParams,
  OrderNote,
  OrderSearchAnswer,
  OrderSearchQuery,
  ResendAnswer,
  StaffOrderDetail,
} from '../contract/staff-orders.ts';
import { refusedWords } from '../refunds/answers.ts';
import { defineRoute } from '../route.ts';
import { runStaffOrders, valueOf } from './answers.ts';
import { detailAnswer, noteAnswer, summaryAnswer } from './views.ts';

// Orders for staff after the sale: find an order, read its whole story, note something on it,
// e-mail its tickets again, cancel some or all of its tickets (and, asked, give the credit back
// at once). Reading needs 'sell' (every role that may view reports may sell too:
// admin-orders.test.ts checks it); cancelling needs 'refund'. The session plugin writes the audit
// entries with the order's id (the path's {id}).

export interface AdminOrdersPluginOptions {
  readonly runtime: AppRuntime;
}

const tags = ['staff-orders'];
const DEFAULT_COUNTER = 'Browser';
const PAGE_SIZE = 25;

const actorOf = async (request: Request, counter: string | null | undefined): Promise<AfterSaleActor> => {
  const staff = await staffOf(request);
  // The route's permission let only staff in.
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return {
    staffUserId: staff.staffUserId,
    name: staff.name || staff.email,
    counter: counter ?? DEFAULT_COUNTER,
  };
};

/** A 5xx with its own words for the clerk (the generic 500 text otherwise). */
const withOwnWords = async <A>(h: ResponseToolkit, run: () => Promise<A>) => {
  try {
    return await run();
  } catch (error) {
    if (Boom.isBoom(error) && error.output.statusCode === 502) {
      const words = (error.data as { message?: string } | null)?.message ?? 'Error completing request';
      return h.response({ Message: words }).code(502);
    }
    throw error;
  }
};

/** The order's money locale, for refusals that name amounts. */
const localeOf = async (runtime: AppRuntime, orderId: number) =>
  (await runtime.runPromise(StaffOrders.use((orders) => orders.detail(orderId))))?.order.currencyLocale;

/**
 * The credit the cancellation left, given back by the rules' allocation. The tickets are
 * cancelled whatever happens here: a refund that cannot be made leaves the credit owed and
 * says why.
 */
const refundCredit = async (
  runtime: AppRuntime,
  orderId: number,
  reason: string | null,
  actor: AfterSaleActor,
): Promise<{ result: RefundResult | null; error: string | null }> => {
  const exit = await runtime.runPromiseExit(refundOrder({ orderId, amount: 'credit', reason, actor }));
  if (Exit.isSuccess(exit)) {
    const failed = exit.value.refunds.filter((r) => r.status === 'failed');
    return {
      result: exit.value,
      error:
        failed.length > 0
          ? 'The payment processor refused part of the refund: that credit is still owed. Refund it from the order page.'
          : null,
    };
  }
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some') {
    const error = failure.value;
    switch (error._tag) {
      case 'RefundRefused':
        return { result: null, error: refusedWords(error, (await localeOf(runtime, orderId)) ?? 'en-us') };
      case 'OrderNotFound':
        return { result: null, error: `Order ${orderId} was not found.` };
    }
  }
  return {
    result: null,
    error: 'The refund could not be made: the credit is still owed. Refund it from the order page.',
  };
};

export const adminOrdersPlugin: Plugin<AdminOrdersPluginOptions> = {
  name: 'foyer-admin-orders',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'GET',
        path: '/api/admin/orders/search',
        summary:
          "Finds orders for staff: q is an order number (F0000123 or 123), a ticket barcode, a name, an e-mail or a phone; eventId and date (the event's local date, YYYY-MM-DD) narrow it. Newest first, 25 a page",
        tags,
        permission: 'sell',
        query: OrderSearchQuery,
        response: OrderSearchAnswer,
        handler: async ({ query }) => {
          const page = await runStaffOrders(
            runtime,
            searchOrders({
              q: query.q ?? null,
              eventId: query.eventId ?? null,
              date: query.date ?? null,
              page: query.page,
              pageSize: PAGE_SIZE,
            }),
          );
          return {
            Orders: page.rows.map(summaryAnswer),
            Total: page.total,
            Page: query.page,
            PageSize: PAGE_SIZE,
          };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/orders/{id}',
        summary:
          "One order's whole story for staff: tickets, products, payments (what each may still give back), refunds, changes to the total, balance, delivery, notes and audit. 404 no such order",
        tags,
        permission: 'sell',
        params: OrderIdParams,
        response: StaffOrderDetail,
        handler: async ({ params }) => detailAnswer(await runStaffOrders(runtime, orderDetail(params.id))),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/orders/{id}/notes',
        summary: "Adds a staff note to an order (the staff member's name is kept with it). 404 no such order",
        tags,
        permission: 'sell',
        params: OrderIdParams,
        payload: AddNoteRequest,
        response: OrderNote,
        handler: async ({ params, payload, request }) =>
          noteAnswer(
            await runStaffOrders(
              runtime,
              addOrderNote(params.id, await actorOf(request, null), payload.Text),
            ),
          ),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/orders/{id}/resend',
        summary:
          "E-mails the order's Active tickets again to the order's address. 404 no such order; 409 no e-mail address or no Active ticket; 502 the mail server did not take it",
        tags,
        permission: 'sell',
        params: OrderIdParams,
        response: ResendAnswer,
        handler: async ({ params, h }) =>
          withOwnWords(h, async () => {
            const sent = await runStaffOrders(runtime, resendOrderTickets(params.id));
            return { Sent: true as const, Email: sent.email };
          }),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/orders/{id}/cancel',
        summary:
          "Cancels tickets of an order (TicketIds null: every Active ticket): their seats and places go back on sale, what they cost comes off the total less the Fee kept, the order is Cancelled when none is left. With Refund true the credit owed is then refunded by the rules' allocation; a refund that cannot be made leaves the credit owed and RefundError says why. 400 { Message, Fields } refused, nothing changed; 404 no such order",
        tags,
        permission: 'refund',
        params: OrderIdParams,
        payload: CancelTicketsRequest,
        response: CancelTicketsAnswer,
        handler: async ({ params, payload, request }) => {
          const actor = await actorOf(request, payload.Counter);
          const reason = payload.Reason ?? null;
          const program = cancelTickets({
            orderId: params.id,
            ticketIds: payload.TicketIds,
            fee: payload.Fee,
            reason,
            actor,
          });
          // Words that name amounts are in the order's money.
          const cancelled = await valueOf(await runtime.runPromiseExit(program), () =>
            localeOf(runtime, params.id),
          );
          const refund =
            payload.Refund && cancelled.balanceDue < 0
              ? await refundCredit(runtime, params.id, reason, actor)
              : { result: null, error: null };
          return {
            CancelledTicketIds: [...cancelled.cancelledTicketIds],
            OrderStatus: cancelled.orderStatus,
            BalanceDue: refund.result?.balanceDue ?? cancelled.balanceDue,
            Refunds: (refund.result?.refunds ?? []).map((r) => ({
              RefundId: r.refundId,
              PaymentId: r.paymentId,
              Amount: r.amount,
              RefundType: r.refundType,
              Status: r.status,
            })),
            RefundError: refund.error,
          };
        },
      }),
    ]);
  },
};
