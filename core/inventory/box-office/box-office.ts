import { Effect } from 'effect';
import { InvalidRequest } from '../../shared/errors.ts';
import { BoxOfficeReads } from './ports.ts';
import { viewBoxOfficeInventory, type BoxOfficeViewer } from './view.ts';
import { isSearchProblem, parseSellSearch } from './sell-search.ts';

// The box office's selling screens' reads, as use cases (adapters/http/staff-inventory/).

/** The clerk's staff seat map of one event (view.ts). */
export const viewBoxOffice = (eventId: number, viewer: BoxOfficeViewer) =>
  Effect.map(
    BoxOfficeReads.use((reads) => reads.staffSeats(eventId)),
    (snapshot) => viewBoxOfficeInventory(snapshot, viewer),
  );

/** The clerk's selling search: refused, naming the field, when the search cannot be read. */
export const searchToSell = (input: { q?: string | undefined; date?: string | undefined; limit: number }) =>
  Effect.gen(function* () {
    const search = parseSellSearch(input.q, input.date);
    if (isSearchProblem(search))
      return yield* Effect.fail(new InvalidRequest({ field: search.field, reason: search.reason }));
    return yield* BoxOfficeReads.use((reads) => reads.search(search, input.limit));
  });
