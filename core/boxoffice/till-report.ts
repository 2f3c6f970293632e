import { Effect } from 'effect';
import { NotFound } from '../shared/errors.ts';
import { PaymentMethodSettings, TillMovements, type VenueTill } from './ports.ts';
import { tillDay, tillReport, type TillReport } from './till.ts';
import type { CalendarDate } from '../catalogue/local-time.ts';

export interface TillRequest {
  readonly date: CalendarDate;
  /** null: the first venue (the house). */
  readonly venueId: number | null;
  readonly sellerId?: number;
  readonly counter?: string;
}

export interface TillAnswer {
  readonly venue: VenueTill;
  readonly report: TillReport;
  /** Counter payments of the day in another currency (another venue's till). */
  readonly otherCurrencyPayments: number;
}

/** The till of one local day of the venue, for a seller and/or a counter. */
export const tillForDay = (request: TillRequest) =>
  Effect.gen(function* () {
    const venue = yield* (yield* PaymentMethodSettings).venue(request.venueId);
    if (!venue)
      return yield* Effect.fail(new NotFound({ entity: 'Venue', id: String(request.venueId ?? '') }));
    const { from, to } = tillDay(request.date, venue.timeZone);
    const query = {
      from,
      to,
      currency: venue.currency,
      ...(request.sellerId === undefined ? {} : { sellerId: request.sellerId }),
      ...(request.counter === undefined ? {} : { counter: request.counter }),
    };
    const movements = yield* TillMovements;
    const [rows, otherCurrencyPayments] = yield* Effect.all([
      movements.read(query),
      movements.otherCurrencies(query),
    ]);
    return { venue, report: tillReport(rows), otherCurrencyPayments } satisfies TillAnswer;
  });
