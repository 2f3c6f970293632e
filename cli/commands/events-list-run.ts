import { Cause, Exit } from 'effect';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { listEvents } from '../../core/catalogue/list-events.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

// What `foyer events list` does, loaded only when it runs (help and bad arguments answer at once).

export interface EventsListOptions {
  readonly series?: string | undefined;
  readonly from?: string | undefined;
  readonly limit: number;
  readonly json?: boolean | undefined;
}

export const printEvents = async (options: EventsListOptions) => {
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      const exit = await runtime.runPromiseExit(
        listEvents({
          ...(options.series ? { seriesCode: options.series } : {}),
          ...(options.from ? { startDate: options.from } : {}),
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
        e.LocalDate.replace('T', ' ').slice(0, 16),
        e.EventTemplateCode,
        e.Name,
        e.Venue.DisplayName,
        e.Availability,
        e.IsBeforeSaleDate ? `on sale ${e.LocalOnSaleDate.slice(0, 10)}` : 'on sale',
      ]);
      process.stdout.write(
        formatTable(['ID', 'Local time', 'Series', 'Event', 'Venue', 'Availability', 'Sale'], rows) + '\n',
      );
      if (page.HasMore) process.stdout.write(`… more events follow (use --limit or --from).\n`);
    } finally {
      await runtime.dispose();
    }
  });
};
