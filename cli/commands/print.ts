import type { Command } from 'commander';
import { parseId, parseOrderRef } from './orders/args.ts';
import { parsePrinterName } from './printers.ts';

// `foyer print order|batch`: tickets queued through the PrintQueue port (as the admin calls do)
// and printed by this process (print-run.ts), no worker needed. Stopped (Ctrl-C, or killed), the
// same command run again continues from the first ticket the printer did not acknowledge.

const printerOf = (text: string | undefined) => (text === undefined ? null : parsePrinterName(text));

export const registerPrint = (program: Command) => {
  const print = program.command('print').description('print tickets on a ticket printer from this terminal');
  print
    .command('order')
    .description("print an order's tickets (those not printed yet, or with --reprint all, marked REPRINT)")
    .argument('<order>', 'order number F0000123 or id')
    .option('--printer <name>', 'the ticket printer (default: the only one)')
    .option('--reprint', 'print tickets printed before again, marked REPRINT (audited)')
    .action(async (ref: string, options: { printer?: string; reprint?: boolean }) => {
      const orderId = parseOrderRef(ref);
      const printer = printerOf(options.printer);
      await (
        await import('./print-run.ts')
      ).printOrder({
        orderId,
        printer,
        reprint: options.reprint === true,
        again: `foyer print order ${ref}${printer ? ` --printer "${printer}"` : ''}`,
      });
    });
  print
    .command('batch')
    .description(
      "print an event's tickets, order by order (printed ones again, marked REPRINT, unless --only-unprinted)",
    )
    .requiredOption('--event <id>', 'the event')
    .option('--only-unprinted', 'leave out tickets printed before')
    .option('--printer <name>', 'the ticket printer (default: the only one)')
    .option(
      '-y, --yes',
      'reprint without asking (needed without a terminal when tickets were printed before)',
    )
    .action(async (options: { event: string; onlyUnprinted?: boolean; printer?: string; yes?: boolean }) => {
      const eventId = parseId(options.event, '--event');
      const printer = printerOf(options.printer);
      await (
        await import('./print-run.ts')
      ).printBatch({
        eventId,
        printer,
        onlyUnprinted: options.onlyUnprinted === true,
        yes: options.yes === true,
        again: `foyer print batch --event ${eventId}${options.onlyUnprinted ? ' --only-unprinted' : ''}${printer ? ` --printer "${printer}"` : ''}`,
      });
    });
};
