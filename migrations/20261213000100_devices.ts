import type { Knex } from 'knex';

// Point-of-sale devices: a counter computer running the bridge (bridge/) pairs with Foyer once,
// by a short code a staff member asks for (core/accounts/device-pairing.ts). The device is a
// staff_users row of role PointOfSale that can never sign in with a password; its `devices` row
// says it is a device, what the counter calls it and when it was paired, seen and revoked. Its
// session is of kind 'device' (core/accounts/session-rules.ts: 30 idle days, 365 at most).
//
// Printing through the bridge: a print job may be a card signature page, and a refund receipt
// is the receipt of the refunds made from one payment (adapters/printing/print-runner.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('device_pairing_codes', (t) => {
    t.increments('id');
    // SHA-256 of the code as shown (XXXX-XXXX): a copy of this table pairs nothing.
    t.text('code_hash').notNullable().unique();
    t.text('name').notNullable();
    t.integer('created_by').nullable().references('staff_users.id').onDelete('SET NULL');
    t.text('created_by_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('devices', (t) => {
    // The device's staff user: its id is the device's id.
    t.integer('staff_user_id').primary().references('staff_users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('pairing_code_id').nullable().references('device_pairing_codes.id').onDelete('SET NULL');
    t.timestamp('paired_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });

  await knex.raw(`alter table sessions drop constraint sessions_kind`);
  await knex.raw(`alter table sessions add constraint sessions_kind check (
    (kind = 'customer' and customer_id is not null and staff_user_id is null) or
    (kind in ('staff', 'device') and staff_user_id is not null and customer_id is null))`);

  await knex.schema.alterTable('print_jobs', (t) => {
    // A refund receipt's payment (the refunds made from it), a signature page's payment.
    t.integer('payment_id').nullable().references('payments.id');
  });
  await knex.raw(`alter table print_jobs drop constraint print_jobs_what`);
  await knex.raw(
    `alter table print_jobs add constraint print_jobs_what check (what in ('tickets', 'receipt', 'refund_receipt', 'signature_page'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('print_jobs').where({ what: 'signature_page' }).delete();
  await knex.raw(`alter table print_jobs drop constraint print_jobs_what`);
  await knex.raw(
    `alter table print_jobs add constraint print_jobs_what check (what in ('tickets', 'receipt', 'refund_receipt'))`,
  );
  await knex.schema.alterTable('print_jobs', (t) => t.dropColumn('payment_id'));
  await knex('sessions').where({ kind: 'device' }).delete();
  await knex.raw(`alter table sessions drop constraint sessions_kind`);
  await knex.raw(`alter table sessions add constraint sessions_kind check (
    (kind = 'customer' and customer_id is not null and staff_user_id is null) or
    (kind = 'staff' and staff_user_id is not null and customer_id is null))`);
  await knex.schema.dropTable('devices');
  await knex.schema.dropTable('device_pairing_codes');
}
