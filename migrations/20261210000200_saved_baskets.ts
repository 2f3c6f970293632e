import type { Knex } from 'knex';

// The box office's baskets (adapters/postgres/basket/saved-baskets.ts, price-overrides.ts):
// - A saved basket keeps its seats for a phone customer: saved_at, saved_name and saved_by (who
//   saved it). Saving moves the basket's expiry and its holds together (core/basket/saved-baskets.ts
//   says until when), so the expiry job and the sweep leave it alone until then.
// - A price set by staff keeps the price it replaced (original_price), the price set
//   (override_price: the override is still in force while price equals it) and who set it.
// - A basket sold on a box-office channel may be saved and overridden (CanSaveBasket,
//   CanOverridePrice); one on a consumer channel is external purchasing and may not. The trigger
//   keeps the two flags with the basket's channel, however the basket was made.
// - A customer made at the counter may have a phone number and no e-mail address.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('baskets', (t) => {
    t.timestamp('saved_at', { useTz: true }).nullable();
    t.text('saved_name').nullable();
    t.integer('saved_by').nullable().references('staff_users.id').onDelete('SET NULL');
  });
  await knex.raw(
    `create index baskets_saved on baskets (saved_at) where saved_at is not null and status = 'Active'`,
  );

  await knex.schema.alterTable('basket_items', (t) => {
    t.integer('original_price').nullable();
    t.integer('override_price').nullable();
    t.integer('price_overridden_by').nullable().references('staff_users.id').onDelete('SET NULL');
  });
  await knex.raw(
    `alter table basket_items add constraint basket_items_override check (
       (original_price is null and override_price is null)
       or (original_price >= 0 and override_price >= 0))`,
  );

  await knex.raw(`
    create function foyer_basket_channel_flags() returns trigger language plpgsql as $$
    begin
      select sc.is_admin, sc.is_admin into new.can_save_basket, new.can_override_price
        from sales_channels sc where sc.id = new.sales_channel_id;
      return new;
    end $$`);
  await knex.raw(`
    create trigger baskets_channel_flags before insert or update of sales_channel_id on baskets
      for each row execute function foyer_basket_channel_flags()`);
  await knex.raw(`
    update baskets b set can_save_basket = sc.is_admin, can_override_price = sc.is_admin
      from sales_channels sc where sc.id = b.sales_channel_id and b.status = 'Active'`);

  await knex.raw(`alter table customers alter column email drop not null`);
  await knex.raw(
    `alter table customers add constraint customers_reachable check (email is not null or phone is not null)`,
  );
  await knex.raw(`create index customers_phone on customers (phone) where phone is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists customers_phone`);
  await knex.raw(`alter table customers drop constraint if exists customers_reachable`);
  await knex.raw(`delete from customers where email is null`);
  await knex.raw(`alter table customers alter column email set not null`);
  await knex.raw(`drop trigger if exists baskets_channel_flags on baskets`);
  await knex.raw(`drop function if exists foyer_basket_channel_flags()`);
  await knex.raw(`alter table basket_items drop constraint if exists basket_items_override`);
  await knex.schema.alterTable('basket_items', (t) => {
    t.dropColumn('price_overridden_by');
    t.dropColumn('override_price');
    t.dropColumn('original_price');
  });
  await knex.raw(`drop index if exists baskets_saved`);
  await knex.schema.alterTable('baskets', (t) => {
    t.dropColumn('saved_by');
    t.dropColumn('saved_name');
    t.dropColumn('saved_at');
  });
}
