import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { StaffUsers, type StaffUser } from '../../../core/accounts/ports.ts';
import type { Credentials } from '../../../core/accounts/identity.ts';
import type { StaffRole } from '../../../core/accounts/staff/roles.ts';

// Staff accounts in staff_users: the StaffUsers port for the server, and plain async functions
// for `foyer staff ...`, which also ends sessions and writes the audit log in the same
// transaction as each change. Every statement about staff accounts lives in this file.
// E-mails match case-insensitively, as the unique index on lower(email) does.

type Db = Knex | Knex.Transaction;

interface StaffRow {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly is_active: boolean;
  readonly is_backend_user: boolean;
  readonly created_at: Date;
}

const COLUMNS = ['id', 'email', 'name', 'role', 'is_active', 'is_backend_user', 'created_at'] as const;

const toStaffUser = (row: StaffRow): StaffUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  active: row.is_active,
  backendUser: row.is_backend_user,
  createdAt: row.created_at,
});

const toCredentials = (row: { id: number; email: string; password_hash: string }): Credentials => ({
  kind: 'staff',
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
});

const byLowerEmail = (db: Db, email: string) =>
  db('staff_users').whereRaw('lower(email) = lower(?)', [email.trim()]);

/** The active staff user who may sign in with this e-mail (any case), or null. */
export const staffCredentials = async (db: Db, email: string): Promise<Credentials | null> => {
  const row = await byLowerEmail(db, email)
    .andWhere({ is_active: true })
    .first('id', 'email', 'password_hash');
  return row ? toCredentials(row) : null;
};

export const staffCredentialsById = async (db: Db, staffUserId: number): Promise<Credentials | null> => {
  const row = await db('staff_users')
    .where({ id: staffUserId, is_active: true })
    .first('id', 'email', 'password_hash');
  return row ? toCredentials(row) : null;
};

/** Everyone, active or not, by name (then id, so equal names keep one order). */
export const listStaffUsers = async (db: Db): Promise<StaffUser[]> => {
  const rows: StaffRow[] = await db('staff_users').select(COLUMNS).orderByRaw('lower(name), name, id');
  return rows.map(toStaffUser);
};

export const staffUserByEmail = async (db: Db, email: string): Promise<StaffUser | null> => {
  const row: StaffRow | undefined = await byLowerEmail(db, email).first(COLUMNS);
  return row ? toStaffUser(row) : null;
};

export interface NewStaffUser {
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly passwordHash: string;
}

/** Adds an active staff user; null when the e-mail (in any case) is taken. */
export const addStaffUser = async (db: Db, user: NewStaffUser): Promise<StaffUser | null> => {
  const rows: StaffRow[] = await db('staff_users')
    .insert({ email: user.email.trim(), name: user.name, role: user.role, password_hash: user.passwordHash })
    .onConflict(db.raw('(lower(email))'))
    .ignore()
    .returning(COLUMNS);
  return rows[0] ? toStaffUser(rows[0]) : null;
};

export const setStaffUserActive = async (db: Db, staffUserId: number, active: boolean): Promise<void> => {
  await db('staff_users').where({ id: staffUserId }).update({ is_active: active, updated_at: db.fn.now() });
};

/** The backend-user flag: error screens show this person stack traces. */
export const setStaffUserBackend = async (
  db: Db,
  staffUserId: number,
  backendUser: boolean,
): Promise<void> => {
  await db('staff_users')
    .where({ id: staffUserId })
    .update({ is_backend_user: backendUser, updated_at: db.fn.now() });
};

export const setStaffUserRole = async (db: Db, staffUserId: number, role: StaffRole): Promise<void> => {
  await db('staff_users').where({ id: staffUserId }).update({ role, updated_at: db.fn.now() });
};

export const setStaffUserPassword = async (
  db: Db,
  staffUserId: number,
  passwordHash: string,
): Promise<void> => {
  await db('staff_users')
    .where({ id: staffUserId })
    .update({ password_hash: passwordHash, updated_at: db.fn.now() });
};

/** Ends every session of a staff user; answers how many there were. */
export const endStaffSessions = async (db: Db, staffUserId: number): Promise<number> =>
  db('sessions').where({ staff_user_id: staffUserId }).delete();

