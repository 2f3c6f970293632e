import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { confirm } from '../ui/confirm.ts';
import { progressReporter } from '../ui/progress.ts';
import { isDatabaseEmpty, resetDemo, seedDemo } from '../../adapters/postgres/demo/seed.ts';

// What `foyer demo seed` does, loaded only when it runs (help answers at once).

export const seedCommand = async (options: { reset?: boolean; yes?: boolean }) => {
  const context = cliContext();
  await withDatabase(context, async ({ db }) => {
    const empty = await isDatabaseEmpty(db);
    if (!empty && !options.reset)
      throw new CliError(
        'The database already holds data. Use --reset to replace it with the demo.',
        exitCodes.refused,
      );
    if (!empty && !options.yes) {
      const ok = await confirm(
        'This deletes every venue, event, order-free inventory row, setting and account. Continue?',
      );
      if (!ok)
        throw new CliError('Nothing changed. (Pass --yes to reset without asking.)', exitCodes.refused);
    }
    const progress = progressReporter();
    const started = Date.now();
    const summary = await (empty ? seedDemo : resetDemo)(db, { onProgress: progress.update });
    progress.finish(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    process.stdout.write(
      Object.entries(summary)
        .map(([name, count]) => `  ${name}: ${count}`)
        .join('\n') + '\n',
    );
  });
};
