import type { Knex } from 'knex';

// The currency of a basket line sold without an event (core/basket/one-currency.ts): a gift
// certificate is sold in the house currency of the moment it is added, a membership in its type's
// currency. A ticket's or product's currency stays its event's venue currency, read through the
// event. A basket is paid in one currency, so the line's is fixed when it is added: a later change
// of the house currency does not reprice a basket already holding certificates.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('basket_items', (t) => {
    t.text('currency').nullable();
  });
  await knex.raw(`update basket_items i set currency = t.currency
                    from membership_types t
                   where i.item_type = 'Membership' and t.id = i.membership_type_id`);
  await knex.raw(`update basket_items set currency = house_currency() where item_type = 'GiftCertificate'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('basket_items', (t) => {
    t.dropColumn('currency');
  });
}
