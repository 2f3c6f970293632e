import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { CustomerIdentity, Credentials } from '../../../core/accounts/identity.ts';
import { CustomerAccounts, type NewCustomer } from '../../../core/accounts/ports.ts';
import type { Profile, ProfileFields } from '../../../core/accounts/profile.ts';
import { customerOrders } from './customer-orders.ts';

// Customer accounts: the customers row, its tags and marketing lists. E-mails are unique
// case-insensitively (customers_email_unique on lower(email)).

const BILL_TO = [
  'BillToAddress1',
  'BillToAddress2',
  'BillToCity',
  'BillToState',
  'BillToPostalCode',
  'BillToCountryCode',
] as const;

const credentialsWhere = async (
  db: Knex,
  where: (q: Knex.QueryBuilder) => void,
): Promise<Credentials | null> => {
  const query = db('customers')
    .whereNull('anonymized_at')
    .whereNotNull('password_hash')
    .first('id', 'email', 'password_hash');
  where(query);
  const row = await query;
  return row ? { kind: 'customer', id: row.id, email: row.email, passwordHash: row.password_hash } : null;
};

const create = async (db: Knex, customer: NewCustomer): Promise<CustomerIdentity | null> => {
  const values = {
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    password_hash: customer.passwordHash,
  };
  // A guest record of the same e-mail (no password yet) becomes the account; one with a
  // password is someone's account and stays untouched.
  const { rows } = await db.raw<{ rows: { id: number; email: string }[] }>(
    `insert into customers (email, first_name, last_name, phone, password_hash)
     values (?, ?, ?, ?, ?)
     on conflict ((lower(email))) do update
        set first_name = excluded.first_name, last_name = excluded.last_name,
            phone = coalesce(excluded.phone, customers.phone), password_hash = excluded.password_hash,
            updated_at = now()
      where customers.password_hash is null and customers.anonymized_at is null
     returning id, email`,
    [customer.email, values.first_name, values.last_name, values.phone, values.password_hash],
  );
  const row = rows[0];
  return row
    ? {
        kind: 'customer',
        customerId: row.id,
        email: row.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
      }
    : null;
};

/**
 * A tag counts unless a membership gave it and none of the customer's delivered memberships giving
 * it covers today where its venue is (migrations/20261216000200_membership_tags.ts): a lapsed
 * membership's member prices and member-only promotions end with it.
 */
const HELD_TODAY = `(not t.granted_by_membership or exists (
  select 1 from memberships m join membership_types mt on mt.id = m.membership_type_id
   where m.customer_id = t.customer_id and mt.customer_tag_type_id = t.customer_tag_type_id
     and m.delivered_at is not null
     and (now() at time zone mt.time_zone)::date between m.starts_on and m.ends_on))`;

const profile = async (db: Knex, customerId: number): Promise<Profile | null> => {
  const row = await db('customers').where({ id: customerId }).whereNull('anonymized_at').first();
  if (!row) return null;
  const [tags, lists] = await Promise.all([
    db('customer_tags as t')
      .join('customer_tag_types as y', 'y.id', 't.customer_tag_type_id')
      .where('t.customer_id', customerId)
      .whereRaw(HELD_TODAY)
      .orderBy('t.id')
      .select('t.id', 'y.id as type_id', 'y.name', 'y.kind', 'y.opt_in_text'),
    db('customer_tag_types')
      .where({ kind: 'MarketingOptIn' })
      .orderBy('id')
      .select('id', 'name', 'opt_in_text'),
  ]);
  const addresses = (row.addresses ?? {}) as Record<string, string | null>;
  const subscribed = new Set(tags.map((t) => t.type_id as number));
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    rewardsNumber: row.rewards_number,
    billTo: Object.fromEntries(BILL_TO.map((f) => [f, addresses[f] ?? null])),
    tags: tags.map((t) => ({
      id: t.id,
      typeId: t.type_id,
      typeName: t.name,
      kind: t.kind,
      optInText: t.opt_in_text,
    })),
    optIns: lists.map((l) => ({
      typeId: l.id,
      name: l.name,
      optInText: l.opt_in_text,
      subscribed: subscribed.has(l.id),
    })),
  };
};

