import type { Knex } from 'knex';
import type { PriceGrid } from '../../../core/performances/price-grid.ts';

// One performance's own prices: its price levels (kept: its seats point at them; labels and
// colours change), its prices and its fees (migrations/20261122000200_pricing.ts).

export const readEventGrid = async (db: Knex, eventId: number): Promise<PriceGrid> => {
  const [levels, prices, fees] = await Promise.all([
    db('price_levels').where({ event_id: eventId }).orderBy(['display_order', 'zone']),
    db('prices as p')
      .join('price_levels as pl', 'pl.id', 'p.price_level_id')
      .where('p.event_id', eventId)
      .orderBy(['pl.zone', 'p.price_type_id'])
      .select('pl.zone', 'p.price_type_id', 'p.amount'),
    db('fees as f')
      .leftJoin('price_levels as pl', 'pl.id', 'f.price_level_id')
      .where('f.event_id', eventId)
      .orderBy('f.id')
      .select('pl.zone', 'f.price_type_id', 'f.name', 'f.scope', 'f.amount', 'f.rate_bp'),
  ]);
  return {
    levels: levels.map((l: { zone: string; label: string; color: string; display_order: number }) => ({
      zone: l.zone,
      label: l.label,
      color: l.color,
      displayOrder: l.display_order,
    })),
    prices: prices.map((p: { zone: string; price_type_id: number; amount: number }) => ({
      zone: p.zone,
      priceTypeId: p.price_type_id,
      amount: p.amount,
    })),
    fees: fees.map(
      (f: {
        zone: string | null;
        price_type_id: number | null;
        name: string;
        scope: 'Ticket' | 'Order';
        amount: number;
        rate_bp: number;
      }) => ({
        zone: f.zone,
        priceTypeId: f.price_type_id,
        name: f.name,
        scope: f.scope,
        amount: f.amount,
        rateBp: f.rate_bp,
      }),
    ),
  };
};

/** Writes `grid` over the performance's prices (inside the caller's transaction). */
export const writeEventGrid = async (trx: Knex.Transaction, eventId: number, grid: PriceGrid) => {
  const levels: { id: number; zone: string }[] = await trx('price_levels')
    .where({ event_id: eventId })
    .select('id', 'zone');
  const levelOf = new Map(levels.map((l) => [l.zone, l.id]));
  for (const level of grid.levels)
    await trx('price_levels')
      .where({ id: levelOf.get(level.zone) })
      .update({ label: level.label, color: level.color, display_order: level.displayOrder });
  await trx('prices').where({ event_id: eventId }).delete();
  await trx('fees').where({ event_id: eventId }).delete();
  if (grid.prices.length > 0)
    await trx('prices').insert(
      grid.prices.map((p) => ({
        event_id: eventId,
        price_level_id: levelOf.get(p.zone),
        price_type_id: p.priceTypeId,
        amount: p.amount,
      })),
    );
  if (grid.fees.length > 0)
    await trx('fees').insert(
      grid.fees.map((f) => ({
        event_id: eventId,
        price_level_id: f.zone === null ? null : levelOf.get(f.zone),
        price_type_id: f.priceTypeId,
        name: f.name,
        scope: f.scope,
        amount: f.amount,
        rate_bp: f.rateBp,
      })),
    );
};
