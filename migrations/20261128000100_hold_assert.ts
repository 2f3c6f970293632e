import type { Knex } from 'knex';

// A check a single statement can make on its own work: raise (rolling the statement back) with
// a detail the caller reads. The one-round-trip seat hold uses it to refuse a partial hold
// (adapters/postgres/basket/hold-seats.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function foyer_assert(ok boolean, detail text) returns boolean
    language plpgsql as $$
    begin
      if not ok then
        raise exception 'foyer_assert' using errcode = 'P0001', detail = coalesce(detail, '');
      end if;
      return true;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists foyer_assert(boolean, text)`);
}
