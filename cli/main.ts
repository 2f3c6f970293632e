import { Command, CommanderError } from 'commander';
import { ConfigError } from '../adapters/config.ts';
import { CliError, exitCodes } from './context.ts';
import { registerMigrate } from './commands/migrate.ts';
import { registerDemo } from './commands/demo-seed.ts';
import { registerEvents } from './commands/events-list.ts';
import { registerOnsale } from './commands/onsale.ts';
import { registerStaff } from './commands/staff.ts';
import { registerBoxoffice } from './commands/boxoffice-report.ts';
import { registerEventCancel } from './commands/event-cancellation.ts';
import { registerOrders } from './commands/orders/orders.ts';
import { registerPrinters } from './commands/printers.ts';
import { registerPrint } from './commands/print.ts';
import { registerDevices } from './commands/devices.ts';
import { registerSettings } from './commands/settings.ts';
import { registerMemberships } from './commands/memberships.ts';
import { registerVenues } from './commands/venues.ts';
import { registerSeason } from './commands/season.ts';

// `npm run foyer -- <command>`: the box office from a terminal or a script.
const program = new Command('foyer')
  .description('Foyer box office command line')
  .showHelpAfterError()
  .exitOverride();

registerMigrate(program);
registerDemo(program);
registerEvents(program);
registerOnsale(program);
registerStaff(program);
registerBoxoffice(program);
registerEventCancel(program);
registerOrders(program);
registerPrinters(program);
registerSettings(program);
registerMemberships(program);
registerVenues(program);
registerSeason(program);
registerPrint(program);
registerDevices(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : exitCodes.usage);
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(exitCodes.usage);
  }
  if (error instanceof CliError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  process.stderr.write(`foyer: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(exitCodes.failed);
}
