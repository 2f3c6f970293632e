import type { Command } from 'commander';

// `foyer memberships list`: the membership types on the books (core/memberships/README.md), their
// price levels, and how many members each has today. The work is in memberships-run.ts.

export const registerMemberships = (program: Command) => {
  const memberships = program.command('memberships').description('membership types and their members');
  memberships
    .command('list')
    .description('each membership type: its levels and prices, whether it is on sale, its members today')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      const { printMembershipTypes } = await import('./memberships-run.ts');
      await printMembershipTypes({ json: options.json === true });
    });
};
