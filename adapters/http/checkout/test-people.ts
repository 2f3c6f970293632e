import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { hashPassword } from '../../crypto/password.ts';
import type { StaffRole } from '../../../core/accounts/staff/roles.ts';
import { browser, type Browser } from './test-browser.ts';

// Who the session tests sign in as: the demo's people (password foyer-demo), a staff member of
// any role made for the test, or a new customer registered through the API.

export const DEMO_PASSWORD = 'foyer-demo';

/** A browser signed in as `email` (null: anonymous). */
export const signedIn = async (server: Server, email: string | null, password = DEMO_PASSWORD) => {
  const b = await browser(server);
  if (email) {
    const res = await b.call('POST', '/api/account/login', { Email: email, Password: password });
    if (res.status !== 200) throw new Error(`signing in ${email}: ${res.status} ${res.raw}`);
  }
  return b;
};

/** A staff member of `role` (e.g. Seller, PointOfSale), signed in. */
export const staffOfRole = async (server: Server, db: Knex, role: StaffRole): Promise<Browser> => {
  const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@foyer.local`;
  await db('staff_users').insert({
    email,
    name: `Test ${role}`,
    role,
    password_hash: await hashPassword(DEMO_PASSWORD),
  });
  return signedIn(server, email);
};

/** A new customer with no tags, registered (and so signed in) through the API. */
export const newCustomer = async (server: Server, email: string): Promise<Browser> => {
  const b = await browser(server);
  const res = await b.call('POST', '/api/account/register', {
    FirstName: 'Nora',
    LastName: 'Nonmember',
    Email: email,
    Password: DEMO_PASSWORD + '-long',
    ConfirmPassword: DEMO_PASSWORD + '-long',
  });
  if (res.status !== 200) throw new Error(`registering ${email}: ${res.status} ${res.raw}`);
  return b;
};
