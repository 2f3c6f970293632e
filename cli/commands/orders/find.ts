import { decimal } from '../boxoffice-report-run.ts';
import { formatTable } from '../../ui/table.ts';
import { searchOrders } from '../../../core/orders/staff-orders/staff-orders.ts';
import { MINOR_UNIT_DIGITS } from '../../../core/shared/money-decimal.ts';
import { summaryAnswer } from '../../../adapters/http/staff-orders/views.ts';
import { printJson, printLines, withAppRuntime } from './run.ts';

// What `foyer orders find` does: the staff order search (core/orders/staff-orders/staff-orders.ts), the same
// matching as the box office's search screen, newest first.

/** Checked by orders.ts. */
export interface FindOrders {
  readonly q: string;
  readonly eventId: number | null;
  readonly date: string | null;
  readonly limit: number;
  readonly json: boolean;
}

export const findOrders = (find: FindOrders) =>
  withAppRuntime(async (runtime) => {
    const page = await runtime.runPromise(
      searchOrders({ q: find.q, eventId: find.eventId, date: find.date, page: 1, pageSize: find.limit }),
    );
    if (find.json) {
      printJson({ Orders: page.rows.map(summaryAnswer), Total: page.total });
      return;
    }
    if (page.rows.length === 0) {
      printLines([`No orders match "${find.q}".`]);
      return;
    }
    // Orders may be in different currencies: each amount names its own.
    const money = (minor: number, currency: string) => `${decimal(minor, MINOR_UNIT_DIGITS)} ${currency}`;
    const rows = page.rows.map((o) => [
      o.name,
      o.createdAt.slice(0, 16).replace('T', ' '),
      o.status,
      o.customerName ?? '',
      o.email ?? '',
      o.phone ?? '',
      o.eventNames.join(', '),
      String(o.ticketCount),
      money(o.total, o.currency),
      money(o.balanceDue, o.currency),
    ]);
    const lines = [
      formatTable(
        [
          'Order',
          'Created (UTC)',
          'Status',
          'Customer',
          'E-mail',
          'Phone',
          'Events',
          'Tickets',
          'Total',
          'Balance due',
        ],
        rows,
      ),
    ];
    if (page.total > page.rows.length)
      lines.push(
        `… ${page.total - page.rows.length} more match (narrow the text, or use --event, --date, --limit).`,
      );
    printLines(lines);
  });
