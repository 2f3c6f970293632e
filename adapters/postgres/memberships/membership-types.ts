import type { Knex } from 'knex';
import type { MembershipType } from '../../../core/memberships/ports.ts';

// membership_types and their price levels (migrations/20261215000200_memberships.ts).

interface TypeRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  duration_months: number;
  customer_tag_type_id: number;
  time_zone: string;
  currency: string;
  image_url: string | null;
  is_on_sale: boolean;
}

interface LevelRow {
  id: number;
  display_name: string;
  description: string | null;
  price: number;
  discounted_display_price: number | null;
}

const withLevels = async (
  db: Knex | Knex.Transaction,
  row: TypeRow | undefined,
): Promise<MembershipType | null> => {
  if (!row) return null;
  const levels: LevelRow[] = await db('membership_price_levels')
    .where({ membership_type_id: row.id })
    .orderBy([{ column: 'display_order' }, { column: 'id' }]);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    durationMonths: row.duration_months,
    customerTagTypeId: row.customer_tag_type_id,
    timeZone: row.time_zone,
    currency: row.currency,
    imageUrl: row.image_url,
    isOnSale: row.is_on_sale,
    priceLevels: levels.map((l) => ({
      id: l.id,
      displayName: l.display_name,
      description: l.description,
      price: l.price,
      discountedDisplayPrice: l.discounted_display_price,
    })),
  };
};

/** A type by code, any case; archived types are not found. */
export const readTypeByCode = async (db: Knex | Knex.Transaction, code: string) =>
  withLevels(
    db,
    await db('membership_types').whereRaw('lower(code) = lower(?)', [code]).whereNull('archived_at').first(),
  );

export const readTypeById = async (db: Knex | Knex.Transaction, id: number) =>
  withLevels(db, await db('membership_types').where({ id }).first());

/**
 * Every type not archived, by code, with how many members it has today where its venue is
 * (delivered memberships whose term covers that day).
 */
export const readTypeSummaries = async (db: Knex) => {
  const rows: (TypeRow & { active_members: string })[] = await db('membership_types as t')
    .whereNull('t.archived_at')
    .orderBy('t.code')
    .select(
      't.*',
      db.raw(`(select count(distinct m.customer_id) from memberships m
                where m.membership_type_id = t.id and m.delivered_at is not null
                  and (now() at time zone t.time_zone)::date between m.starts_on and m.ends_on) as active_members`),
    );
  const summaries = [];
  for (const row of rows)
    summaries.push({ type: (await withLevels(db, row))!, activeMembers: Number(row.active_members) });
  return summaries;
};