/** An audit row for a change made outside a staff session (the command line: actor 'cli:<user>'). */
export const recordStaffAudit = async (
  db: Db,
  entry: {
    readonly actor: string;
    readonly action: string;
    readonly details: Readonly<Record<string, unknown>>;
  },
): Promise<void> => {
  await db('audit_log').insert({
    staff_user_id: null,
    actor: entry.actor,
    action: entry.action,
    details: JSON.stringify(entry.details),
  });
};

// The command line's changes: each one, with the sessions it ends and its audit row, in one
// transaction, so a failure leaves nothing half done.

/** Adds a staff user and audits 'staff.add'; null (and no audit row) when the e-mail is taken. */
export const addStaffUserAudited = (db: Knex, user: NewStaffUser, actor: string): Promise<StaffUser | null> =>
  db.transaction(async (trx) => {
    const added = await addStaffUser(trx, user);
    if (added)
      await recordStaffAudit(trx, {
        actor,
        action: 'staff.add',
        details: { email: added.email, role: added.role },
      });
    return added;
  });

export type StaffChange =
  | { readonly outcome: 'notFound' }
  | { readonly outcome: 'unchanged'; readonly user: StaffUser }
  | { readonly outcome: 'changed'; readonly user: StaffUser; readonly sessionsEnded: number };

/**
 * Enables or disables the staff user of an e-mail, auditing 'staff.enable' or 'staff.disable';
 * disabling also ends their sessions. Nothing changes when they already are so.
 */
export const setStaffUserActiveAudited = (
  db: Knex,
  email: string,
  active: boolean,
  actor: string,
): Promise<StaffChange> =>
  db.transaction(async (trx) => {
    const row: StaffRow | undefined = await byLowerEmail(trx, email).forUpdate().first(COLUMNS);
    if (!row) return { outcome: 'notFound' };
    const user = toStaffUser(row);
    if (user.active === active) return { outcome: 'unchanged', user };
    await setStaffUserActive(trx, user.id, active);
    const sessionsEnded = active ? 0 : await endStaffSessions(trx, user.id);
    await recordStaffAudit(trx, {
      actor,
      action: active ? 'staff.enable' : 'staff.disable',
      details: { email: user.email, role: user.role, ...(active ? {} : { sessionsEnded }) },
    });
    return { outcome: 'changed', user: { ...user, active }, sessionsEnded };
  });

/** Replaces the password of the staff user of an e-mail, ends their sessions, audits 'staff.set-password'. */
export const setStaffUserPasswordAudited = (
  db: Knex,
  email: string,
  passwordHash: string,
  actor: string,
): Promise<Exclude<StaffChange, { outcome: 'unchanged' }>> =>
  db.transaction(async (trx) => {
    const row: StaffRow | undefined = await byLowerEmail(trx, email).forUpdate().first(COLUMNS);
    if (!row) return { outcome: 'notFound' };
    const user = toStaffUser(row);
    await setStaffUserPassword(trx, user.id, passwordHash);
    const sessionsEnded = await endStaffSessions(trx, user.id);
    await recordStaffAudit(trx, {
      actor,
      action: 'staff.set-password',
      details: { email: user.email, role: user.role, sessionsEnded },
    });
    return { outcome: 'changed', user, sessionsEnded };
  });

export const StaffUsersPostgres = (db: Knex) =>
  Layer.succeed(StaffUsers, {
    credentials: (email) => Effect.promise(() => staffCredentials(db, email)),
    credentialsById: (staffUserId) => Effect.promise(() => staffCredentialsById(db, staffUserId)),
    list: () => Effect.promise(() => listStaffUsers(db)),
    byEmail: (email) => Effect.promise(() => staffUserByEmail(db, email)),
    add: (user) => Effect.promise(() => addStaffUser(db, user)),
    setActive: (staffUserId, active) => Effect.promise(() => setStaffUserActive(db, staffUserId, active)),
    setRole: (staffUserId, role) => Effect.promise(() => setStaffUserRole(db, staffUserId, role)),
    setBackendUser: (staffUserId, backendUser) =>
      Effect.promise(() => setStaffUserBackend(db, staffUserId, backendUser)),
    setPassword: (staffUserId, passwordHash) =>
      Effect.promise(() => setStaffUserPassword(db, staffUserId, passwordHash)),
  });
