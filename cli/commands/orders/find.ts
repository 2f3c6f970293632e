import { formatTable } from '../../ui/table.ts';
import { searchOrders } from '../../../core/orders/staff-orders/staff-orders.ts';
import { formatMoney } from '../../../core/i18n/format-money.ts';
import { instantWords } from '../../../core/i18n/time-zone-words.ts';
import { summaryAnswer } from '../../../adapters/http/staff-orders/views.ts';
import { houseTimeZone, printJson, printLines, withAppRuntime } from './run.ts';

// What `foyer orders find` does: the staff order search (core/orders/staff-orders/staff-orders.ts), the same
// matching as the box office's search screen, newest first. Without text, every order of the
// event or the day.

/** Checked by orders.ts. */
export interface FindOrders {
  /** null: no text, only --event and/or --date. */
  readonly q: string | null;
  readonly eventId: number | null;
  readonly date: string | null;
  readonly limit: number;
  readonly json: boolean;
}

/** What was asked, for the answer when nothing matches. */
const noneFound = (find: FindOrders): string => {
  if (find.q !== null) return `No orders match "${find.q}".`;
  if (find.eventId !== null)
    return `No orders for event ${find.eventId}${find.date === null ? '' : ` on ${find.date}`}.`;
  return `No orders for events on ${find.date}.`;
};

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
      printLines([noneFound(find)]);
      return;
    }
    // Each order's amounts as its venue's currency locale writes them, its times on that venue's
    // clock (an order without tickets: the house's).
    const house = page.rows.some((o) => o.timeZone === null) ? await houseTimeZone(runtime) : 'UTC';
    const rows = page.rows.map((o) => [
      o.name,
      instantWords(new Date(o.createdAt), o.timeZone ?? house),
      o.status,
      o.customerName ?? '',
      o.email ?? '',
      o.phone ?? '',
      o.eventNames.join(', '),
      String(o.ticketCount),
      formatMoney(o.total, o.currencyLocale),
      formatMoney(o.balanceDue, o.currencyLocale),
    ]);
    const lines = [
      formatTable(
        [
          'Order',
          'Created',
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
