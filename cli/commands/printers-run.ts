import { Effect, ManagedRuntime } from 'effect';
import type { Knex } from 'knex';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { confirmOrRefuse } from './orders/run.ts';
import { removePrinter } from '../../adapters/postgres/printing/print-commands.ts';
import { PrintQueue, type Printer } from '../../core/printing/ports.ts';
import { faultMessage, type PrinterFault } from '../../core/printing/print-queue.ts';
import { ticketStock } from '../../core/printing/ticket-stock.ts';
import type { TicketLayout } from '../../core/printing/ticket-layout.ts';
import type { ReceiptLayout } from '../../core/printing/receipt-layout.ts';
import { escposReceipt } from '../../adapters/printing/escpos.ts';
import { fglTicket } from '../../adapters/printing/fgl.ts';
import { openPrinterLink } from '../../adapters/printing/printer-link.ts';
import { PrintQueuePostgres } from '../../adapters/printing/print-queue-layer.ts';
import { printQueueOptions } from './print-options.ts';

export interface NewPrinterOptions {
  readonly name: string;
  readonly kind: 'fgl' | 'escpos';
  readonly address: string;
  readonly dpi: 200 | 300;
  readonly verify: boolean;
}

// What `foyer printers` does, loaded only when it runs: through the PrintQueue port
// (core/printing/ports.ts) as the admin calls do (adapters/http/printing/plugin.ts).

const out = (line: string) => process.stdout.write(`${line}\n`);

/** The print queue over the database; nothing is woken: the command line prints in-process. */
export const withPrintQueue = <A>(fn: (queue: PrintQueue['Service'], db: Knex) => Promise<A>): Promise<A> =>
  withDatabase(cliContext(), async ({ db }) => {
    const runtime = ManagedRuntime.make(PrintQueuePostgres(db, async () => {}, printQueueOptions()));
    try {
      const queue = await runtime.runPromise(
        Effect.gen(function* () {
          return yield* PrintQueue;
        }),
      );
      return await fn(queue, db);
    } finally {
      await runtime.dispose();
    }
  });

export const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect);

export const printerNamed = async (queue: PrintQueue['Service'], name: string): Promise<Printer> => {
  const printer = (await run(queue.printers())).find((p) => p.name === name);
  if (!printer)
    throw new CliError(`No printer is named "${name}" (foyer printers list).`, exitCodes.notFound);
  return printer;
};

const describe = (p: Printer) =>
  `${p.name}  ${p.kind === 'fgl' ? 'tickets (fgl)' : 'receipts (escpos)'}  ${p.address}` +
  (p.kind === 'fgl' ? `  ${p.dpi} dpi${p.verify ? ', confirms each ticket' : ''}` : '') +
  (p.active ? '' : '  (removed)');

export const addPrinterCommand = (options: NewPrinterOptions) =>
  withPrintQueue(async (queue) => {
    const added = await run(queue.addPrinter(options));
    if (!added) throw new CliError(`--name: a printer is named "${options.name}" already.`, exitCodes.usage);
    out(`Added printer ${added.id}: ${describe(added)}`);
  });

export const listPrintersCommand = (json: boolean) =>
  withPrintQueue(async (queue) => {
    const printers = await run(queue.printers());
    if (json) {
      out(
        JSON.stringify(
          printers.map((p) => ({
            Id: p.id,
            Name: p.name,
            Kind: p.kind,
            Address: p.address,
            Dpi: p.dpi,
            Verify: p.verify,
            Active: p.active,
          })),
          null,
          2,
        ),
      );
      return;
    }
    if (printers.length === 0)
      out('No printers yet: foyer printers add --name N --kind fgl --address tcp://host:9100');
    for (const p of printers) out(describe(p));
  });

const testTicket = (printer: Printer): Uint8Array => {
  const stock = ticketStock(printer.dpi);
  const text = (row: number, words: string) =>
    ({
      kind: 'text',
      role: 'event',
      row,
      column: 40,
      font: 3,
      tall: 1,
      wide: 1,
      rotation: 'none',
      text: words,
    }) as const;
  const layout: TicketLayout = {
    stock,
    marks: [
      text(40, 'FOYER TEST TICKET'),
      text(100, printer.name.slice(0, 30)),
      text(160, new Date().toISOString()),
    ],
  };
  return Buffer.from(fglTicket(layout), 'latin1');
};

const testReceipt = (printer: Printer): Uint8Array => {
  const layout: ReceiptLayout = {
    kind: 'sale',
    lines: [
      { text: 'Foyer test receipt', size: 'double', bold: true },
      { text: printer.name.slice(0, 48), size: 'normal', bold: false },
      { text: new Date().toISOString(), size: 'normal', bold: false },
    ],
    totals: { items: [], adjustments: 0, total: 0, paid: 0, change: 0, due: 0 },
    openDrawer: false,
    qr: null,
  };
  return escposReceipt(layout);
};

const STATUS_WORDS: Readonly<Record<PrinterFault, string>> = {
  'paper-out': 'paper out',
  'paper-jam': 'paper jam',
  'cutter-jam': 'cutter jam',
  'cover-open': 'cover open',
  'printer-error': 'error',
  unreachable: 'unreachable',
  'no-answer': 'no answer',
};

export const testPrinterCommand = (name: string) =>
  withPrintQueue(async (queue) => {
    const printer = await printerNamed(queue, name);
    const options = printQueueOptions();
    const link = await openPrinterLink(printer, options.connectTimeoutMs ?? 5_000);
    const fault = async (): Promise<PrinterFault | null> => {
      if (link === 'unreachable') return 'unreachable';
      try {
        const outcome = await link.print(
          printer.kind === 'fgl' ? testTicket(printer) : testReceipt(printer),
          options.ackTimeoutMs ?? 30_000,
        );
        return outcome.printed ? null : outcome.fault;
      } finally {
        link.close();
      }
    };
    const found = await fault();
    if (found === null) {
      out(`${printer.name}: ready (printed a test ${printer.kind === 'fgl' ? 'ticket' : 'receipt'}).`);
      return;
    }
    out(`${printer.name}: ${STATUS_WORDS[found]}.`);
    throw new CliError(
      faultMessage(printer.name, found).replace(', then resume the job', ', then test again'),
    );
  });

export const removePrinterCommand = (name: string, yes: boolean) =>
  withPrintQueue(async (queue, db) => {
    const printer = await printerNamed(queue, name);
    await confirmOrRefuse(`Remove printer "${printer.name}" (${printer.address})?`, yes);
    const removed = await removePrinter(db, printer.id);
    if (typeof removed === 'object')
      throw new CliError(
        `Refused: ${printer.name} has ${removed.busy} print ${removed.busy === 1 ? 'job' : 'jobs'} queued, running or paused. Let them finish or cancel them first. Nothing changed.`,
        exitCodes.failed,
      );
    out(
      removed === 'removed'
        ? `Removed printer ${printer.name}.`
        : `Printer ${printer.name} is no longer in use (kept with its finished jobs' history).`,
    );
  });
