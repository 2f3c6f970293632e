import { formatInTimeZone } from 'date-fns-tz';
import type { EventRecord } from '../../catalogue/event.ts';
import { selectSeatsUrl } from '../../catalogue/storefront-urls.ts';
import type { SeatChangeNotice } from '../../basket/ports.ts';
import type { MailMessage } from '../../orders/ports.ts';
import { monthFirst } from '../../orders/ticket-text.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

// The sold-out e-mail: when seats of a performance come back on sale, each buyer who asked is
// told once, with a link to choose seats. Plain rules over plain data; the job is
// notify-tickets-available.ts.

/** The events some of whose seats or places went back to Open, each once, in id order. */
export const eventsWithReturnedSeats = (changes: readonly SeatChangeNotice[]): number[] =>
  [...new Set(changes.filter((c) => c.status === 'Open' && c.keys.length > 0).map((c) => c.eventId))].sort(
    (a, b) => a - b,
  );

export type EventForNotice = Pick<
  EventRecord,
  | 'id'
  | 'name'
  | 'startsAt'
  | 'onSaleAt'
  | 'isCancelled'
  | 'useHeavyOnSale'
  | 'inventory'
  | 'series'
  | 'venue'
>;

/**
 * Whether buyers should be told now: the performance is on sale, not cancelled, still to come,
 * and has a seat or place open (a seat freed and taken again at once announces nothing).
 */
export const ticketsBackOnSale = (
  event: Pick<EventForNotice, 'startsAt' | 'onSaleAt' | 'isCancelled' | 'inventory'>,
  now: Date,
): boolean =>
  !event.isCancelled &&
  event.startsAt.getTime() > now.getTime() &&
  event.onSaleAt.getTime() <= now.getTime() &&
  event.inventory.open > 0;

/**
 * 'Tuesday, December 1, 2026, 7:30 PM' (US) or 'Tuesday 1 December 2026, 7:30 PM': the
 * performance's wall-clock time in its venue's time zone, written as the venue's country does.
 */
export const performanceDate = (event: Pick<EventForNotice, 'startsAt' | 'venue'>): string =>
  formatInTimeZone(
    event.startsAt,
    event.venue.timeZone,
    monthFirst(event.venue.currencyLocale) ? 'EEEE, MMMM d, yyyy, h:mm a' : 'EEEE d MMMM yyyy, h:mm a',
  );

/** Where the buyer chooses seats: the event's seat map (best available for heavy on-sales). */
export const seatsPageUrl = (
  event: Pick<EventForNotice, 'id' | 'series' | 'useHeavyOnSale'>,
  publicUrl: string,
): string =>
  `${publicUrl.replace(/\/+$/, '')}${selectSeatsUrl(event.series.code, event.id, event.useHeavyOnSale)}`;

/** The e-mail to one buyer who asked to hear when tickets for this performance came back. */
export const ticketsAvailableEmail = (to: string, event: EventForNotice, publicUrl: string): MailMessage => {
  const when = performanceDate(event);
  const zone = formatInTimeZone(event.startsAt, event.venue.timeZone, 'zzz');
  const venue = event.venue.displayName || event.venue.name;
  const url = seatsPageUrl(event, publicUrl);
  const subject = `Tickets are available again for ${event.name} on ${when}`;
  const paragraphs = [
    'Hello,',
    `Tickets are available again for ${event.name} on ${when} (${zone}) at ${venue}.`,
    'You asked us to tell you when seats for this performance came back on sale. They go to whoever books first, so they may not last long.',
    'This is the only e-mail about this performance you will get from this request.',
  ];
  return {
    to,
    subject,
    text: [...paragraphs, `Choose your seats: ${url}`, 'The box office'].join('\n\n') + '\n',
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:640px;margin:0 auto;padding:16px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1f3a5f;color:#fff;text-decoration:none;border-radius:4px">Choose your seats</a></p>
<p>The box office</p>
</body></html>
`,
    attachments: [],
  };
};
