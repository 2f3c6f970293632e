import { CliError, exitCodes } from '../context.ts';
import { confirmOrRefuse, operator } from './orders/run.ts';
import { driveJobs, out } from './print-drive.ts';
import {
  activeTicketsOfEvent,
  eventExists,
  unfinishedTicketJobs,
  type UnfinishedJob,
} from '../../adapters/postgres/printing/print-commands.ts';
import { printerNamed, run, withPrintQueue } from './printers-run.ts';
import { orderName } from '../../core/orders/order-name.ts';
import type { NewJobRefused, PrintActor, Printer, PrintQueue } from '../../core/printing/ports.ts';

export interface PrintOrderOptions {
  readonly orderId: number;
  readonly printer: string | null;
  readonly reprint: boolean;
  /** The command to run again, said when the run stops before the end. */
  readonly again: string;
}

export interface PrintBatchOptions {
  readonly eventId: number;
  readonly printer: string | null;
  readonly onlyUnprinted: boolean;
  readonly yes: boolean;
  readonly again: string;
}

// What `foyer print order|batch` does, loaded only when it runs. Tickets are queued through the
// PrintQueue port with the reprint rule of core/printing/print-queue.ts, as the admin calls do,
// then printed here (print-drive.ts). Jobs an earlier run left unfinished (stopped, killed,
// paused on a fault) are continued rather than queued again, so no ticket is queued twice.

type Queue = PrintQueue['Service'];

const actor = (): PrintActor => {
  const { staffUserId, name } = operator();
  return { staffUserId, name };
};

/** The ticket printer named, or the only one in use. */
const ticketPrinter = async (queue: Queue, name: string | null): Promise<Printer> => {
  if (name !== null) {
    const printer = await printerNamed(queue, name);
    if (!printer.active) throw new CliError(`--printer: ${name} is no longer in use.`, exitCodes.notFound);
    if (printer.kind !== 'fgl')
      throw new CliError(
        `--printer: ${name} is a receipt printer; tickets print on a ticket printer.`,
        exitCodes.usage,
      );
    return printer;
  }
  const ticketPrinters = (await run(queue.printers())).filter((p) => p.active && p.kind === 'fgl');
  if (ticketPrinters.length === 1) return ticketPrinters[0]!;
  if (ticketPrinters.length === 0)
    throw new CliError(
      'No ticket printer: add one with foyer printers add --name N --kind fgl --address tcp://host:9100',
      exitCodes.notFound,
    );
  throw new CliError(
    `--printer: name one of the ticket printers: ${ticketPrinters.map((p) => p.name).join(', ')}.`,
    exitCodes.usage,
  );
};

const refusedWords = (refused: NewJobRefused, orderId: number): CliError => {
  switch (refused.refused) {
    case 'no-order':
      return new CliError(`No order ${orderName(orderId)} (id ${orderId}).`, exitCodes.notFound);
    case 'no-printer':
      return new CliError('The printer was not found or is not in use.', exitCodes.notFound);
    case 'wrong-printer':
      return new CliError('--printer: tickets print on a ticket printer (fgl).', exitCodes.usage);
    case 'nothing-to-print':
      return new CliError(
        refused.plan.alreadyPrinted.length > 0
          ? `${orderName(orderId)}: its tickets were printed already. To print them again: --reprint (marked REPRINT).`
          : `${orderName(orderId)} has no active ticket to print.`,
      );
  }
};

/** Continues unfinished jobs printer by printer. */
const continueJobs = async (queue: Queue, jobs: readonly UnfinishedJob[], again: string) => {
  const printers = await run(queue.printers());
  for (const printerId of new Set(jobs.map((j) => j.printerId))) {
    const printer = printers.find((p) => p.id === printerId)!;
    const ids = jobs.filter((j) => j.printerId === printerId).map((j) => j.jobId);
    out(
      `Continuing print ${ids.length === 1 ? 'job' : 'jobs'} ${ids.join(', ')} on ${printer.name}, from the first ticket not printed.`,
    );
    await driveJobs(queue, printer, ids, again);
  }
};

export const printOrder = (options: PrintOrderOptions) =>
  withPrintQueue(async (queue, db) => {
    const unfinished = await unfinishedTicketJobs(db, [options.orderId]);
    if (unfinished.length > 0) return continueJobs(queue, unfinished, options.again);
    const printer = await ticketPrinter(queue, options.printer);
    const queued = await run(
      queue.queueTickets({
        printerId: printer.id,
        orderId: options.orderId,
        ticketIds: null,
        reprint: options.reprint,
        actor: actor(),
      }),
    );
    if (!('jobId' in queued)) throw refusedWords(queued, options.orderId);
    const { plan } = queued;
    out(
      `Print job ${queued.jobId}: ${plan.print.length} ${plan.print.length === 1 ? 'ticket' : 'tickets'} of ${orderName(options.orderId)} on ${printer.name}` +
        (plan.alreadyPrinted.length > 0 && !options.reprint
          ? ` (${plan.alreadyPrinted.length} printed before left out; --reprint prints them again)`
          : '') +
        '.',
    );
    await driveJobs(queue, printer, [queued.jobId], options.again);
  });

export const printBatch = (options: PrintBatchOptions) =>
  withPrintQueue(async (queue, db) => {
    if (!(await eventExists(db, options.eventId)))
      throw new CliError(`--event: no event has the id ${options.eventId}.`, exitCodes.notFound);
    const orders = await activeTicketsOfEvent(db, options.eventId);
    const unfinished = await unfinishedTicketJobs(
      db,
      orders.map((o) => o.orderId),
    );
    if (unfinished.length > 0) {
      out(
        `Event ${options.eventId}: an earlier run left ${unfinished.length} print jobs unfinished; they are continued, nothing new is queued.`,
      );
      return continueJobs(queue, unfinished, options.again);
    }
    const printer = await ticketPrinter(queue, options.printer);
    const tickets = orders.reduce((n, o) => n + o.ticketIds.length, 0);
    const printedBefore = orders.reduce((n, o) => n + o.printed, 0);
    if (!options.onlyUnprinted && printedBefore > 0)
      await confirmOrRefuse(
        `Print the ${tickets} tickets of event ${options.eventId} on ${printer.name}, ${printedBefore} of them again marked REPRINT? (--only-unprinted leaves them out)`,
        options.yes,
      );
    const jobIds: number[] = [];
    let queuedTickets = 0;
    for (const order of orders) {
      const queued = await run(
        queue.queueTickets({
          printerId: printer.id,
          orderId: order.orderId,
          ticketIds: order.ticketIds,
          reprint: !options.onlyUnprinted,
          actor: actor(),
        }),
      );
      if ('jobId' in queued) {
        jobIds.push(queued.jobId);
        queuedTickets += queued.plan.print.length;
      } else if (queued.refused !== 'nothing-to-print') throw refusedWords(queued, order.orderId);
    }
    if (jobIds.length === 0) {
      out(
        orders.length === 0
          ? `Event ${options.eventId} has no active tickets. Nothing to print.`
          : `Every ticket of event ${options.eventId} was printed already. Nothing to print.`,
      );
      return;
    }
    out(
      `Queued ${queuedTickets} tickets of event ${options.eventId} in ${jobIds.length} print jobs (one per order) on ${printer.name}.`,
    );
    await driveJobs(queue, printer, jobIds, options.again);
  });
