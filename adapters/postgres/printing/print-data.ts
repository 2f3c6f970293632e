import type { Knex } from 'knex';
import type { PrintActor } from '../../../core/printing/ports.ts';
import type { TicketPrintPlan } from '../../../core/printing/print-queue.ts';
import { auditReprint, planOrderTickets } from './print-jobs.ts';

// Print data for the counter's bridge (bridge/): which of an order's tickets a print gives, by the
// same reprint rule as a queued job (core/printing/print-queue.ts), with nothing queued and
// nothing marked printed. A reprint whose data is given is audited, as a queued one is.

export const planTicketData = (
  db: Knex,
  request: {
    readonly orderId: number;
    readonly ticketIds: readonly number[] | null;
    readonly reprint: boolean;
    readonly actor: PrintActor;
  },
): Promise<
  | { readonly plan: TicketPrintPlan }
  | { readonly refused: 'no-order' }
  | { readonly refused: 'nothing-to-print'; readonly plan: TicketPrintPlan }
> =>
  db.transaction(async (trx) => {
    const order = await trx('orders').where({ id: request.orderId }).first('id');
    if (!order) return { refused: 'no-order' } as const;
    const plan = await planOrderTickets(trx, request.orderId, request.ticketIds, request.reprint);
    if (plan.print.length === 0) return { refused: 'nothing-to-print', plan } as const;
    const reprinted = plan.print.filter((p) => p.reprint).map((p) => p.ticketId);
    if (reprinted.length > 0)
      await auditReprint(trx, request.actor, request.orderId, { ticketIds: reprinted });
    return { plan };
  });
