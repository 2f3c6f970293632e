import { readFile, rename, writeFile } from 'node:fs/promises';
import { cliContext, CliError, exitCodes, withDatabase } from '../context.ts';
import { progressReporter } from '../ui/progress.ts';
import { operator } from './orders/run.ts';
import { describePlan, kindNoun } from '../../core/season/describe.ts';
import type { FileProblem } from '../../core/season/catalogue.ts';
import type { Kind } from '../../core/season/plan.ts';
import { parseSeasonFile } from '../../adapters/postgres/season/file-schema.ts';
import { importSeason } from '../../adapters/postgres/season/import-season.ts';
import { readSeason, seasonFileText } from '../../adapters/postgres/season/read-season.ts';

// What `foyer season export` and `foyer season import` do, loaded only when they run
// (docs/season-file.md). The answer goes to stdout; the embedded database's note, progress and
// the export's summary to stderr, so `foyer season export > season.json` holds the file alone.

const out = (text: string) => process.stdout.write(`${text}\n`);
const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const exportSeasonCommand = async (options: { readonly out?: string }) => {
  const context = cliContext();
  const file = await withDatabase(context, ({ db }) =>
    // One snapshot: a box office selling meanwhile cannot tear the file.
    db.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read, read only');
      return readSeason(trx);
    }),
  );
  const text = seasonFileText(file);
  const summary = `${count(file.venues.length, 'venue')}, ${count(file.eventTemplates.length, 'series', 'series')}, ${count(file.events.length, 'performance')}, ${count(file.promotions.length, 'promotion')}`;
  if (options.out === undefined) {
    process.stdout.write(text);
    return;
  }
  // Written beside, then renamed over: a script never reads half a file.
  const partial = `${options.out}.partial`;
  try {
    await writeFile(partial, text, 'utf8');
    await rename(partial, options.out);
  } catch (error) {
    throw new CliError(
      `Cannot write ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
      exitCodes.failed,
    );
  }
  process.stderr.write(`Exported ${summary} to ${options.out}.\n`);
};

export interface SeasonImportOptions {
  readonly file: string;
  readonly dryRun: boolean;
  readonly json: boolean;
}

const refusal = (file: string, problems: readonly FileProblem[], more: number, json: boolean) => {
  if (json)
    out(
      JSON.stringify(
        { Problems: problems.map((p) => ({ Path: p.path, Problem: p.problem })), More: more },
        null,
        2,
      ),
    );
  return new CliError(
    [
      `${file} is not a season file Foyer can import (${count(problems.length + more, 'problem')}); nothing was changed:`,
      ...problems.map((p) => `  ${p.path}: ${p.problem}`),
      ...(more > 0 ? [`  ... and ${count(more, 'more problem')}`] : []),
    ].join('\n'),
    exitCodes.usage,
  );
};

const byKind = (counts: { readonly [K in Kind]?: number }) =>
  Object.fromEntries(Object.entries(counts).map(([kind, n]) => [kindNoun(kind as Kind, 2), n]));

export const importSeasonCommand = async (options: SeasonImportOptions) => {
  let text: string;
  try {
    text = await readFile(options.file, 'utf8');
  } catch (error) {
    throw new CliError(
      `Cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Nothing was changed.`,
      exitCodes.usage,
    );
  }
  const parsed = parseSeasonFile(text);
  if (!parsed.ok) throw refusal(options.file, parsed.problems, parsed.more, options.json);

  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const progress = progressReporter();
    const started = performance.now();
    const outcome = await importSeason(db, {
      file: parsed.file,
      dryRun: options.dryRun,
      by: { staffUserId: null, name: operator().name },
      onProgress: progress.update,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!outcome.ok) {
      progress.finish(`Checked ${options.file} in ${seconds} s.`);
      throw refusal(options.file, outcome.error.problems, outcome.error.more, options.json);
    }
    const { plan, counts, applied, eventSeats, gaSections } = outcome.value;
    progress.finish(
      applied ? `Imported ${options.file} in ${seconds} s.` : `Checked ${options.file} in ${seconds} s.`,
    );
    const lines = describePlan(plan);
    if (options.json) {
      out(
        JSON.stringify(
          {
            DryRun: options.dryRun,
            Applied: applied,
            Created: byKind(counts.created),
            Updated: byKind(counts.updated),
            EventSeats: eventSeats,
            GeneralAdmissionSections: gaSections,
            Changes: lines,
          },
          null,
          2,
        ),
      );
      return;
    }
    if (plan.changes.length === 0) {
      out(`No changes: the database already holds everything in ${options.file}.`);
      return;
    }
    out(
      options.dryRun
        ? `Dry run: nothing was changed. Importing ${options.file} would make these changes:`
        : `Imported ${options.file}:`,
    );
    for (const line of lines) out(`  ${line}`);
    if (applied && eventSeats + gaSections > 0)
      out(
        `  New performances' seats: ${count(eventSeats, 'event seat')} and ${count(gaSections, 'standing section')}, all open.`,
      );
  });
};
