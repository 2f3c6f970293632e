import type { Knex } from 'knex';
import type { PriceGrid } from '../../../core/performances/price-grid.ts';

// A template's default prices (migrations/20261218000300_template_prices.ts): read, saved whole,
// and taken from its latest performance when it has none yet (the migration did so for the
// templates there were; a template whose performances came later, as the demo's do, gets them on
// first use).

interface LevelRow {
  zone: string;
  label: string;
  color: string;
  display_order: number;
}
interface PriceRow {
  zone: string;
  price_type_id: number;
  amount: number;
}
interface FeeRow {
  zone: string | null;
  price_type_id: number | null;
  name: string;
  scope: 'Ticket' | 'Order';
  amount: number;
  rate_bp: number;
}

export const readTemplateGrid = async (db: Knex, templateId: number): Promise<PriceGrid> => {
  const [levels, prices, fees]: [LevelRow[], PriceRow[], FeeRow[]] = await Promise.all([
    db('event_template_price_levels')
      .where({ event_template_id: templateId })
      .orderBy(['display_order', 'zone']),
    db('event_template_prices').where({ event_template_id: templateId }).orderBy(['zone', 'price_type_id']),
    db('event_template_fees').where({ event_template_id: templateId }).orderBy('id'),
  ]);
  return {
    levels: levels.map((l) => ({
      zone: l.zone,
      label: l.label,
      color: l.color,
      displayOrder: l.display_order,
    })),
    prices: prices.map((p) => ({ zone: p.zone, priceTypeId: p.price_type_id, amount: p.amount })),
    fees: fees.map((f) => ({
      zone: f.zone,
      priceTypeId: f.price_type_id,
      name: f.name,
      scope: f.scope,
      amount: f.amount,
      rateBp: f.rate_bp,
    })),
  };
};

/**
 * A template without defaults takes its latest performance's levels, prices and fees. Runs under
 * the template's row lock, so two first uses do not both copy.
 */
export const takeDefaultsFromLatest = async (trx: Knex.Transaction, templateId: number): Promise<void> => {
  await trx('event_templates').where({ id: templateId }).forUpdate().first('id');
  const has = await trx('event_template_price_levels').where({ event_template_id: templateId }).first('id');
  if (has) return;
  const latest: { id: number } | undefined = await trx('events')
    .where({ event_template_id: templateId })
    .orderBy([
      { column: 'starts_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id');
  if (!latest) return;
  await trx.raw(
    `insert into event_template_price_levels (event_template_id, zone, label, color, display_order)
     select ?, zone, label, color, display_order from price_levels where event_id = ?`,
    [templateId, latest.id],
  );
  await trx.raw(
    `insert into event_template_prices (event_template_id, zone, price_type_id, amount)
     select ?, pl.zone, p.price_type_id, p.amount
       from prices p join price_levels pl on pl.id = p.price_level_id
      where p.event_id = ?`,
    [templateId, latest.id],
  );
  await trx.raw(
    `insert into event_template_fees (event_template_id, zone, price_type_id, name, scope, amount, rate_bp)
     select ?, pl.zone, f.price_type_id, f.name, f.scope, f.amount, f.rate_bp
       from fees f left join price_levels pl on pl.id = f.price_level_id
      where f.event_id = ?
      order by f.id`,
    [templateId, latest.id],
  );
};

/** Replaces the template's defaults with `grid` (inside the caller's transaction). */
export const writeTemplateGrid = async (trx: Knex.Transaction, templateId: number, grid: PriceGrid) => {
  await trx('event_template_fees').where({ event_template_id: templateId }).delete();
  await trx('event_template_prices').where({ event_template_id: templateId }).delete();
  await trx('event_template_price_levels').where({ event_template_id: templateId }).delete();
  if (grid.levels.length > 0)
    await trx('event_template_price_levels').insert(
      grid.levels.map((l) => ({
        event_template_id: templateId,
        zone: l.zone,
        label: l.label,
        color: l.color,
        display_order: l.displayOrder,
      })),
    );
  if (grid.prices.length > 0)
    await trx('event_template_prices').insert(
      grid.prices.map((p) => ({
        event_template_id: templateId,
        zone: p.zone,
        price_type_id: p.priceTypeId,
        amount: p.amount,
      })),
    );
  if (grid.fees.length > 0)
    await trx('event_template_fees').insert(
      grid.fees.map((f) => ({
        event_template_id: templateId,
        zone: f.zone,
        price_type_id: f.priceTypeId,
        name: f.name,
        scope: f.scope,
        amount: f.amount,
        rate_bp: f.rateBp,
      })),
    );
};
