import { Context, type Effect } from 'effect';
import type { SeatChangeNotice } from '../../basket/ports.ts';
import type { AfterSaleActor } from '../after-sale.ts';
import type { OrderNotFound, TicketsNotCancellable } from '../after-sale-errors.ts';
import type { CancellationPlan, TicketLine } from './cancellation.ts';
import type { OrderNoteView, OrderSearchFilter, OrderSearchPage, StaffOrderRecord } from './views.ts';

// Ports of orders for staff after the sale: the read model (search, one order's story, notes)
// and the cancellation's one transaction.

export class StaffOrders extends Context.Service<
  StaffOrders,
  {
    readonly search: (filter: OrderSearchFilter) => Effect.Effect<OrderSearchPage>;
    /** null: no such order. */
    readonly detail: (orderId: number) => Effect.Effect<StaffOrderRecord | null>;
    /** null: no such order. */
    readonly addNote: (
      orderId: number,
      actor: AfterSaleActor,
      text: string,
    ) => Effect.Effect<OrderNoteView | null>;
    /** The order's Active tickets' ids (what a resent e-mail may carry); null: no such order. */
    readonly activeTicketIds: (orderId: number) => Effect.Effect<readonly number[] | null>;
  }
>()('foyer/orders/StaffOrders') {}

export interface CancellationRequest {
  readonly orderId: number;
  readonly reason: string | null;
  readonly actor: AfterSaleActor;
  readonly runId: number | null;
  /**
   * Judged on the order's tickets and its own charges (delivery and order-level fees), as read
   * under the order's lock.
   */
  readonly decide: (
    tickets: readonly TicketLine[],
    orderCharges: number,
  ) => CancellationPlan | TicketsNotCancellable;
}

export interface CancellationDone {
  readonly cancelledTicketIds: readonly number[];
  readonly orderStatus: 'Complete' | 'Cancelled';
  /** After; negative: credit owed. */
  readonly balanceDue: number;
  /** Seats and GA places back on sale, for the live seat feed. */
  readonly changes: readonly SeatChangeNotice[];
}

/**
 * Cancelling tickets is ONE transaction: the order row locked, its tickets read and `decide`
 * asked, the tickets marked Cancelled, the adjustments written, the order Cancelled when no
 * Active ticket remains, and the seats and places given back (the seat-status home). A refusal
 * changes nothing.
 */
export class TicketCancellations extends Context.Service<
  TicketCancellations,
  {
    readonly cancel: (
      request: CancellationRequest,
    ) => Effect.Effect<CancellationDone, OrderNotFound | TicketsNotCancellable>;
  }
>()('foyer/orders/TicketCancellations') {}
