import os from 'node:os';
import { createInterface } from 'node:readline';
import { CliError, cliContext, exitCodes, withDatabase } from '../context.ts';
import { confirm } from '../ui/confirm.ts';
import { formatTable } from '../ui/table.ts';
import { ROLE_LABELS, type StaffRole } from '../../core/accounts/staff/roles.ts';
import { PASSWORD_MESSAGES, passwordProblem } from '../../core/accounts/password-policy.ts';
import type { StaffUser } from '../../core/accounts/ports.ts';
import { hashPassword } from '../../adapters/crypto/password.ts';
import {
  addStaffUserAudited,
  listStaffUsers,
  setStaffUserActiveAudited,
  setStaffUserPasswordAudited,
  staffUserByEmail,
} from '../../adapters/postgres/accounts/staff-users.ts';

// What the `foyer staff` commands do, loaded only when one runs (help and bad arguments answer
// at once). Arguments arrive checked. Each change writes an audit row naming the operating-system
// user ('cli:<user>'): the command line has no staff session.

const actor = () => {
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER ?? process.env.LOGNAME;
  }
  return `cli:${user || 'unknown'}`;
};

const who = (user: Pick<StaffUser, 'email' | 'name' | 'role'>) =>
  `${user.name} <${user.email}> (${ROLE_LABELS[user.role]})`;

/** Reads a line on the terminal without echoing it. Ctrl-C cancels. */
const askHidden = (question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stderr.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new CliError('Cancelled. Nothing changed.', exitCodes.refused));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char === '\u0015')
          value = ''; // Ctrl-U
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
    input.resume();
  });

/** The first line of standard input (a script's pipe), without its line break. */
const readLine = async (): Promise<string | null> => {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return null;
  } finally {
    lines.close();
    // The writer may keep the pipe open; nothing more is read from it.
    process.stdin.destroy();
  }
};

/** A new password: typed twice on a terminal, else one line of stdin; refused when weak. */
const newPassword = async (whose: string): Promise<string> => {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden(`New password for ${whose}: `);
    const again = await askHidden('Type it again: ');
    if (again !== password) throw new CliError('The two passwords differ. Nothing changed.', exitCodes.usage);
  } else {
    const line = await readLine();
    if (line === null)
      throw new CliError(
        'No password: type it on a terminal, or pipe it as one line on stdin. Nothing changed.',
        exitCodes.usage,
      );
    password = line;
  }
  const problem = passwordProblem(password);
  if (problem) throw new CliError(`${PASSWORD_MESSAGES[problem]} Nothing changed.`, exitCodes.usage);
  return password;
};

const notFound = (email: string) => new CliError(`No staff user has the e-mail ${email}. Nothing changed.`);

export const addStaff = async (user: { email: string; role: StaffRole; name: string }) => {
  await withDatabase(cliContext(), async ({ db }) => {
    const taken = () => new CliError(`${user.email} already belongs to a staff user. Nothing changed.`);
    // Asked before the password, so nobody types one for nothing.
    if (await staffUserByEmail(db, user.email)) throw taken();
    const passwordHash = await hashPassword(await newPassword(user.email));
    const added = await addStaffUserAudited(db, { ...user, passwordHash }, actor());
    if (!added) throw taken();
    process.stdout.write(`Added ${who(added)}.\n`);
  });
};

const when = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

export const listStaff = async (options: { json: boolean }) => {
  await withDatabase(cliContext(), async ({ db }) => {
    const users = await listStaffUsers(db);
    if (options.json) {
      // The admin API's StaffUserRow.
      const rows = users.map((u) => ({
        ID: u.id,
        Email: u.email,
        Name: u.name,
        Role: u.role,
        RoleName: ROLE_LABELS[u.role],
        Active: u.active,
        BackendUser: u.backendUser,
        Created: u.createdAt.toISOString(),
      }));
      process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
      return;
    }
    if (users.length === 0) {
      process.stdout.write('No staff users. Add one with `foyer staff add`.\n');
      return;
    }
    const rows = users.map((u) => [
      u.email,
      u.name,
      ROLE_LABELS[u.role],
      u.active ? 'yes' : 'no',
      when(u.createdAt),
    ]);
    process.stdout.write(formatTable(['E-mail', 'Name', 'Role', 'Active', 'Created (UTC)'], rows) + '\n');
  });
};

const sessions = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

export const setStaffActive = async (email: string, active: boolean, options: { yes: boolean }) => {
  await withDatabase(cliContext(), async ({ db }) => {
    const user = await staffUserByEmail(db, email);
    if (!user) throw notFound(email);
    if (user.active === active) {
      process.stdout.write(`${who(user)} is already ${active ? 'enabled' : 'disabled'}.\n`);
      return;
    }
    if (!active && !options.yes) {
      const ok = await confirm(`Disable ${who(user)} and end their sessions?`);
      if (!ok)
        throw new CliError('Nothing changed. (Pass --yes to disable without asking.)', exitCodes.refused);
    }
    const change = await setStaffUserActiveAudited(db, email, active, actor());
    if (change.outcome === 'notFound') throw notFound(email);
    if (change.outcome === 'unchanged') {
      process.stdout.write(`${who(change.user)} is already ${active ? 'enabled' : 'disabled'}.\n`);
      return;
    }
    process.stdout.write(
      active
        ? `Enabled ${who(change.user)}: they can sign in again.\n`
        : `Disabled ${who(change.user)}; ended ${sessions(change.sessionsEnded)}.\n`,
    );
  });
};

export const setStaffPassword = async (email: string) => {
  await withDatabase(cliContext(), async ({ db }) => {
    const user = await staffUserByEmail(db, email);
    if (!user) throw notFound(email);
    const passwordHash = await hashPassword(await newPassword(user.email));
    const change = await setStaffUserPasswordAudited(db, email, passwordHash, actor());
    if (change.outcome === 'notFound') throw notFound(email);
    process.stdout.write(
      `Changed the password of ${who(change.user)}; ended ${sessions(change.sessionsEnded)}.\n`,
    );
    if (!change.user.active)
      process.stdout.write(
        `The account is disabled: \`foyer staff enable ${change.user.email}\` lets them in.\n`,
      );
  });
};
