import type { Knex } from 'knex';

// The seat sale's rule as SQL functions, so the seated checkout's PL/pgSQL and the general sale
// path (adapters/postgres/inventory/seat-status/sell.ts) run the same statement instead of two
// copies of its condition:
//
// - foyer_hold_live(held_until): a hold is live while its time is in the future by the
//   database's clock. A plain SQL expression, which PostgreSQL inlines where it is called, so a
//   query using it is planned exactly as if the comparison were written out (index use included).
//   adapters/postgres/inventory/seat-status/live-hold.ts emits calls of it.
// - foyer_seat_sellable(...): the sale's condition on one seat, inlined the same way.
// - foyer_sell_seats(order, basket, live, wanted): sells the wanted seats to the order, answering
//   those it sold. PL/pgSQL, so its UPDATE is planned once per connection and then reused.
// - foyer_sell_seated: the seated checkout's writes (migrations/20261204000100_sell_seated_function.ts),
//   replaced with the same body except that its seat UPDATE is now a call of foyer_sell_seats.
//
// These functions are part of the seat-status home (adapters/postgres/inventory/seat-status/,
// listed in adapters/postgres/inventory/seat-status-home.test.ts).
const SELL = 'foyer_sell_seated(int, uuid, boolean, text, jsonb, jsonb, jsonb, jsonb)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function foyer_hold_live(p_held_until timestamptz) returns boolean
    language sql stable parallel safe
    as $$ select p_held_until is not null and p_held_until > now() $$`);

  // The seat (its status, hold subclass, basket and held_until) may be sold to basket p_basket,
  // chosen from subclass p_wanted_subclass: open, or held back in that subclass, and held by the
  // basket; or, when the basket ran out after its payment was taken (p_live false), held by it or
  // by no one live. Inlined like foyer_hold_live.
  await knex.raw(`
    create or replace function foyer_seat_sellable(
      p_status text, p_hold_subclass int, p_basket_id uuid, p_held_until timestamptz,
      p_wanted_subclass int, p_basket uuid, p_live boolean
    ) returns boolean
    language sql stable parallel safe
    as $$
      select (p_status = 'Open' or (p_status = 'Hold' and p_hold_subclass is not distinct from p_wanted_subclass))
         and ((p_basket_id = p_basket and foyer_hold_live(p_held_until))
              or (not p_live and (p_basket_id = p_basket or p_basket_id is null or not foyer_hold_live(p_held_until))))
    $$`);

  await knex.raw(`
    create or replace function foyer_sell_seats(p_order int, p_basket uuid, p_live boolean, p_wanted jsonb)
    returns table (event_id int, seat_id int)
    language plpgsql
    set plan_cache_mode = force_generic_plan
    as $$
    begin
      return query
      with wanted as (
        select * from jsonb_to_recordset(p_wanted) as w (event_id int, seat_id int, hold_subclass_id int)
      )
      update event_seats es
         set status = 'Sold', order_id = p_order, basket_id = null, held_until = null, hold_subclass_id = null
        from wanted w
       where es.event_id = w.event_id and es.seat_id = w.seat_id
         and foyer_seat_sellable(es.status, es.hold_subclass_id, es.basket_id, es.held_until,
                                 w.hold_subclass_id, p_basket, p_live)
      returning es.event_id, es.seat_id;
    end
    $$`);

  await knex.raw(`
    create or replace function foyer_sell_seated(
      p_attempt int, p_basket uuid, p_live boolean, p_version text,
      p_order jsonb, p_wanted jsonb, p_tickets jsonb, p_products jsonb
    ) returns json
    language plpgsql
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      v_still boolean;
      v_order orders%rowtype;
      v_wanted int;
      v_sold int;
      v_missing text;
    begin
      if p_version is not null then
        select p.order_id is null and p.status = 'succeeded' and p.refund_status is null
               and b.status = 'Active' and b.expires_at > now()
               and md5(b::text || coalesce((select string_agg(i::text, ',' order by i.id)
                     from basket_items i where i.basket_id = b.id), '')) = p_version
          into v_still
          from payments p join baskets b on b.id = p.basket_id
         where p.id = p_attempt
           for update of p for no key update of b;
        if v_still is not true then
          raise exception 'foyer_assert' using errcode = 'P0001', detail = 'changed';
        end if;
      end if;

      insert into orders (basket_id, sales_channel_id, customer_id, first_name, last_name, email, phone,
                          organization, title, rewards_number, bill_to, ship_to, delivery_method_id,
                          delivery_method_name, delivery_method_type, currency, currency_locale, total,
                          ticket_and_fee_total, ticket_total, ticket_fee_total, product_total, delivery_total,
                          order_level_fee_total, order_level_fees, promo_code, group_code, note,
                          marketing_opt_in_tag_ids)
      select o.basket_id, o.sales_channel_id, o.customer_id, o.first_name, o.last_name, o.email, o.phone,
             o.organization, o.title, o.rewards_number, o.bill_to::jsonb, o.ship_to::jsonb, o.delivery_method_id,
             o.delivery_method_name, o.delivery_method_type, o.currency, o.currency_locale, o.total,
             o.ticket_and_fee_total, o.ticket_total, o.ticket_fee_total, o.product_total, o.delivery_total,
             o.order_level_fee_total, o.order_level_fees::jsonb, o.promo_code, o.group_code, o.note,
             o.marketing_opt_in_tag_ids::int[]
        from jsonb_to_record(p_order) as o (
          basket_id uuid, sales_channel_id int, customer_id int, first_name text, last_name text,
          email text, phone text, organization text, title text, rewards_number text, bill_to text,
          ship_to text, delivery_method_id int, delivery_method_name text, delivery_method_type text,
          currency text, currency_locale text, total int, ticket_and_fee_total int, ticket_total int,
          ticket_fee_total int, product_total int, delivery_total int, order_level_fee_total int,
          order_level_fees text, promo_code text, group_code text, note text, marketing_opt_in_tag_ids text)
      returning * into v_order;

      select count(*), count(s.seat_id), coalesce(json_agg(w.key) filter (where s.seat_id is null), '[]')::text
        into v_wanted, v_sold, v_missing
        from jsonb_to_recordset(p_wanted) as w (event_id int, seat_id int, key text)
        left join foyer_sell_seats(v_order.id, p_basket, p_live, p_wanted) s
          on s.event_id = w.event_id and s.seat_id = w.seat_id;
      if v_sold <> v_wanted then
        raise exception 'foyer_assert' using errcode = 'P0001', detail = v_missing;
      end if;

      insert into order_tickets (order_id, event_id, seat_id, section_id, is_ga, key, section_name, row,
                                 seat_number, price_level_id, price_level_name, price_type_id, price_type_name,
                                 face_value, price, fee_total, fees, promotion_id, promo_code, package_id,
                                 package_price, package_fee_total, ada_type, barcode)
      select v_order.id, t.event_id, t.seat_id, t.section_id, t.is_ga, t.key, t.section_name, t.row,
             t.seat_number, t.price_level_id, t.price_level_name, t.price_type_id, t.price_type_name,
             t.face_value, t.price, t.fee_total, t.fees::jsonb, t.promotion_id, t.promo_code, t.package_id,
             t.package_price, t.package_fee_total, t.ada_type, t.barcode
        from jsonb_to_recordset(p_tickets) as t (
          event_id int, seat_id int, section_id int, is_ga boolean, key text, section_name text, row text,
          seat_number text, price_level_id int, price_level_name text, price_type_id int, price_type_name text,
          face_value int, price int, fee_total int, fees text, promotion_id int, promo_code text,
          package_id int, package_price int, package_fee_total int, ada_type text, barcode text);

      insert into order_products (order_id, product_id, product_variant_id, event_id, name, quantity, unit_price)
      select v_order.id, p.product_id, p.product_variant_id, p.event_id, p.name, p.quantity, p.unit_price
        from jsonb_to_recordset(p_products) as p (
          product_id int, product_variant_id int, event_id int, name text, quantity int, unit_price int);

      update payments set order_id = v_order.id, updated_at = now() where id = p_attempt;
      update baskets set status = 'Completed' where id = p_basket;
      insert into order_mail_outbox (order_id) values (v_order.id);
      return json_build_object('id', v_order.id, 'name', v_order.name, 'total', v_order.total);
    end
    $$`);
}

// Down restores the function as migrations 20261204000100 and 20261205000100 left it: roll those
// back and forward again (their up recreates it) rather than keeping a third copy here.
export async function down(knex: Knex): Promise<void> {
  const { up: sellSeated } = await import('./20261204000100_sell_seated_function.ts');
  await sellSeated(knex);
  await knex.raw(`alter function ${SELL} set plan_cache_mode = force_generic_plan`);
  await knex.raw(`drop function if exists foyer_sell_seats(int, uuid, boolean, jsonb)`);
  await knex.raw(
    `drop function if exists foyer_seat_sellable(text, int, uuid, timestamptz, int, uuid, boolean)`,
  );
  await knex.raw(`drop function if exists foyer_hold_live(timestamptz)`);
}
