import { CliError, exitCodes } from '../context.ts';
import { progressReporter } from '../ui/progress.ts';
import { run } from './printers-run.ts';
import { durationText } from '../../core/orders/event-cancellation/rules.ts';
import { type PrintJob, type Printer, type PrintQueue } from '../../core/printing/ports.ts';
import { faultMessage, progressOf, type PrinterFault } from '../../core/printing/print-queue.ts';

// Printing a printer's jobs in this process: the runner's drain (adapters/printing/print-runner.ts
// through the PrintQueue port), watched every 200 ms for the progress bar (Ink on a terminal,
// plain lines otherwise). On a terminal `p` pauses after the ticket being printed and `r`
// resumes; Ctrl-C (or SIGINT/SIGTERM) stops the same way and exits 1: the jobs stay running in the
// database and the same command continues them from the first unacknowledged ticket.
//
// A printer fault (out of paper, a jam, the cover open) prints the fault's words and waits, up
// to PRINT_FAULT_WAIT_MS (10 minutes), for someone to attend to the printer: the printer then
// prints the ticket it kept, which is marked printed, and the run goes on by itself. A fault
// nobody attended to in time, a printer that cannot be reached or did not answer, exits 1
// with the words and the command that resumes.

export const out = (line: string) => process.stdout.write(`${line}\n`);

/** Faults after which the printer keeps the ticket and prints it once attended to. */
const RECOVERABLE: readonly PrinterFault[] = [
  'paper-out',
  'paper-jam',
  'cutter-jam',
  'cover-open',
  'printer-error',
];

const sleep = (ms: number) => new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), ms));

type Keys = { readonly next: () => Promise<'resume' | 'stop'>; readonly close: () => void };

/** p / r / Ctrl-C on a terminal; SIGINT and SIGTERM anywhere. */
const listenForKeys = (onPause: () => void, onStop: () => void): Keys => {
  const stdin = process.stdin;
  let waiting: ((key: 'resume' | 'stop') => void) | null = null;
  const stop = () => {
    onStop();
    waiting?.('stop');
  };
  // Keys typed quickly (or a slow reader) may arrive together: each is read.
  const onData = (data: Buffer) => {
    for (const key of data.toString()) {
      if (key === '\u0003') stop();
      else if (key === 'p' || key === 'P') onPause();
      else if ((key === 'r' || key === 'R') && waiting) waiting('resume');
    }
  };
  const raw = stdin.isTTY === true;
  if (raw) {
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  }
  // While printing, the signals are ours: the ticket being printed is finished and the database
  // closed as usual (withDatabase, cli/context.ts), rather than the immediate exit the embedded
  // PostgreSQL's exit hook would make. Its listeners come back afterwards.
  const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
  const saved = SIGNALS.map((signal) => [signal, process.listeners(signal)] as const);
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, stop);
  }
  return {
    next: () =>
      new Promise((resolve) => {
        waiting = (key) => {
          waiting = null;
          resolve(key);
        };
      }),
    close: () => {
      for (const [signal, listeners] of saved) {
        process.off(signal, stop);
        for (const listener of listeners) process.on(signal, listener);
      }
      if (raw) {
        stdin.off('data', onData);
        stdin.setRawMode(false);
        stdin.pause();
      }
    },
  };
};

