import type { Knex } from 'knex';

/**
 * Runs `load` with `table`'s foreign keys set aside and puts them back, identical, before the
 * transaction ends (PostgreSQL's advice for populating a database). Checking a key once per
 * inserted row costs most of the time of loading 350,000 event seats; re-adding the constraint
 * checks every row in a single join. Nothing outside the transaction ever sees the table
 * without its keys, and a violation still fails the load. A role that does not own the table
 * may not alter it, so it simply loads row-checked.
 */
export const withForeignKeysCheckedOnce = async <T>(
  trx: Knex.Transaction,
  table: string,
  load: () => Promise<T>,
): Promise<T> => {
  const owned = await trx.raw(
    `select pg_has_role(relowner, 'USAGE') as owned from pg_class where oid = ?::regclass`,
    [table],
  );
  const keys: { name: string; definition: string }[] = owned.rows[0]?.owned
    ? (
        await trx.raw(
          `select conname as name, pg_get_constraintdef(oid) as definition
             from pg_constraint where conrelid = ?::regclass and contype = 'f' order by conname`,
          [table],
        )
      ).rows
    : [];
  if (keys.length === 0) return load();
  await trx.raw(`alter table ?? ${keys.map(() => 'drop constraint ??').join(', ')}`, [
    table,
    ...keys.map((k) => k.name),
  ]);
  const result = await load();
  // pg_get_constraintdef gives back the exact clause (references, on delete, deferrable, ...).
  await trx.raw(`alter table ?? ${keys.map((k) => `add constraint ?? ${k.definition}`).join(', ')}`, [
    table,
    ...keys.map((k) => k.name),
  ]);
  return result;
};
