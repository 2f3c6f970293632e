import type { Command } from 'commander';

export const registerDemo = (program: Command) => {
  const demo = program.command('demo').description('demo data');
  demo
    .command('seed')
    .description('load the demo venues, series, events and users into an empty database')
    .option('--reset', 'delete ALL catalogue, inventory, settings and account data first, then load the demo')
    .option('-y, --yes', 'do not ask before --reset (needed when not on a terminal)')
    .action(async (options: { reset?: boolean; yes?: boolean }) => {
      const { seedCommand } = await import('./demo-seed-run.ts');
      await seedCommand(options);
    });
};
