import os from 'node:os';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { Cause, Exit, type Effect } from 'effect';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { confirm } from '../ui/confirm.ts';
import { progressReporter } from '../ui/progress.ts';
import { currencyLocaleFor } from '../../core/i18n/currency-locales.ts';
import { formatMoney } from '../../core/i18n/format-money.ts';
import { instantWords } from '../../core/i18n/time-zone-words.ts';
import { cliActor } from '../../core/orders/after-sale.ts';
import { startEventCancellation } from '../../core/orders/event-cancellation/event-cancellation.ts';
import { workRun } from '../../core/orders/event-cancellation/work.ts';
import { EventCancellations, type RunCounts } from '../../core/orders/event-cancellation/ports.ts';
import { durationText, progressOf, reportCsv } from '../../core/orders/event-cancellation/rules.ts';
import { readTypedAmount } from '../../core/shared/typed-amount.ts';
import { makeAppRuntime, type AppRuntime, type AppServices } from '../../adapters/wiring.ts';

// What `foyer event cancel` does, loaded only when it runs. The run lives in the database
// (core/orders/event-cancellation/event-cancellation.ts): this process may be stopped at any point, even kill -9,
// and the same command started again resumes it.

/** Checked by event-cancellation.ts. */
export interface EventCancelOptions {
  readonly eventId: number;
  readonly refund: boolean;
  /** Major units as typed, e.g. '2.50'. */
  readonly fee: string;
  readonly dryRun: boolean;
  readonly yes: boolean;
  readonly concurrency: number;
  readonly report?: string;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

const run = <A, E>(runtime: AppRuntime, program: Effect.Effect<A, E, AppServices>) =>
  runtime.runPromiseExit(program).then((exit) => {
    if (Exit.isSuccess(exit)) return exit.value;
    throw Cause.squash(exit.cause);
  });

const countsLine = (c: RunCounts) => `${c.done} done, ${c.failed} failed, ${c.pending} to do, of ${c.total}`;

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export const cancelEvent = async (options: EventCancelOptions) => {
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const runtime = makeAppRuntime({ db, config: context.config });
    try {
      await cancelWith(runtime, options);
    } finally {
      await runtime.dispose();
    }
  });
};