const updateProfile = async (db: Knex, customerId: number, fields: ProfileFields): Promise<boolean> =>
  db.transaction(async (trx) => {
    const taken = await trx('customers')
      .whereRaw('lower(email) = lower(?)', [fields.email])
      .whereNot({ id: customerId })
      .first('id');
    if (taken) return false;
    const row = await trx('customers').where({ id: customerId }).forUpdate().first('addresses');
    const addresses = { ...(row?.addresses ?? {}) } as Record<string, string | null>;
    for (const field of BILL_TO) if (field in fields.billTo) addresses[field] = fields.billTo[field] ?? null;
    await trx('customers')
      .where({ id: customerId })
      .update({
        first_name: fields.firstName,
        last_name: fields.lastName,
        email: fields.email,
        phone: fields.phone,
        rewards_number: fields.rewardsNumber,
        addresses: JSON.stringify(addresses),
        updated_at: trx.fn.now(),
      });
    return true;
  });

const setOptIns = async (db: Knex, customerId: number, typeIds: readonly number[]) =>
  db.transaction(async (trx) => {
    const lists: number[] = (await trx('customer_tag_types')
      .where({ kind: 'MarketingOptIn' })
      .pluck('id')) as number[];
    const wanted = lists.filter((id) => typeIds.includes(id));
    await trx('customer_tags')
      .where({ customer_id: customerId })
      .whereIn(
        'customer_tag_type_id',
        lists.filter((id) => !wanted.includes(id)),
      )
      .delete();
    if (wanted.length > 0)
      await trx('customer_tags')
        .insert(wanted.map((id) => ({ customer_id: customerId, customer_tag_type_id: id })))
        .onConflict(['customer_id', 'customer_tag_type_id'])
        .ignore();
  });

// Delete account: the customer row keeps its id (orders point at it) and loses everything
// personal; the orders keep amounts, seats and dates for the books, without name or address.
const anonymize = async (db: Knex, customerId: number) =>
  db.transaction(async (trx) => {
    await trx('customers')
      .where({ id: customerId })
      .update({
        email: `deleted-${customerId}@anonymized.invalid`,
        first_name: '',
        last_name: '',
        phone: null,
        password_hash: null,
        rewards_number: null,
        addresses: '{}',
        card_customer_ref: null,
        anonymized_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    await trx('customer_tags').where({ customer_id: customerId }).delete();
    await trx('password_reset_tokens').where({ customer_id: customerId }).delete();
    await trx('orders').where({ customer_id: customerId }).update({
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      organization: null,
      title: null,
      rewards_number: null,
      bill_to: '{}',
      ship_to: '{}',
    });
    await trx('baskets')
      .where({ customer_id: customerId })
      .update({ first_name: null, last_name: null, email: null, phone: null, bill_to: '{}', ship_to: '{}' });
  });

export const CustomerAccountsPostgres = (db: Knex) =>
  Layer.succeed(CustomerAccounts, {
    credentials: (email) =>
      Effect.promise(() =>
        credentialsWhere(db, (q) => q.whereRaw('lower(email) = lower(?)', [email.trim()])),
      ),
    credentialsById: (customerId) =>
      Effect.promise(() => credentialsWhere(db, (q) => q.where({ id: customerId }))),
    create: (customer) => Effect.promise(() => create(db, customer)),
    setPassword: (customerId, passwordHash) =>
      Effect.promise(() =>
        db('customers')
          .where({ id: customerId })
          .update({ password_hash: passwordHash, updated_at: db.fn.now() })
          .then(() => undefined),
      ),
    anonymize: (customerId) => Effect.promise(() => anonymize(db, customerId)),
    profile: (customerId) => Effect.promise(() => profile(db, customerId)),
    updateProfile: (customerId, fields) => Effect.promise(() => updateProfile(db, customerId, fields)),
    setOptIns: (customerId, typeIds) => Effect.promise(() => setOptIns(db, customerId, typeIds)),
    removeTag: (customerId, tagId) =>
      Effect.promise(
        async () => (await db('customer_tags').where({ id: tagId, customer_id: customerId }).delete()) > 0,
      ),
    orders: (customerId) => Effect.promise(() => customerOrders(db, customerId)),
  });
