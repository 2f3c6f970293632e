import type { Knex } from 'knex';
import { PRICE_TYPES, priceFor, type PriceTypeCode } from './sales-setup.ts';
import type { EventPlan, SeriesPlan } from './series.ts';
import type { VenuePlan } from './venue-plan.ts';

export interface PricedEvent {
  readonly id: number;
  readonly series: SeriesPlan;
  readonly plan: EventPlan;
  readonly venue: VenuePlan;
}

const BATCH = 1000;

const insertInBatches = async (trx: Knex.Transaction, table: string, rows: readonly object[]) => {
  for (let start = 0; start < rows.length; start += BATCH)
    await trx(table).insert(rows.slice(start, start + BATCH));
};

/**
 * One price level per zone of the venue for every event, a price per level and price type, and
 * the three fees every event carries: a facility fee per ticket, a service fee as a percentage of
 * face value, and a handling fee once per order.
 */
export const insertPricing = async (
  trx: Knex.Transaction,
  events: readonly PricedEvent[],
  priceTypeIds: Readonly<Record<PriceTypeCode, number>>,
): Promise<void> => {
  const levelRows = events.flatMap((event) =>
    event.venue.zones.map((zone, i) => ({
      event_id: event.id,
      zone: zone.zone,
      label: zone.label,
      description: zone.description,
      color: zone.color,
      display_order: i + 1,
    })),
  );
  const levels: { id: number; event_id: number; zone: string }[] = [];
  for (let start = 0; start < levelRows.length; start += BATCH)
    levels.push(
      ...(await trx('price_levels')
        .insert(levelRows.slice(start, start + BATCH))
        .returning(['id', 'event_id', 'zone'])),
    );

  const eventsById = new Map(events.map((e) => [e.id, e]));
  const prices = levels.flatMap((level) => {
    const event = eventsById.get(level.event_id);
    const adult = event?.series.adultPrices[level.zone];
    if (event === undefined || adult === undefined) throw new Error(`no price for zone ${level.zone}`);
    return PRICE_TYPES.map((type) => ({
      event_id: level.event_id,
      price_level_id: level.id,
      price_type_id: priceTypeIds[type.code],
      amount: priceFor(adult + event.plan.adultUplift, type.code),
    }));
  });
  await insertInBatches(trx, 'prices', prices);

  const fees = events.flatMap(({ id, series: { fees } }) => [
    { event_id: id, name: 'Facility fee', scope: 'Ticket', amount: fees.facility, rate_bp: 0 },
    { event_id: id, name: 'Service fee', scope: 'Ticket', amount: 0, rate_bp: fees.serviceBp },
    { event_id: id, name: 'Handling fee', scope: 'Order', amount: fees.handling, rate_bp: 0 },
  ]);
  await insertInBatches(trx, 'fees', fees);
};
