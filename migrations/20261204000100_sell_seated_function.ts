import type { Knex } from 'knex';

// The writes of a seated basket's sale (adapters/postgres/orders/sell-basket.ts) as one function.
// Sent as a statement, the sale's data-modifying CTE cost PostgreSQL about 1.1 ms of parsing and
// planning per order, more than half of its own work; PL/pgSQL prepares each statement of the
// function once per connection and reuses the plan, so an on-sale pays for the writes only.
//
// foyer_sell_seated writes the order, sells the wanted seats (its own live holds, or, when the
// basket ran out after the charge (p_live false), seats nobody else holds), writes the tickets
// and products, links the payment, completes the basket and queues the order e-mail; a seat it
// could not sell raises foyer_assert naming the seats (nothing is written). With p_version, it
// first locks the payment and the basket and checks the basket is still the one the checkout read
// (BASKET_VERSION in adapters/postgres/basket/basket-rows.ts), live, and paid with no order yet,
// raising foyer_assert 'changed' otherwise.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function foyer_sell_seated(
      p_attempt int, p_basket uuid, p_live boolean, p_version text,
      p_order jsonb, p_wanted jsonb, p_tickets jsonb, p_products jsonb
    ) returns json
    language plpgsql as $$
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

      with wanted as (
        select * from jsonb_to_recordset(p_wanted) as w (event_id int, seat_id int, hold_subclass_id int, key text)
      ), sold as (
        update event_seats es
           set status = 'Sold', order_id = v_order.id, basket_id = null, held_until = null, hold_subclass_id = null
          from wanted w
         where es.event_id = w.event_id and es.seat_id = w.seat_id
           and (es.status = 'Open' or (es.status = 'Hold' and es.hold_subclass_id is not distinct from w.hold_subclass_id))
           and ((es.basket_id = p_basket and es.held_until > now())
                or (not p_live and (es.basket_id = p_basket or es.basket_id is null or es.held_until <= now())))
        returning es.event_id, es.seat_id
      )
      select count(*), count(s.seat_id), coalesce(json_agg(w.key) filter (where s.seat_id is null), '[]')::text
        into v_wanted, v_sold, v_missing
        from wanted w left join sold s on s.event_id = w.event_id and s.seat_id = w.seat_id;
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

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `drop function if exists foyer_sell_seated(int, uuid, boolean, text, jsonb, jsonb, jsonb, jsonb)`,
  );
}
