import { createHash, randomBytes } from 'node:crypto';
import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  Devices,
  pairingCodeExpiresAt,
  pairingCodeFrom,
  pairingCodeUsable,
  type Device,
  type DeviceActor,
  type PairedDevice,
} from '../../../core/accounts/staff/device-pairing.ts';
import { sessionsOn } from './sessions.ts';

// Point-of-sale devices (migrations/20261213000100_devices.ts): pairing codes kept as their
// SHA-256, each device a staff user of role PointOfSale that no password signs in, and its
// session of kind 'device'. Every change is audited in the same transaction. The rules are in
// core/accounts/staff/device-pairing.ts; the server's calls and `foyer devices ...` both come here.

type Db = Knex | Knex.Transaction;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** No password hash verifies against this (adapters/crypto/password.ts knows only its own schemes). */
const NO_PASSWORD = '!device: signs in by its pairing only';

const newCode = (): string => {
  for (;;) {
    const code = pairingCodeFrom(randomBytes(16));
    if (code !== null) return code;
  }
};

interface DeviceRow {
  staff_user_id: number;
  name: string;
  paired_at: Date;
  last_seen_at: Date | null;
  active: boolean;
}

const deviceOf = (row: DeviceRow): Device => ({
  id: row.staff_user_id,
  name: row.name,
  pairedAt: row.paired_at,
  lastSeenAt: row.last_seen_at,
  active: row.active,
});

const devicesQuery = (db: Db) =>
  db('devices as d')
    .join('staff_users as su', 'su.id', 'd.staff_user_id')
    .select<DeviceRow[]>(
      'd.staff_user_id',
      'd.name',
      'd.paired_at',
      'd.last_seen_at',
      db.raw('(d.revoked_at is null and su.is_active) as active'),
    );

/** An audit row in the change's transaction (adapters/postgres/accounts/audit-log.ts reads them). */
const audit = (trx: Knex.Transaction, by: DeviceActor, action: string, details: Record<string, unknown>) =>
  trx('audit_log').insert({
    staff_user_id: by.staffUserId,
    actor: by.email,
    action,
    details: JSON.stringify(details),
  });

export const issuePairingCode = (db: Knex, name: string, by: DeviceActor) =>
  db.transaction(async (trx) => {
    const code = newCode();
    const expiresAt = new Date(pairingCodeExpiresAt(Date.now()));
    const [row] = await trx('device_pairing_codes')
      .insert({
        code_hash: hashCode(code),
        name,
        created_by: by.staffUserId,
        created_by_name: by.name,
        expires_at: expiresAt,
      })
      .returning('id');
    await audit(trx, by, 'device.pairingcode', {
      name,
      pairingCodeId: row.id,
      expiresAt: expiresAt.toISOString(),
    });
    return { code, expiresAt };
  });

export const pairWithCode = (
  db: Knex,
  code: string,
  context: { readonly address: string | null; readonly userAgent: string | null },
): Promise<PairedDevice | null> =>
  db.transaction(async (trx) => {
    const found = await trx('device_pairing_codes')
      .where({ code_hash: hashCode(code) })
      .forUpdate()
      .first('id', 'name', 'expires_at', 'used_at', 'created_by');
    if (
      !found ||
      !pairingCodeUsable(
        { expiresAt: found.expires_at.getTime(), usedAt: found.used_at?.getTime() ?? null },
        Date.now(),
      )
    )
      return null;
    await trx('device_pairing_codes').where({ id: found.id }).update({ used_at: trx.fn.now() });
    const [user] = await trx('staff_users')
      .insert({
        email: `device-pending-${found.id}@devices.invalid`,
        name: found.name,
        password_hash: NO_PASSWORD,
        role: 'PointOfSale',
      })
      .returning('id');
    const deviceId = user.id as number;
    const email = `device-${deviceId}@devices.invalid`;
    await trx('staff_users').where({ id: deviceId }).update({ email });
    await trx('devices').insert({
      staff_user_id: deviceId,
      name: found.name,
      pairing_code_id: found.id,
      last_seen_at: trx.fn.now(),
    });
    const { token } = await sessionsOn(trx).create('device', deviceId, context);
    await audit(trx, { staffUserId: deviceId, email, name: found.name }, 'device.pair', {
      deviceId,
      name: found.name,
      pairingCodeId: found.id,
      address: context.address,
    });
    return { deviceId, name: found.name as string, token };
  });

export const listDevices = async (db: Db): Promise<Device[]> =>
  (await devicesQuery(db).orderBy('d.staff_user_id')).map(deviceOf);

export const revokeDevice = (db: Knex, deviceId: number, by: DeviceActor): Promise<Device | null> =>
  db.transaction(async (trx) => {
    const found = await trx('devices').where({ staff_user_id: deviceId }).forUpdate().first('name');
    if (!found) return null;
    await trx('devices')
      .where({ staff_user_id: deviceId })
      .update({ revoked_at: trx.raw('coalesce(revoked_at, now())') });
    await trx('staff_users').where({ id: deviceId }).update({ is_active: false });
    const ended = await trx('sessions').where({ staff_user_id: deviceId }).delete();
    await audit(trx, by, 'device.revoke', { deviceId, name: found.name, sessionsEnded: ended });
    const [row] = await devicesQuery(trx).where('d.staff_user_id', deviceId);
    return deviceOf(row!);
  });

export const DevicesPostgres = (db: Knex) =>
  Layer.succeed(
    Devices,
    Devices.of({
      issueCode: (name, by) => Effect.promise(() => issuePairingCode(db, name, by)),
      pair: (code, context) => Effect.promise(() => pairWithCode(db, code, context)),
      list: () => Effect.promise(() => listDevices(db)),
      revoke: (deviceId, by) => Effect.promise(() => revokeDevice(db, deviceId, by)),
    }),
  );
