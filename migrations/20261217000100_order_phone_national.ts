import type { Knex } from 'knex';

// The staff order search (adapters/postgres/orders/staff-orders/staff-orders.ts) also finds a
// phone from its start, whatever spaces, punctuation and country code were typed or stored:
// "212555" finds "+1 212 555 0100". foyer_phone_national is nationalDigits of
// core/orders/staff-orders/order-search.ts in SQL (adapters/postgres/orders/staff-orders/
// order-search.test.ts holds the two to the same answers): the digits alone; written
// internationally (a + before the first digit, or 00 first), the country calling code after it
// left out (E.164 codes are prefix-free: 1 and 7 are one digit, those COUNTRY_CODE lists two, every
// other three); then one leading trunk 0 left out. A btree index on it serves "starts with"; the
// end of a number keeps orders_phone_tail (20261211000300_order_search.ts).
const COUNTRY_CODE =
  '[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58]|(2[1-689]|3[578]|42|5[09]|6[7-9]|8[035789]|9[679])[0-9]';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function foyer_phone_national(phone text) returns text
      language sql immutable strict parallel safe
    as $$
      select regexp_replace(
        case
          when phone ~ '^[^0-9+]*[+]' then regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^(${COUNTRY_CODE})', '')
          when regexp_replace(phone, '[^0-9]', '', 'g') like '00%'
            then regexp_replace(substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3), '^(${COUNTRY_CODE})', '')
          else regexp_replace(phone, '[^0-9]', '', 'g')
        end,
        '^0', '')
    $$`);
  await knex.raw(
    `create index orders_phone_national on orders (foyer_phone_national(phone) text_pattern_ops)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index if exists orders_phone_national`);
  await knex.raw(`drop function if exists foyer_phone_national(text)`);
}
