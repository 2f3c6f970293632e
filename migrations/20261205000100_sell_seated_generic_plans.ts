import type { Knex } from 'knex';

// The checkout's usual case as ONE statement outside BEGIN (adapters/postgres/orders/sell-basket.ts,
// sellUnchangedBasket): foyer_pay_and_sell records the gateway's success on the payment
// (foyer_record_success, which the two-trip sale calls too), then calls foyer_sell_seated
// (20261204000100_sell_seated_function.ts); a foyer_assert from it rolls both back. Before, the
// success was an UPDATE written out as literals in the same batch (parsed and planned for every
// order) between a BEGIN and a COMMIT.
//
// p_success: {"payment_ref", "card_brand", "card_bin", "card_last4"} (successColumns in
// adapters/postgres/orders/attempts.ts); a null keeps what the payment has. The update never
// overwrites a refund.
//
// Both functions always use their generic plans. PostgreSQL planned the sale's UPDATE of the
// seats afresh for every order (a custom plan looked cheaper once p_live was known), about
// 0.4 ms of the database's time per order in `npm run bench -- checkout`; the generic plan
// looks each seat up by its key all the same.
const SELL = 'foyer_sell_seated(int, uuid, boolean, text, jsonb, jsonb, jsonb, jsonb)';
const PAY_AND_SELL = 'foyer_pay_and_sell(jsonb, int, uuid, boolean, text, jsonb, jsonb, jsonb, jsonb)';
const RECORD_SUCCESS = 'foyer_record_success(int, jsonb)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter function ${SELL} set plan_cache_mode = force_generic_plan`);
  await knex.raw(`
    create or replace function foyer_record_success(p_attempt int, p_success jsonb) returns void
    language plpgsql as $$
    begin
      update payments
         set status = 'succeeded', updated_at = now(),
             payment_ref = coalesce(p_success->>'payment_ref', payment_ref),
             card_brand = coalesce(p_success->>'card_brand', card_brand),
             card_bin = coalesce(p_success->>'card_bin', card_bin),
             card_last4 = coalesce(p_success->>'card_last4', card_last4)
       where id = p_attempt and status <> 'refunded';
    end
    $$`);
  await knex.raw(`
    create or replace function foyer_pay_and_sell(
      p_success jsonb, p_attempt int, p_basket uuid, p_live boolean, p_version text,
      p_order jsonb, p_wanted jsonb, p_tickets jsonb, p_products jsonb
    ) returns json
    language plpgsql
    set plan_cache_mode = force_generic_plan
    as $$
    begin
      perform foyer_record_success(p_attempt, p_success);
      return foyer_sell_seated(p_attempt, p_basket, p_live, p_version, p_order, p_wanted, p_tickets, p_products);
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists ${PAY_AND_SELL}`);
  await knex.raw(`drop function if exists ${RECORD_SUCCESS}`);
  await knex.raw(`alter function ${SELL} reset plan_cache_mode`);
}
