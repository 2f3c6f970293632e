import type { Knex } from 'knex';
import { hashPassword } from '../../crypto/password.ts';

/** Everyone the demo signs in as uses this password (README and `foyer demo seed` print it). */
export const DEMO_PASSWORD = 'foyer-demo';

export const DEMO_STAFF = [
  { email: 'owner@foyer.local', name: 'Olive Owner', role: 'SuperAdmin' },
  { email: 'admin@foyer.local', name: 'Alex Admin', role: 'Admin' },
  { email: 'boxoffice@foyer.local', name: 'Bo Boxoffice', role: 'BoxOfficeManager' },
  { email: 'supervisor@foyer.local', name: 'Sam Supervisor', role: 'BoxOfficeSupervisor' },
  { email: 'seller@foyer.local', name: 'Sid Seller', role: 'Seller' },
] as const;

export const DEMO_CUSTOMER = {
  email: 'customer@foyer.local',
  first_name: 'Casey',
  last_name: 'Customer',
  phone: '+1 212 555 0100',
  addresses: {
    BillToAddress1: '20 West 44th Street',
    BillToCity: 'New York',
    BillToState: 'NY',
    BillToPostalCode: '10036',
    BillToCountryCode: 'US',
  },
};

/** Demo staff and one member customer. Existing accounts with the same e-mail are left alone. */
export const insertPeople = async (trx: Knex.Transaction, membershipTagTypeId: number): Promise<void> => {
  // Each account gets its own salt; argon2 runs off the main thread, so hash them together.
  const [customerHash, ...hashes] = await Promise.all(
    [DEMO_CUSTOMER, ...DEMO_STAFF].map(() => hashPassword(DEMO_PASSWORD)),
  );
  // The unique indexes are on lower(email): "on conflict do nothing" without a target covers them.
  await trx('staff_users')
    .insert(DEMO_STAFF.map((s, i) => ({ ...s, password_hash: hashes[i] })))
    .onConflict()
    .ignore();
  await trx('customers')
    .insert({
      ...DEMO_CUSTOMER,
      addresses: JSON.stringify(DEMO_CUSTOMER.addresses),
      password_hash: customerHash,
    })
    .onConflict()
    .ignore();
  const customer = await trx('customers').whereRaw('lower(email) = ?', [DEMO_CUSTOMER.email]).first('id');
  await trx('customer_tags')
    .insert({ customer_id: customer.id, customer_tag_type_id: membershipTagTypeId })
    .onConflict(['customer_id', 'customer_tag_type_id'])
    .ignore();
};
