import type { Knex } from 'knex';

// Gift certificates and their ledger, and stock for add-on products (core/extras/README.md).
//
// Gift certificates: what a certificate is worth is the sum of its entries (issue +, redeem -,
// refund +). `gift_certificates.balance` keeps that sum so a redemption reads one row; only the
// entries' trigger may change it, in the same statement as the entry, and the check
// `balance >= 0` makes PostgreSQL refuse any entry that would spend more than is there, whatever
// code wrote it. Entries are never changed or deleted. A redemption or refund carries an
// idempotency key (unique), so one payment retried never spends twice.
//
// Product stock: `product_variants.stock` is the units left to sell (null: not counted, as every
// variant was before). A basket's units are rows of `product_stock_holds`, taken out of stock
// when held. A hold deleted gives its units back (its trigger), so whatever ends a hold returns
// the stock: items removed, the basket expired (the baskets trigger below deletes its holds),
// the basket or the variant deleted. A basket completed marks its holds sold (the same trigger):
// they stay as the record of the sale and give nothing back. `stock >= 0` is a check: stock never
// goes below zero.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gift_certificates', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique();
    t.text('currency').notNullable();
    t.integer('balance').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table gift_certificates add constraint gift_certificates_code check (code ~ '^[0-9A-HJKMNP-TV-Z]{16}$')`,
  );
  await knex.raw(
    `alter table gift_certificates add constraint gift_certificates_currency check (currency ~ '^[A-Z]{3}$')`,
  );
  await knex.raw(
    `alter table gift_certificates add constraint gift_certificates_balance check (balance >= 0)`,
  );

  await knex.schema.createTable('gift_certificate_entries', (t) => {
    t.bigIncrements('id');
    t.integer('gift_certificate_id').notNullable().references('gift_certificates.id');
    t.text('kind').notNullable(); // issue | redeem | refund
    t.integer('amount').notNullable(); // signed minor units
    // No ON DELETE: an entry is never changed, so an order with money moved on a certificate stays.
    t.integer('order_id').nullable().references('orders.id');
    t.text('key').nullable().unique();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table gift_certificate_entries add constraint gift_certificate_entries_kind check (kind in ('issue', 'redeem', 'refund'))`,
  );
  await knex.raw(
    `alter table gift_certificate_entries add constraint gift_certificate_entries_sign check ((kind = 'redeem') = (amount < 0) and amount <> 0)`,
  );
  await knex.raw(
    `create unique index gift_certificate_entries_one_issue on gift_certificate_entries (gift_certificate_id) where kind = 'issue'`,
  );
  await knex.raw(
    `create index gift_certificate_entries_certificate on gift_certificate_entries (gift_certificate_id, id)`,
  );

  await knex.raw(`
    create function foyer_gift_entry_apply() returns trigger language plpgsql as $$
    begin
      update gift_certificates set balance = balance + new.amount where id = new.gift_certificate_id;
      return new;
    end $$`);
  await knex.raw(`
    create trigger gift_certificate_entries_apply after insert on gift_certificate_entries
      for each row execute function foyer_gift_entry_apply()`);
  await knex.raw(`
    create function foyer_gift_entry_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'gift certificate entries are never changed or deleted: add an entry instead'
        using errcode = 'restrict_violation';
    end $$`);
  await knex.raw(`
    create trigger gift_certificate_entries_fixed before update or delete on gift_certificate_entries
      for each row execute function foyer_gift_entry_fixed()`);
  // The balance is the ledger's: a certificate starts at 0, and only the entries' trigger (one
  // trigger level down) may move it.
  await knex.raw(`
    create function foyer_gift_balance_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        new.balance := 0;
      elsif new.balance is distinct from old.balance and pg_trigger_depth() < 2 then
        raise exception 'a gift certificate''s balance changes only through its ledger entries'
          using errcode = 'restrict_violation';
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger gift_certificates_balance_guard before insert or update on gift_certificates
      for each row execute function foyer_gift_balance_guard()`);

  await knex.schema.alterTable('product_variants', (t) => {
    t.integer('stock').nullable();
  });
  await knex.raw(`alter table product_variants add constraint product_variants_stock check (stock >= 0)`);

  await knex.schema.createTable('product_stock_holds', (t) => {
    t.increments('id');
    t.integer('product_variant_id').notNullable().references('product_variants.id').onDelete('CASCADE');
    t.uuid('basket_id').notNullable().references('baskets.id').onDelete('CASCADE');
    t.integer('quantity').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sold_at', { useTz: true }).nullable();
    t.unique(['basket_id', 'product_variant_id']);
  });
  await knex.raw(
    `alter table product_stock_holds add constraint product_stock_holds_quantity check (quantity > 0)`,
  );
  await knex.raw(
    `create index product_stock_holds_unsold on product_stock_holds (product_variant_id) where sold_at is null`,
  );

  await knex.raw(`
    create function foyer_stock_hold_return() returns trigger language plpgsql as $$
    begin
      if old.sold_at is null then
        update product_variants set stock = stock + old.quantity
         where id = old.product_variant_id and stock is not null;
      end if;
      return old;
    end $$`);
  await knex.raw(`
    create trigger product_stock_holds_return after delete on product_stock_holds
      for each row execute function foyer_stock_hold_return()`);
  // Whatever code expires or completes a basket (the expiry job, the sweep, expiring by hand, the
  // sale functions, an exchange), its holds follow: an expired basket's go back to stock, a
  // completed basket's are sold.
  await knex.raw(`
    create function foyer_basket_status_stock() returns trigger language plpgsql as $$
    begin
      if new.status = 'Expired' then
        delete from product_stock_holds where basket_id = new.id and sold_at is null;
      else
        update product_stock_holds set sold_at = now() where basket_id = new.id and sold_at is null;
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger baskets_status_stock after update of status on baskets
      for each row when (new.status is distinct from old.status and new.status in ('Expired', 'Completed'))
      execute function foyer_basket_status_stock()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger if exists baskets_status_stock on baskets`);
  await knex.raw(`drop function if exists foyer_basket_status_stock()`);
  await knex.schema.dropTableIfExists('product_stock_holds');
  await knex.raw(`drop function if exists foyer_stock_hold_return()`);
  await knex.schema.alterTable('product_variants', (t) => {
    t.dropColumn('stock');
  });
  await knex.schema.dropTableIfExists('gift_certificate_entries');
  await knex.schema.dropTableIfExists('gift_certificates');
  await knex.raw(`drop function if exists foyer_gift_balance_guard()`);
  await knex.raw(`drop function if exists foyer_gift_entry_fixed()`);
  await knex.raw(`drop function if exists foyer_gift_entry_apply()`);
}
