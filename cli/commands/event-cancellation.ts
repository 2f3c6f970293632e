import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, exitCodes } from '../context.ts';
import type { EventCancelOptions } from './event-cancellation-run.ts';

// `foyer event cancel <eventId>`: an event cancelled with all its orders, their tickets
// cancelled and (with --refund) their money given back. Arguments are checked here, before the
// database opens; the work is in event-cancellation-run.ts. The fee is typed in major units (2.50) and
// turned into minor units there, once the event's currency is known.

const EventId = z.coerce
  .number({ error: 'must be an event id' })
  .int('must be an event id')
  .positive('must be an event id');
const Fee = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d+)?$/, 'must be an amount like 2.50 (0 or more)');
// Each worker keeps its order's row locked on one connection while it works the order on others:
// at most 8, so the command's pool of 20 always has connections left for the work itself.
const Concurrency = z.coerce
  .number({ error: 'must be a whole number from 1 to 8' })
  .int('must be a whole number from 1 to 8')
  .min(1, 'must be a whole number from 1 to 8')
  .max(8, 'must be a whole number from 1 to 8');
const ReportPath = z.string().trim().min(1, 'must be a file path');

const parse = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]!.message}`, exitCodes.usage);
  return parsed.data;
};

export const registerEventCancel = (program: Command) => {
  const event = program.command('event').description('one event: cancel it with its orders');
  event
    .command('cancel')
    .description(
      'cancel an event: its sale stops, every order loses its tickets of it (a fee kept per order) and, with --refund, gets its money back; stopped at any point, run it again to resume',
    )
    .argument('<eventId>')
    .option('--refund', 'give each order its credit back (the way it paid)')
    .option('--fee <amount>', "kept per order, in the currency's major units (e.g. 2.50)", '0')
    .option('--dry-run', 'say what would happen and change nothing')
    .option('-y, --yes', 'do not ask for confirmation (money moves: needed without a terminal)')
    .option('--concurrency <k>', 'orders worked at once (1-8)', '4')
    .option('--report <file>', 'where to write the CSV report (default: a new file in the temp folder)')
    .action(
      async (
        raw: string,
        options: {
          refund?: boolean;
          fee: string;
          dryRun?: boolean;
          yes?: boolean;
          concurrency: string;
          report?: string;
        },
      ) => {
        const parsed: EventCancelOptions = {
          eventId: parse(EventId, raw, 'eventId'),
          refund: options.refund === true,
          fee: parse(Fee, options.fee, '--fee'),
          dryRun: options.dryRun === true,
          yes: options.yes === true,
          concurrency: parse(Concurrency, options.concurrency, '--concurrency'),
          ...(options.report === undefined ? {} : { report: parse(ReportPath, options.report, '--report') }),
        };
        await (await import('./event-cancellation-run.ts')).cancelEvent(parsed);
      },
    );
};
