import type { Knex } from 'knex';

/** What the demo loaded, for printing: a flat list of counts. */
export interface DemoSummary {
  readonly venues: number;
  readonly sections: number;
  readonly seats: number;
  readonly gaCapacity: number;
  readonly series: number;
  readonly events: number;
  readonly pastEvents: number;
  readonly eventSeats: number;
  readonly soldSeats: number;
  readonly heldSeats: number;
  readonly eventGaSections: number;
  readonly priceLevels: number;
  readonly prices: number;
  readonly fees: number;
  readonly promotions: number;
  readonly packages: number;
  readonly products: number;
  readonly productVariants: number;
  readonly deliveryMethods: number;
  readonly staffUsers: number;
  readonly customers: number;
}

const count = async (trx: Knex.Transaction, table: string) => {
  const [row] = await trx(table).count({ n: '*' });
  return Number(row?.n ?? 0);
};

/** Counted from the tables, not from the plan: it reports what is really there. */
export const summarise = async (trx: Knex.Transaction, now: Date): Promise<DemoSummary> => {
  const [inventory] = await trx('event_seats').select(
    trx.raw('count(*)::int as total'),
    trx.raw(`count(*) filter (where status = 'Sold')::int as sold`),
    trx.raw(`count(*) filter (where status = 'Hold')::int as held`),
  );
  const [events] = await trx('events').select(
    trx.raw('count(*)::int as total'),
    trx.raw('count(*) filter (where starts_at < ?)::int as past', [now]),
  );
  const [ga] = await trx('sections').sum({ capacity: 'ga_capacity' });
  return {
    venues: await count(trx, 'venues'),
    sections: await count(trx, 'sections'),
    seats: await count(trx, 'seats'),
    gaCapacity: Number(ga?.capacity ?? 0),
    series: await count(trx, 'event_templates'),
    events: events.total,
    pastEvents: events.past,
    eventSeats: inventory.total,
    soldSeats: inventory.sold,
    heldSeats: inventory.held,
    eventGaSections: await count(trx, 'event_ga_sections'),
    priceLevels: await count(trx, 'price_levels'),
    prices: await count(trx, 'prices'),
    fees: await count(trx, 'fees'),
    promotions: await count(trx, 'promotions'),
    packages: await count(trx, 'packages'),
    products: await count(trx, 'products'),
    productVariants: await count(trx, 'product_variants'),
    deliveryMethods: await count(trx, 'delivery_methods'),
    staffUsers: await count(trx, 'staff_users'),
    customers: await count(trx, 'customers'),
  };
};
