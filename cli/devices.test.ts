import { describe, expect, it } from 'vitest';
import { cliWorld, runFoyer } from './test-cli.ts';
import { pairWithCode } from '../adapters/postgres/accounts/devices.ts';

// `foyer devices` as an operator types it: a pairing code, the device paired with it (as the
// server's pair call does), the list, and revoking it, which ends its session.
const world = cliWorld('foyer-devices-cli-');
const foyer = (args: string[]) => runFoyer(world, args);

describe('foyer devices', { timeout: 120_000 }, () => {
  it('refuses bad arguments with exit code 2, changing nothing', async () => {
    const blank = await foyer(['devices', 'pair-code', '--name', '  ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--name: must be 1 to 60 characters');
    const badId = await foyer(['devices', 'revoke', 'abc', '--yes']);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('is not a device id');
    expect(await world.db('device_pairing_codes')).toEqual([]);
  });

  it('prints a code that pairs a device; lists it; revokes it, ending its session', async () => {
    const empty = await foyer(['devices', 'list']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No device is paired');

    const issued = await foyer(['devices', 'pair-code', '--name', 'Counter 9']);
    expect(issued.code, issued.stderr).toBe(0);
    const code = issued.stdout.split('\n')[0]!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const audit = await world.db('audit_log').where({ action: 'device.pairingcode' }).first();
    expect(audit.actor).toMatch(/^cli:/);

    const paired = await pairWithCode(world.db, code, { address: null, userAgent: null });
    expect(paired?.name).toBe('Counter 9');
    const deviceId = paired!.deviceId;

    const listed = await foyer(['devices', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).Devices).toEqual([
      expect.objectContaining({ Id: deviceId, Name: 'Counter 9', Active: true }),
    ]);

    const unconfirmed = await foyer(['devices', 'revoke', String(deviceId)]);
    expect(unconfirmed.code).toBe(3);
    expect(await world.db('sessions').where({ staff_user_id: deviceId })).toHaveLength(1);

    const revoked = await foyer(['devices', 'revoke', String(deviceId), '--yes']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('Revoked Counter 9');
    expect(await world.db('sessions').where({ staff_user_id: deviceId })).toEqual([]);
    const text = await foyer(['devices', 'list']);
    expect(text.stdout).toContain('(revoked)');

    const missing = await foyer(['devices', 'revoke', '999999', '--yes']);
    expect(missing.code).toBe(4);
  });
});
