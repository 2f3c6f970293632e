import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  CompTypes,
  type CompType,
  type CompTypeFields,
  type CompTypeWrite,
} from '../../../core/boxoffice/ports.ts';

// Comp types (migrations/20261210000100_counter_payments.ts). An active name is unique in any
// case (comp_types_name); archiving keeps the row, so past payments still name it.

interface Row {
  id: number;
  name: string;
  description: string | null;
  max_comp_quantity: number | null;
  is_active: boolean;
}

const compTypeOf = (r: Row): CompType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  maxCompQuantity: r.max_comp_quantity,
  isActive: r.is_active,
});

const columnsOf = (fields: CompTypeFields) => ({
  name: fields.name,
  description: fields.description,
  max_comp_quantity: fields.maxCompQuantity,
});

const isNameTaken = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'comp_types_name';

const write = async (run: () => Promise<Row[]>): Promise<CompTypeWrite> => {
  try {
    const [row] = await run();
    return row ? { outcome: 'saved', compType: compTypeOf(row) } : { outcome: 'notFound' };
  } catch (error) {
    if (isNameTaken(error)) return { outcome: 'nameTaken' };
    throw error;
  }
};

export const listCompTypes = async (db: Knex, includeArchived: boolean): Promise<CompType[]> => {
  const query = db('comp_types').orderBy([{ column: 'is_active', order: 'desc' }, 'name', 'id']);
  return ((await (includeArchived ? query : query.where({ is_active: true }))) as Row[]).map(compTypeOf);
};

export const CompTypesPostgres = (db: Knex) =>
  Layer.succeed(CompTypes, {
    list: (includeArchived) => Effect.promise(() => listCompTypes(db, includeArchived)),
    create: (fields) =>
      Effect.promise(() => write(() => db('comp_types').insert(columnsOf(fields)).returning('*'))),
    update: (id, fields) =>
      Effect.promise(() =>
        write(() => db('comp_types').where({ id, is_active: true }).update(columnsOf(fields)).returning('*')),
      ),
    archive: (id) =>
      Effect.promise(
        async () => (await db('comp_types').where({ id, is_active: true }).update({ is_active: false })) > 0,
      ),
  });
