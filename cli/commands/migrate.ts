import type { Command } from 'commander';
import { cliContext, withDatabase } from '../context.ts';

export const registerMigrate = (program: Command) =>
  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      // Opening the database applies whatever is pending.
      await withDatabase(cliContext(), async ({ db }) => {
        const [done, pending] = (await db.migrate.list()) as [{ name: string }[], unknown[]];
        process.stdout.write(
          `Database is up to date: ${done.length} migrations applied, ${pending.length} pending.\n`,
        );
      });
    });
