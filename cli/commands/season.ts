import type { Command } from 'commander';

// `foyer season export [--out FILE]` and `foyer season import FILE [--dry-run] [--json]`: the
// whole catalogue of the box office as one JSON file (docs/season-file.md), so an operator can
// script a season. The work is in season-run.ts, loaded only when a command runs.

export const registerSeason = (program: Command) => {
  const season = program
    .command('season')
    .description('the whole catalogue (venues, series, performances, prices, offers) as one JSON file');
  season
    .command('export')
    .description('write the catalogue as a season file (docs/season-file.md); no orders, customers or staff')
    .option('--out <file>', 'write to this file (default: standard output)')
    .action(async (options: { out?: string }) => {
      const { exportSeasonCommand } = await import('./season-run.ts');
      await exportSeasonCommand({ out: options.out });
    });
  season
    .command('import')
    .description(
      'apply a season file: new records are made, changed ones updated, nothing is deleted; a bad file changes nothing',
    )
    .argument('<file>', 'a season file, as `foyer season export` writes it')
    .option('--dry-run', 'print what would change, and change nothing')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, options: { dryRun?: boolean; json?: boolean }) => {
      const { importSeasonCommand } = await import('./season-run.ts');
      await importSeasonCommand({ file, dryRun: options.dryRun === true, json: options.json === true });
    });
};
