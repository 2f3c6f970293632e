import type { Command } from 'commander';
import { z } from 'zod';
import { CliError, exitCodes } from '../context.ts';
import { STAFF_ROLES, type StaffRole } from '../../core/accounts/staff/roles.ts';

// `foyer staff ...`: staff accounts from a terminal or a script (the first admin of a new
// installation, a forgotten password, someone who left). Arguments are checked here, before
// anything opens the database; the work is in staff-run.ts.

const Email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .email({ message: 'must be an e-mail address' });
const Name = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

const parse = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${name}: ${parsed.error.issues[0]!.message}`, exitCodes.usage);
  return parsed.data;
};

/** A role by its name in any case (`seller` is Seller). */
const parseRole = (value: string): StaffRole => {
  const role = STAFF_ROLES.find((r) => r.toLowerCase() === value.trim().toLowerCase());
  if (!role)
    throw new CliError(
      `--role: unknown role "${value}". Valid roles: ${STAFF_ROLES.join(', ')}.`,
      exitCodes.usage,
    );
  return role;
};

const load = () => import('./staff-run.ts');

export const registerStaff = (program: Command) => {
  const staff = program.command('staff').description('staff accounts');
  staff
    .command('add')
    .description('add a staff member (asks for the password; without a terminal reads one line from stdin)')
    .requiredOption('-e, --email <email>', 'their e-mail, which they sign in with')
    .requiredOption('-r, --role <role>', `one of ${STAFF_ROLES.join(', ')}`)
    .option('-n, --name <name>', 'their name (default: the e-mail before the @)')
    .action(async (options: { email: string; role: string; name?: string }) => {
      const email = parse(Email, options.email, '--email');
      const role = parseRole(options.role);
      const name = parse(Name, options.name ?? email.split('@')[0], '--name');
      await (await load()).addStaff({ email, role, name });
    });
  staff
    .command('list')
    .description('every staff account, active or not, by name')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { json?: boolean }) => {
      await (await load()).listStaff({ json: options.json === true });
    });
  staff
    .command('disable')
    .description('stop a staff member from signing in and end their sessions')
    .argument('<email>')
    .option('-y, --yes', 'do not ask first (needed when not on a terminal)')
    .action(async (raw: string, options: { yes?: boolean }) => {
      await (await load()).setStaffActive(parse(Email, raw, 'email'), false, { yes: options.yes === true });
    });
  staff
    .command('enable')
    .description('let a disabled staff member sign in again')
    .argument('<email>')
    .action(async (raw: string) => {
      await (await load()).setStaffActive(parse(Email, raw, 'email'), true, { yes: true });
    });
  staff
    .command('set-password')
    .description('replace a staff password (asks for it) and end their sessions')
    .argument('<email>')
    .action(async (raw: string) => {
      await (await load()).setStaffPassword(parse(Email, raw, 'email'));
    });
};
