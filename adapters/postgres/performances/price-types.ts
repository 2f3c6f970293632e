import type { Knex } from 'knex';
import type { PriceTypeInput, PriceTypeRecord } from '../../../core/performances/ports.ts';

// The house's price types (migrations/20261122000200_pricing.ts, price_types).

interface Row {
  id: number;
  code: string;
  name: string;
  consumer_visible: boolean;
  display_order: number;
}

const recordOf = (r: Row): PriceTypeRecord => ({
  id: r.id,
  code: r.code,
  name: r.name,
  consumerVisible: r.consumer_visible,
  displayOrder: r.display_order,
});

const COLUMNS = ['id', 'code', 'name', 'consumer_visible', 'display_order'];

export const readPriceTypes = async (db: Knex): Promise<PriceTypeRecord[]> =>
  ((await db('price_types').orderBy(['display_order', 'id']).select(COLUMNS)) as Row[]).map(recordOf);

export const insertPriceType = async (
  trx: Knex.Transaction,
  input: PriceTypeInput,
): Promise<PriceTypeRecord> => {
  const [row] = (await trx('price_types')
    .insert({
      code: input.code,
      name: input.name,
      consumer_visible: input.consumerVisible,
      display_order: trx.raw('(select coalesce(max(display_order), 0) + 1 from price_types)'),
    })
    .returning(COLUMNS)) as Row[];
  return recordOf(row!);
};

/** Changes the type if it still reads `previous`; undefined when it does not (or is gone). */
export const updatePriceType = async (
  trx: Knex.Transaction,
  id: number,
  input: PriceTypeInput,
  previous: PriceTypeInput,
): Promise<PriceTypeRecord | undefined> => {
  const [row] = (await trx('price_types')
    .where({ id, code: previous.code, name: previous.name, consumer_visible: previous.consumerVisible })
    .update({ code: input.code, name: input.name, consumer_visible: input.consumerVisible })
    .returning(COLUMNS)) as Row[];
  return row ? recordOf(row) : undefined;
};

/** A unique-violation on price_types.code. */
export const isCodeTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505';
