import type { Knex } from 'knex';

// A customer tag given by a membership lasts as long as a membership giving it
// (adapters/postgres/accounts/customer-accounts.ts reads the tags a customer holds today): the
// tag row is marked `granted_by_membership` when a delivery made it, and counts only while one of
// the customer's delivered memberships of a type giving that tag covers today in its venue's time
// zone. A tag staff or the customer gave by hand (false) never lapses, membership or not.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_tags', (t) => {
    t.boolean('granted_by_membership').notNullable().defaultTo(false);
  });
  await knex.raw(`update customer_tags ct set granted_by_membership = true
                   where exists (select 1 from memberships m
                                   join membership_types t on t.id = m.membership_type_id
                                  where m.customer_id = ct.customer_id
                                    and t.customer_tag_type_id = ct.customer_tag_type_id
                                    and m.delivered_at is not null)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_tags', (t) => {
    t.dropColumn('granted_by_membership');
  });
}
