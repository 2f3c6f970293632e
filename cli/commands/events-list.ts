import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, exitCodes } from '../context.ts';
import { parseIsoDay } from './day-option.ts';

const Options = z.object({
  series: z.string().trim().min(1).max(64).optional(),
  from: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  json: z.boolean().optional(),
});

export const registerEvents = (program: Command) => {
  const events = program.command('events').description('events on sale');
  events
    .command('list')
    .description('upcoming events in start order')
    .option('-s, --series <code>', 'only this series (event template code)')
    .option('-f, --from <YYYY-MM-DD>', "events on or after this day on the venue's clock (default today)")
    .option('-n, --limit <n>', 'how many (1-100)', '20')
    .option('--json', 'print the API JSON instead of a table')
    .action(async (raw: Record<string, unknown>) => {
      const parsed = Options.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new CliError(`--${issue.path.join('.')}: ${issue.message}`, exitCodes.usage);
      }
      const from = parsed.data.from === undefined ? undefined : parseIsoDay(parsed.data.from, '--from');
      const { printEvents } = await import('./events-list-run.ts');
      await printEvents({ ...parsed.data, from });
    });
};
