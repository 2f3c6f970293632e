import type { Command } from 'commander';
import { Cause, Exit } from 'effect';
import { z } from 'zod';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { formatTable } from '../ui/table.ts';
import { listEvents } from '../../core/catalogue/list-events.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';

const Options = z.object({
  series: z.string().trim().min(1).max(64).optional(),
  from: z
    .string()
    .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be MM-DD-YYYY')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  json: z.boolean().optional(),
});

export const registerEvents = (program: Command) => {
  const events = program.command('events').description('events on sale');
  events
    .command('list')
    .description('upcoming events in start order')
    .option('-s, --series <code>', 'only this series (event template code)')
    .option('-f, --from <MM-DD-YYYY>', 'events on or after this local day (default today)')
    .option('-n, --limit <n>', 'how many (1-100)', '20')
    .option('--json', 'print the API JSON instead of a table')
    .action(async (raw: Record<string, unknown>) => {
      const parsed = Options.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CliError(`--${issue.path.join('.')}: ${issue.message}`, exitCodes.usage);
      }
      const options = parsed.data;
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
            if (failure._tag === 'Some')
              throw new CliError(`--from: ${failure.value.reason}`, exitCodes.usage);
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
            formatTable(['ID', 'Local time', 'Series', 'Event', 'Venue', 'Availability', 'Sale'], rows) +
              '\n',
          );
          if (page.HasMore) process.stdout.write(`… more events follow (use --limit or --from).\n`);
        } finally {
          await runtime.dispose();
        }
      });
    });
};