const cancelWith = async (runtime: AppRuntime, options: EventCancelOptions) => {
  const store = <A>(f: (s: EventCancellations['Service']) => Effect.Effect<A>) =>
    run(runtime, EventCancellations.use(f));
  const event = await store((s) => s.event(options.eventId));
  if (!event) throw new CliError(`eventId: no event has the id ${options.eventId}.`, exitCodes.usage);
  // Minor units have the venue's currency locale's digits (2 for every currency, core/shared/money.ts).
  const digits = currencyLocaleFor(event.currencyLocale).digits;
  // Amounts as the venue's currency locale writes them; the CSV report keeps plain major units.
  const money = (minor: number) => formatMoney(minor, event.currencyLocale);
  const fee = readTypedAmount(options.fee, digits);
  if (fee === null)
    throw new CliError(
      `--fee: ${event.currency} has ${digits} decimals; "${options.fee}" is not an amount of it.`,
      exitCodes.usage,
    );

  const latest = await store((s) => s.latestRun(event.id));
  const running = latest?.status === 'running' ? latest : null;
  const title = `Event ${event.id} "${event.name}" (${instantWords(event.startsAt, event.timeZone)})`;

  if (running) {
    const counts = await store((s) => s.counts(running.id));
    out(
      `${title}: cancellation run ${running.id} started by ${running.startedBy} at ${instantWords(running.createdAt, event.timeZone)} is not finished: ${countsLine(counts)}.`,
    );
    out(
      `It resumes as it was started: ${running.refund ? 'refunding' : 'not refunding'}, fee ${money(running.fee)} per order; failed orders are tried again.`,
    );
    if (running.refund !== options.refund || running.fee !== fee)
      out(`(--refund and --fee of this command are not used: the run keeps its own.)`);
    if (options.dryRun) {
      out('Dry run: nothing was changed.');
      return;
    }
  } else {
    const preview = await store((s) => s.preview(event.id));
    if (event.cancelled && preview.orders === 0) {
      out(`${title} is already cancelled and has no order left with a ticket of it. Nothing to do.`);
      return;
    }
    out(`${title}${event.cancelled ? ' (already marked Cancelled)' : ''}:`);
    out(`  its sale stops; ${preview.orders} orders lose their ${preview.tickets} tickets of it`);
    if (fee > 0) out(`  each order keeps a fee of ${money(fee)} (at most what its tickets cost)`);
    out(
      options.refund
        ? `  each order gets back what its tickets of this event cost, less the fee, the way it paid (the orders paid ${money(preview.paid)} in all)`
        : `  no money is given back (the credit stays owed on each order; run again with --refund)`,
    );
    if (options.dryRun) {
      out('Dry run: nothing was changed.');
      return;
    }
  }

  if (!options.yes) {
    if (!process.stdin.isTTY)
      throw new CliError(
        'Refused: money moves, and there is no terminal to confirm on. Pass --yes to go ahead.',
        exitCodes.refused,
      );
    if (!(await confirm(`Cancel event ${event.id} "${event.name}" and its orders now?`)))
      throw new CliError('Not confirmed: nothing was changed.', exitCodes.refused);
  }

  const exit = await runtime.runPromiseExit(
    startEventCancellation({
      eventId: event.id,
      refund: options.refund,
      fee,
      actor: cliActor(os.userInfo().username),
    }),
  );
  if (Exit.isFailure(exit)) {
    const failure = Cause.findErrorOption(exit.cause);
    if (failure._tag === 'Some') {
      const error = failure.value;
      throw new CliError(
        error._tag === 'EventNotFound'
          ? `eventId: no event has the id ${options.eventId}.`
          : `--fee: ${options.fee} is not an amount of 0 or more.`,
        exitCodes.usage,
      );
    }
    throw Cause.squash(exit.cause);
  }
  const started = exit.value;
  const runId = started.run.id;
  out(
    started.created
      ? `Run ${runId} started: event ${event.id} is Cancelled, ${started.counts.total} orders to work.`
      : `Run ${runId} resumed: ${countsLine(started.counts)}${started.retried > 0 ? ` (${started.retried} failed orders tried again)` : ''}.`,
  );

  // Figures counted here between reads of the database (the run may have other workers).
  const counts = { ...started.counts };
  const workedAtStart = counts.done + counts.failed;
  const since = Date.now();
  const stream = process.stderr;
  const reporter = progressReporter(stream);
  const show = () => {
    const p = progressOf(counts, workedAtStart, since, Date.now());
    reporter.update(
      `${p.done}/${p.total} done, ${p.failed} failed, ${p.rate.toFixed(1)} orders/s, ${durationText(p.secondsLeft)} left`,
      p.done + p.failed,
      p.total,
    );
  };
  show();
  const timer = setInterval(show, stream.isTTY ? 200 : 1000);
  let final: RunCounts;
  try {
    final = await run(
      runtime,
      workRun(started.run, {
        concurrency: options.concurrency,
        onOrder: (_orderId, outcome) => {
          counts.pending -= 1;
          if (outcome.status === 'done') counts.done += 1;
          else counts.failed += 1;
        },
      }),
    );
  } finally {
    clearInterval(timer);
  }
  const elapsed = (Date.now() - since) / 1000;
  Object.assign(counts, final);
  show();
  reporter.finish(`Worked ${counts.done + counts.failed - workedAtStart} orders in ${elapsed.toFixed(1)} s.`);

  const lines = await store((s) => s.report(runId));
  const file = path.resolve(
    options.report ??
      path.join(os.tmpdir(), `foyer-event-${event.id}-cancellation-${runId}-${stamp(new Date())}.csv`),
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, reportCsv(lines, digits));
  const refunded = lines.reduce((sum, l) => sum + l.refunded, 0);
  const tickets = lines.reduce((sum, l) => sum + l.ticketsCancelled, 0);
  out(`Run ${runId}: ${countsLine(final)}.`);
  out(`Tickets cancelled: ${tickets}. Refunded by this run: ${money(refunded)}.`);
  out(`Report: ${file}`);
  if (final.failed > 0)
    throw new CliError(
      `${final.failed} orders failed (the report says why): run the same command again to retry them.`,
      exitCodes.failed,
    );
  if (final.pending > 0)
    throw new CliError(
      `${final.pending} orders are still being worked by another process: run the command again once it stops.`,
      exitCodes.failed,
    );
  out('Every order is done; the run is finished.');
};
