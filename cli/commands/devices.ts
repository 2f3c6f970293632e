import type { Command } from 'commander';
import { CliError, exitCodes } from '../context.ts';
import { DEVICE_NAME_MAX } from '../../core/accounts/staff/device-pairing.ts';

// `foyer devices list|revoke <id>|pair-code --name N`: the point-of-sale devices paired through
// the bridge (core/accounts/staff/device-pairing.ts). Arguments are checked here, before the database
// opens; the work is in devices-run.ts.

const usage = (message: string) => new CliError(message, exitCodes.usage);

export const parseDeviceName = (text: string): string => {
  const name = text.trim();
  if (name === '' || name.length > DEVICE_NAME_MAX)
    throw usage(`--name: must be 1 to ${DEVICE_NAME_MAX} characters, such as "Counter 1".`);
  return name;
};

export const parseDeviceId = (text: string): number => {
  const id = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(id) || id < 1)
    throw usage(`id: "${text}" is not a device id; foyer devices list shows them.`);
  return id;
};

export const registerDevices = (program: Command) => {
  const devices = program
    .command('devices')
    .description('the point-of-sale devices (counter computers running the bridge) paired with Foyer');
  const run = () => import('./devices-run.ts');
  devices
    .command('list')
    .description('the devices paired, with when each was last seen and whether still active')
    .option('--json', 'as JSON (the admin API device view)')
    .action(async (options: { json?: boolean }) => (await run()).listDevicesCommand(options.json === true));
  devices
    .command('pair-code')
    .description('a code that pairs one device within 10 minutes: npm run bridge -- pair <foyer-url> <code>')
    .requiredOption('--name <name>', 'what the counter calls the device, such as "Counter 1"')
    .action(async (options: { name: string }) =>
      (await run()).pairCodeCommand(parseDeviceName(options.name)),
    );
  devices
    .command('revoke')
    .description('end a device’s sessions and stop it acting for Foyer')
    .argument('<id>', 'the device id (foyer devices list)')
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal)')
    .action(async (id: string, options: { yes?: boolean }) =>
      (await run()).revokeDeviceCommand(parseDeviceId(id), options.yes === true),
    );
};
