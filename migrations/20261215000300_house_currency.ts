import type { Knex } from 'knex';

// The house currency (core/accounts/house-currency.ts): what a sale without an event is charged
// in. One pair of columns of the one account_settings row; `house_currency()` reads it (USD when
// the row is missing) and is the default of a new membership type's currency.
//
// Also: a group payment that lost the race for its request (two payers at once, see
// core/group-sales/pay-request.ts) is refunded at once; it is marked `refunded` (or `failed` when
// the refund did not go through, for staff to give the money back) with `failure_reason`, instead
// of staying `pending`.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_settings', (t) => {
    t.text('house_currency').notNullable().defaultTo('USD');
    t.text('house_currency_locale').notNullable().defaultTo('en-us');
  });
  await knex.raw(
    `alter table account_settings add constraint account_settings_house_currency check (house_currency ~ '^[A-Z]{3}$')`,
  );
  await knex.raw(`create function house_currency() returns text language sql stable as $$
    select coalesce((select house_currency from account_settings where id = 1), 'USD')
  $$`);
  await knex.raw(`alter table membership_types alter column currency set default house_currency()`);

  await knex.raw(`alter table group_payments
    drop constraint group_payments_status,
    add constraint group_payments_status check (status in ('pending', 'requires_action', 'succeeded', 'declined', 'refunded', 'failed')),
    add column failure_reason text`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update group_payments set status = 'declined' where status in ('refunded', 'failed')`);
  await knex.raw(`alter table group_payments
    drop column failure_reason,
    drop constraint group_payments_status,
    add constraint group_payments_status check (status in ('pending', 'requires_action', 'succeeded', 'declined'))`);
  await knex.raw(`alter table membership_types alter column currency set default 'USD'`);
  await knex.raw(`drop function house_currency()`);
  await knex.schema.alterTable('account_settings', (t) => {
    t.dropColumn('house_currency');
    t.dropColumn('house_currency_locale');
  });
}