/** Prints `jobIds` (queued on `printer`) to the end, or throws the CliError that says why not. */
export const driveJobs = async (
  queue: PrintQueue['Service'],
  printer: Printer,
  jobIds: readonly number[],
  again: string,
): Promise<void> => {
  const readJobs = async () =>
    (await Promise.all(jobIds.map((id) => run(queue.job(id))))).filter((j): j is PrintJob => j !== null);
  // A job paused by an earlier run (a fault) resumes from its first unacknowledged ticket.
  for (const job of await readJobs()) if (job.status === 'paused') await run(queue.change(job.id, 'resume'));

  const tty = process.stderr.isTTY === true;
  const reporter = progressReporter(process.stderr);
  const counted = (jobs: readonly PrintJob[]) =>
    jobs.reduce(
      (sum, job) => {
        const p = progressOf(job.items);
        return { printed: sum.printed + p.printed, total: sum.total + p.total };
      },
      { printed: 0, total: 0 },
    );
  const startedWith = counted(await readJobs()).printed;
  const since = Date.now();
  let faults = 0;
  let state = '';
  let lastLine = '';
  const shownFaults = new Set<string>();
  const show = (jobs: readonly PrintJob[]) => {
    const { printed, total } = counted(jobs);
    const rate = (printed - startedWith) / Math.max(0.001, (Date.now() - since) / 1000);
    const left = rate > 0 ? (total - printed) / rate : null;
    const line = `${printed}/${total} printed, ${faults} failed, ${rate.toFixed(1)} tickets/s, ${durationText(left)} left${state}`;
    // Plain lines only when something counts changed, not every tick of the rate.
    const key = `${printed}/${total}/${faults}${state}`;
    if (tty || key !== lastLine) reporter.update(line, printed, total);
    lastLine = key;
  };

  let controller = new AbortController();
  let pauseAsked = false;
  let stopAsked = false;
  const keys = listenForKeys(
    () => {
      pauseAsked = true;
      controller.abort();
    },
    () => {
      stopAsked = true;
      controller.abort();
    },
  );
  try {
    for (;;) {
      controller = new AbortController();
      state = '';
      const drained = run(queue.drain(printer.id, controller.signal));
      let outcome: Awaited<typeof drained> | null = null;
      void drained.then((o) => (outcome = o));
      while (outcome === null) {
        await Promise.race([drained, sleep(200)]);
        const jobs = await readJobs();
        for (const job of jobs)
          if (job.status === 'paused' && job.message && !shownFaults.has(`${job.id}:${job.message}`)) {
            shownFaults.add(`${job.id}:${job.message}`);
            faults += 1;
            reporter.update(
              `${job.message} Waiting for the printer (Ctrl-C stops).`,
              counted(jobs).printed,
              counted(jobs).total,
            );
            state = ' (waiting for the printer)';
          }
        show(jobs);
        // Stopped while the runner waits on a fault: the printer keeps its ticket; leave now.
        if (
          stopAsked &&
          outcome === null &&
          (await Promise.race([drained.then(() => true), sleep(1500).then(() => false)])) === false
        ) {
          reporter.finish('Stopped while the printer was faulted.');
          process.stderr.write(
            `The ticket the printer kept may print once the printer is attended to; check it before you run again: ${again}\n`,
          );
          process.exit(exitCodes.failed);
        }
      }
      const jobs = await readJobs();
      show(jobs);
      const { printed, total } = counted(jobs);
      if (stopAsked) {
        reporter.finish(`Stopped: ${printed} of ${total} tickets printed.`);
        throw new CliError(
          `Run the same command again to continue from the next ticket: ${again}`,
          exitCodes.failed,
        );
      }
      if (pauseAsked) {
        pauseAsked = false;
        state = ' (paused: r resumes, Ctrl-C stops)';
        show(jobs);
        if ((await keys.next()) === 'stop') {
          reporter.finish(`Stopped: ${printed} of ${total} tickets printed.`);
          throw new CliError(
            `Run the same command again to continue from the next ticket: ${again}`,
            exitCodes.failed,
          );
        }
        continue;
      }
      const finished: string = outcome;
      if (finished === 'busy') {
        reporter.finish(`${printed} of ${total} tickets printed.`);
        throw new CliError(
          `${printer.name} is printing for another process (a worker or another command); the jobs are left queued for it. Run again once it is free: ${again}`,
        );
      }
      if (finished === 'no-printer')
        throw new CliError(`The printer ${printer.name} is gone.`, exitCodes.notFound);
      const paused = jobs.find((j) => j.status === 'paused');
      if (finished === 'fault' && paused) {
        const attended =
          !paused.items.some((i) => i.status === 'sent') &&
          RECOVERABLE.some((f) => faultMessage(printer.name, f) === paused.message);
        if (attended) {
          reporter.update('The printer was attended to: printing goes on.', printed, total);
          await run(queue.change(paused.id, 'resume'));
          continue;
        }
        reporter.finish(`${printed} of ${total} tickets printed.`);
        throw new CliError(`${paused.message} Resume with: ${again}`);
      }
      const notDone = jobs.filter((j) => j.status !== 'done');
      if (notDone.length === 0 && printed === total) {
        reporter.finish(
          `Printed ${printed - startedWith} tickets in ${((Date.now() - since) / 1000).toFixed(1)} s; ${printed} of ${total} printed.`,
        );
        return;
      }
      reporter.finish(`${printed} of ${total} tickets printed.`);
      throw new CliError(
        `Not finished: ${notDone.map((j) => `job ${j.id} is ${j.status}${j.message ? ` (${j.message})` : ''}`).join('; ')}. Resume with: ${again}`,
      );
    }
  } finally {
    keys.close();
  }
};
