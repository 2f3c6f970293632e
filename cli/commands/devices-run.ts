import { cliContext, CliError, exitCodes, withDatabase } from '../context.ts';
import { confirmOrRefuse, operator } from './orders/run.ts';
import type { Device, DeviceActor } from '../../core/accounts/staff/device-pairing.ts';
import { issuePairingCode, listDevices, revokeDevice } from '../../adapters/postgres/accounts/devices.ts';

// What `foyer devices` does, loaded only when it runs: the same store as the admin calls
// (adapters/http/devices/plugin.ts), audited as the operator `cli:<user>`.

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const actor = (): DeviceActor => {
  const { name } = operator();
  return { staffUserId: null, email: name, name };
};

const view = (d: Device) => ({
  Id: d.id,
  Name: d.name,
  PairedAt: d.pairedAt.toISOString(),
  LastSeenAt: d.lastSeenAt?.toISOString() ?? null,
  Active: d.active,
});

const describe = (d: Device) =>
  `${d.id}  ${d.name}  paired ${d.pairedAt.toISOString()}  last seen ${d.lastSeenAt?.toISOString() ?? 'never'}` +
  (d.active ? '' : '  (revoked)');

export const listDevicesCommand = (json: boolean) =>
  withDatabase(cliContext(), async ({ db }) => {
    const devices = await listDevices(db);
    if (json) return out(JSON.stringify({ Devices: devices.map(view) }, null, 2));
    if (devices.length === 0)
      return out('No device is paired. Pair one: foyer devices pair-code --name "Counter 1".');
    for (const d of devices) out(describe(d));
  });

export const pairCodeCommand = (name: string) =>
  withDatabase(cliContext(), async ({ db }) => {
    const { code, expiresAt } = await issuePairingCode(db, name, actor());
    out(code);
    out(
      `Pairs "${name}" once, until ${expiresAt.toISOString()}: on that computer run npm run bridge -- pair <this Foyer's address> ${code}`,
    );
  });

export const revokeDeviceCommand = (id: number, yes: boolean) =>
  withDatabase(cliContext(), async ({ db }) => {
    const device = (await listDevices(db)).find((d) => d.id === id);
    if (!device) throw new CliError(`No device has the id ${id} (foyer devices list).`, exitCodes.notFound);
    if (!device.active) return out(`${device.name} (${id}) was revoked already. Nothing changed.`);
    await confirmOrRefuse(`Revoke ${device.name} (${id})? It stops printing and taking cards at once.`, yes);
    await revokeDevice(db, id, actor());
    out(`Revoked ${device.name} (${id}): its sessions have ended.`);
  });
