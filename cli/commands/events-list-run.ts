import { Cause, Exit } from 'effect';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { listEvents } from '../../core/catalogue/list-events.ts';
import { localTimeWords } from '../../core/i18n/time-zone-words.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// What `foyer events list` does, loaded only when it runs (help and bad arguments answer at once).

export interface EventsListOptions {
  readonly series?: string | undefined;
  /** YYYY-MM-DD, checked by events-list.ts. */
  readonly from?: string | undefined;
  readonly limit: number;
  readonly json?: boolean | undefined;
}

/** '2026-12-01' as the API's '12-01-2026'. */
const monthFirst = (isoDay: string) => `${isoDay.slice(5, 7)}-${isoDay.slice(8, 10)}-${isoDay.slice(0, 4)}`;

export const printEvents = async (options: EventsListOptions) => {
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      const exit = await runtime.runPromiseExit(
        listEvents({
          ...(options.series ? { seriesCode: options.series } : {}),
          // The API's day is MM-DD-YYYY (core/catalogue/url-date.ts); the command line's is ISO.
          ...(options.from ? { startDate: monthFirst(options.from) } : {}),
          limit: options.limit,
          offset: 0,
        }),
      );
      if (Exit.isFailure(exit)) {
        const failure = Cause.findErrorOption(exit.cause);
        if (failure._tag === 'Some') throw new CliError(`--from: ${failure.value.reason}`, exitCodes.usage);
        throw Cause.squash(exit.cause);
      }
      const page = exit.value;
      if (options.json) {
        process.stdout.write(JSON.stringify(page, null, 2) + '\n');
        return;
      }
      if (page.Items.length === 0) {
        process.stdout.write('No events found.\n');
        return;
      }
      const rows = page.Items.map((e) => [
        String(e.ID),
        localTimeWords(e.LocalDate, e.Venue.TimeZone),
        e.EventTemplateCode,
        e.Name,
        e.Venue.DisplayName,
        e.Availability,
        e.IsBeforeSaleDate ? `on sale ${e.LocalOnSaleDate.slice(0, 10)}` : 'on sale',
      ]);
      process.stdout.write(
        formatTable(['ID', 'Starts', 'Series', 'Event', 'Venue', 'Availability', 'Sale'], rows) + '\n',
      );
      if (page.HasMore) process.stdout.write(`… more events follow (use --limit or --from).\n`);
    } finally {
      await runtime.dispose();
    }
  });
};
