import type { Knex } from 'knex';
import type {
  DiscountKind,
  GroupCode,
  Promotion,
  PromotionTiming,
} from '../../../core/pricing/promotion-rules.ts';

interface PromotionRow {
  id: number;
  code: string | null;
  display_name: string;
  instruction_text: string | null;
  is_presale: boolean;
  hide_presale: boolean;
  group_promo_code: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  discount_kind: string;
  discount_value: number;
  restrict_to_customer_tag: boolean;
  restrict_to_customer_tag_ids: number[];
  locked_price_type_ids: number[];
  bin_restrictions: string[];
  hide_full_retail_price_on_web: boolean;
  is_outlet_sale: boolean;
  is_archived: boolean;
  event_template_ids: number[];
}

const toPromotion = (r: PromotionRow): Promotion => ({
  id: r.id,
  code: r.code,
  displayName: r.display_name,
  instructionText: r.instruction_text,
  isPresale: r.is_presale,
  hidePreSale: r.hide_presale,
  groupPromoCode: r.group_promo_code,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  restrictToCustomerTag: r.restrict_to_customer_tag,
  restrictToCustomerTagIds: r.restrict_to_customer_tag_ids,
  hideFullRetailPriceOnWeb: r.hide_full_retail_price_on_web,
  isOutletSale: r.is_outlet_sale,
  isArchived: r.is_archived,
  eventTemplateIds: r.event_template_ids,
  discount: { kind: r.discount_kind as DiscountKind, value: r.discount_value },
  lockedPriceTypeIds: r.locked_price_type_ids,
  binRestrictions: r.bin_restrictions,
});

/** Promotions with the series they apply to, aggregated in the same statement. */
const promotionsWithSeries = (db: Knex) =>
  db('promotions as p').select(
    'p.id',
    'p.code',
    'p.display_name',
    'p.instruction_text',
    'p.is_presale',
    'p.hide_presale',
    'p.group_promo_code',
    'p.starts_at',
    'p.ends_at',
    'p.discount_kind',
    'p.discount_value',
    'p.restrict_to_customer_tag',
    'p.restrict_to_customer_tag_ids',
    'p.locked_price_type_ids',
    'p.bin_restrictions',
    'p.hide_full_retail_price_on_web',
    'p.is_outlet_sale',
    'p.is_archived',
    db.raw(
      `coalesce((select array_agg(pet.event_template_id order by pet.event_template_id)
                   from promotion_event_templates pet where pet.promotion_id = p.id), '{}') as event_template_ids`,
    ),
  );

export const promotionsOfSeries = async (db: Knex, seriesId: number): Promise<Promotion[]> => {
  const rows: PromotionRow[] = await promotionsWithSeries(db)
    .whereExists(
      db('promotion_event_templates as pet')
        .whereRaw('pet.promotion_id = p.id')
        .where('pet.event_template_id', seriesId),
    )
    .orderBy('p.id');
  return rows.map(toPromotion);
};

/** Codes are unique case-insensitively (migration: promotions_code_unique on lower(code)). */
export const promotionWithCode = async (db: Knex, code: string): Promise<Promotion | null> => {
  const row: PromotionRow | undefined = await promotionsWithSeries(db)
    .whereRaw('lower(p.code) = lower(?)', [code])
    .first();
  return row ? toPromotion(row) : null;
};

/** Reads a one-time group code; never marks it used (checkout does, in its transaction). */
export const groupCodeOf = async (db: Knex, promotionId: number, code: string): Promise<GroupCode | null> => {
  const row: { code: string; used_at: Date | null } | undefined = await db('promotion_group_codes')
    .where('promotion_id', promotionId)
    .whereRaw('lower(code) = lower(?)', [code])
    .orderByRaw('(code = ?) desc', [code])
    .first('code', 'used_at');
  return row ? { code: row.code, usedAt: row.used_at } : null;
};

/** When each series' promotions run, for a page of events (archived promotions left out). */
export const promotionTimingsBySeries = async (
  db: Knex,
  seriesIds: readonly number[],
): Promise<Map<number, (PromotionTiming & { id: number })[]>> => {
  const map = new Map<number, (PromotionTiming & { id: number })[]>();
  if (seriesIds.length === 0) return map;
  const rows: { series_id: number; id: number; starts_at: Date | null; ends_at: Date | null }[] = await db(
    'promotion_event_templates as pet',
  )
    .join('promotions as p', 'p.id', 'pet.promotion_id')
    .whereIn('pet.event_template_id', seriesIds)
    .where('p.is_archived', false)
    .orderBy('p.id')
    .select('pet.event_template_id as series_id', 'p.id', 'p.starts_at', 'p.ends_at');
  for (const r of rows) {
    const list = map.get(r.series_id) ?? [];
    list.push({ id: r.id, startsAt: r.starts_at, endsAt: r.ends_at });
    map.set(r.series_id, list);
  }
  return map;
};
