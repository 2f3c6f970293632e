import type { Command } from 'commander';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { confirm } from '../ui/confirm.ts';
import { progressReporter } from '../ui/progress.ts';
import { isDatabaseEmpty, resetDemo, seedDemo } from '../../adapters/postgres/demo/seed.ts';

export const registerDemo = (program: Command) => {
  const demo = program.command('demo').description('demo data');
  demo
    .command('seed')
    .description('load the demo venues, series, events and users into an empty database')
    .option('--reset', 'delete ALL catalogue, inventory, settings and account data first, then load the demo')
    .option('-y, --yes', 'do not ask before --reset (needed when not on a terminal)')
    .action(async (options: { reset?: boolean; yes?: boolean }) => {
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
    });
};
