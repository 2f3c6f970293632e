import { createHash, randomBytes } from 'node:crypto';
import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { Identity, Session } from '../../../core/accounts/identity.ts';
import { Sessions } from '../../../core/accounts/ports.ts';
import { isStaffRole } from '../../../core/accounts/staff/roles.ts';
import {
  SESSION_LIFETIMES,
  sessionEndsAt,
  shouldTouch,
  type SessionKind,
} from '../../../core/accounts/session-rules.ts';

// Sessions live in PostgreSQL so signing out, a password change or a disabled account ends them
// everywhere at once. The cookie carries 128 random bits; the table keeps their SHA-256 only.
// A point-of-sale device's session (kind 'device', core/accounts/staff/device-pairing.ts) speaks for its
// staff user of role PointOfSale, as a staff session does for a person.

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(16).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

interface Row {
  id_hash: string;
  kind: SessionKind;
  created_at: Date;
  last_seen_at: Date;
  staff_user_id: number | null;
  staff_email: string | null;
  staff_name: string | null;
  staff_role: string | null;
  staff_backend: boolean | null;
  customer_id: number | null;
  customer_email: string | null;
  first_name: string | null;
  last_name: string | null;
}

const identityOf = (row: Row): Identity | null => {
  if (row.kind === 'staff' || row.kind === 'device') {
    if (row.staff_user_id === null || row.staff_role === null || !isStaffRole(row.staff_role)) return null;
    return {
      kind: 'staff',
      staffUserId: row.staff_user_id,
      email: row.staff_email ?? '',
      name: row.staff_name ?? '',
      role: row.staff_role,
      backendUser: row.staff_backend ?? false,
    };
  }
  if (row.customer_id === null) return null;
  return {
    kind: 'customer',
    customerId: row.customer_id,
    email: row.customer_email ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
  };
};

const sessionOf = (row: Row): Session | null => {
  const identity = identityOf(row);
  return identity
    ? {
        idHash: row.id_hash,
        kind: row.kind,
        identity,
        createdAt: row.created_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
      }
    : null;
};

// A session counts only while its person may still sign in: an active staff member, a customer
// whose account has not been deleted.
const READ = `
  select s.id_hash, s.kind, s.created_at, s.last_seen_at,
         su.id as staff_user_id, su.email as staff_email, su.name as staff_name, su.role as staff_role,
         su.is_backend_user as staff_backend,
         c.id as customer_id, c.email as customer_email, c.first_name, c.last_name
    from sessions s
    left join staff_users su on su.id = s.staff_user_id and su.is_active
    left join customers c on c.id = s.customer_id and c.anonymized_at is null
   where s.id_hash = ? and s.ends_at > now()`;

export const sessionsOn = (db: Knex) => {
  const read = async (token: string): Promise<Session | null> => {
    if (!TOKEN.test(token)) return null;
    const idHash = hashToken(token);
    const { rows } = await db.raw<{ rows: Row[] }>(READ, [idHash]);
    const row = rows[0];
    if (!row) return null;
    const session = sessionOf(row);
    if (!session) return null;
    const now = Date.now();
    if (shouldTouch(session.lastSeenAt, now)) {
      const endsAt = new Date(sessionEndsAt(session.kind, session.createdAt, now));
      await db('sessions')
        .where({ id_hash: idHash })
        .update({ last_seen_at: new Date(now), ends_at: endsAt });
      // The device list shows when each counter last spoke (GET /api/admin/devices).
      if (session.kind === 'device' && session.identity.kind === 'staff')
        await db('devices')
          .where({ staff_user_id: session.identity.staffUserId })
          .update({ last_seen_at: new Date(now) });
    }
    return session;
  };

  const create = async (
    kind: SessionKind,
    personId: number,
    context: { address: string | null; userAgent: string | null },
  ) => {
    const token = newToken();
    const idHash = hashToken(token);
    const now = Date.now();
    const life = SESSION_LIFETIMES[kind];
    await db('sessions').insert({
      id_hash: idHash,
      kind,
      customer_id: kind === 'customer' ? personId : null,
      staff_user_id: kind === 'customer' ? null : personId,
      created_at: new Date(now),
      last_seen_at: new Date(now),
      ends_at: new Date(now + Math.min(life.idleMs, life.absoluteMs)),
      address: context.address,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
    });
    // Expired rows are tidied as people sign in: no job needed, a bounded delete each time.
    await db.raw(
      `delete from sessions where id_hash in (select id_hash from sessions where ends_at < now() limit 100)`,
    );
    const session = await read(token);
    if (!session) throw new Error('a new session could not be read back');
    return { token, session };
  };

  const endAllOf = async (kind: SessionKind, personId: number, except?: string) => {
    const column = kind === 'customer' ? 'customer_id' : 'staff_user_id';
    const query = db('sessions').where({ [column]: personId });
    if (except) query.whereNot({ id_hash: except });
    return query.delete();
  };

  return {
    create,
    read,
    end: async (token: string) => {
      if (TOKEN.test(token))
        await db('sessions')
          .where({ id_hash: hashToken(token) })
          .delete();
    },
    endAllOf,
  };
};

export const SessionsPostgres = (db: Knex) => {
  const sessions = sessionsOn(db);
  return Layer.succeed(Sessions, {
    create: (kind, personId, context) => Effect.promise(() => sessions.create(kind, personId, context)),
    read: (token) => Effect.promise(() => sessions.read(token)),
    end: (token) => Effect.promise(() => sessions.end(token)),
    endAllOf: (kind, personId, except) => Effect.promise(() => sessions.endAllOf(kind, personId, except)),
  });
};
