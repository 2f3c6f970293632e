import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, exitCodes } from '../context.ts';
import { parseIsoDay } from './day-option.ts';
import type { ReportOptions } from './boxoffice-report-run.ts';

// `foyer boxoffice report`: the till at shift close from a terminal or a script. Arguments are
// checked here, before anything opens the database; the work is in boxoffice-report-run.ts.

const Email = z.string().trim().max(254).email({ message: 'must be an e-mail address' });
const Counter = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const VenueId = z.coerce.number().int('must be a venue id').positive('must be a venue id');

const parse = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]!.message}`, exitCodes.usage);
  return parsed.data;
};

export const registerBoxoffice = (program: Command) => {
  const boxoffice = program.command('boxoffice').description('the box office: the till at shift close');
  boxoffice
    .command('report')
    .description(
      "a day's counter takings per seller and counter (cash, checks, cards, comps, custom, refunds paid out, cash expected in the drawer) in the venue's time zone",
    )
    .option(
      '-d, --date <YYYY-MM-DD>',
      "the day on the venue's clock (default: today in the venue's time zone)",
    )
    .option('-s, --seller <email>', "one seller's takings (their e-mail)")
    .option('-c, --counter <name>', "one counter's takings (e.g. 'Window 1', 'Browser')")
    .option('--venue <id>', "whose till: its time zone and currency (default: the first venue, the house's)")
    .option('--csv', 'print CSV (RFC 4180) instead of a table')
    .option(
      '--orders',
      'with --csv: one line per payment behind the figures instead of one per seller and counter',
    )
    .action(
      async (options: {
        date?: string;
        seller?: string;
        counter?: string;
        venue?: string;
        csv?: boolean;
        orders?: boolean;
      }) => {
        const report: ReportOptions = {
          date: options.date === undefined ? null : parseIsoDay(options.date, '--date'),
          csv: options.csv === true,
          orders: options.orders === true,
          ...(options.seller === undefined ? {} : { seller: parse(Email, options.seller, '--seller') }),
          ...(options.counter === undefined ? {} : { counter: parse(Counter, options.counter, '--counter') }),
          ...(options.venue === undefined ? {} : { venue: parse(VenueId, options.venue, '--venue') }),
        };
        await (await import('./boxoffice-report-run.ts')).boxofficeReport(report);
      },
    );
};
