import type { Knex } from 'knex';
import { withForeignKeysCheckedOnce } from './bulk-load.ts';
import { insertEvents, insertSeries } from './events.ts';
import { grandTheatre } from './grand-theatre.ts';
import { insertEventGaSections, insertEventSeats } from './inventory.ts';
import { loadVenue, type LoadedVenue } from './load-venue.ts';
import { insertPackages } from './packages.ts';
import { insertDemoPlans } from './plans.ts';
import { insertPeople } from './people.ts';
import { insertMemberships } from './memberships.ts';
import { insertTerminals } from './terminals.ts';
import { insertPricing, type PricedEvent } from './pricing.ts';
import { insertProducts } from './products.ts';
import { insertPromotions } from './promotions.ts';
import { riversideArena } from './riverside-arena.ts';
import { insertSalesSetup } from './sales-setup.ts';
import { planSeries, type VenueKey, type Venues } from './series.ts';
import { insertSettings } from './settings.ts';
import { studio } from './studio.ts';
import { summarise, type DemoSummary } from './summary.ts';

export type { DemoSummary } from './summary.ts';
export { DEMO_PASSWORD, DEMO_STAFF, DEMO_CUSTOMER } from './people.ts';

export interface SeedOptions {
  /** Shows are scheduled relative to this instant (default: the current time). */
  readonly now?: Date;
  /** Called as each step starts (`done` of `total` steps finished), and once more at the end as 'done'. */
  readonly onProgress?: (step: string, done: number, total: number) => void;
}

/** Every table the demo writes; `resetDemo` empties them (CASCADE takes baskets and orders too). */
export const DEMO_TABLES = [
  'venues',
  'venue_configurations',
  'seat_alerts',
  'sections',
  'seats',
  'event_templates',
  'events',
  'event_plans',
  'event_plan_slots',
  'event_plan_slot_events',
  'price_types',
  'price_levels',
  'prices',
  'fees',
  'promotions',
  'promotion_event_templates',
  'promotion_group_codes',
  'packages',
  'package_prices',
  'package_events',
  'products',
  'product_variants',
  'sales_channels',
  'hold_classes',
  'hold_subclasses',
  'hold_subclass_sales_channels',
  'event_seats',
  'event_ga_sections',
  'delivery_methods',
  'consumer_features',
  'account_settings',
  'customer_tag_types',
  'membership_types',
  'membership_price_levels',
  'customers',
  'customer_tags',
  'staff_users',
] as const;

const VENUE_KEYS: readonly VenueKey[] = ['grandTheatre', 'riversideArena', 'studio'];
const STEP_COUNT = 6 + VENUE_KEYS.length;

// Two web nodes starting on one empty database must not both load the demo.
const SEED_LOCK = 0x466f796572; // "Foyer"

/** seedDemo's refusal: the database already holds venues; the caller decides whether to reset. */
export class DatabaseNotEmptyError extends Error {
  readonly code = 'DATABASE_NOT_EMPTY';
  constructor() {
    super('The database already holds venues: refusing to load the demo over them (use resetDemo).');
    this.name = 'DatabaseNotEmptyError';
  }
}

/** True when no venue exists: the signal `npm start` uses to load the demo. */
export const isDatabaseEmpty = async (db: Knex): Promise<boolean> =>
  (await db('venues').first('id')) === undefined;

const load = async (trx: Knex.Transaction, options: SeedOptions): Promise<DemoSummary> => {
  const now = options.now ?? new Date();
  let done = 0;
  const step = (name: string) => options.onProgress?.(name, done++, STEP_COUNT);
  // The seat-inventory statement sorts every seat of every event of a venue at once.
  await trx.raw(`set local work_mem = '64MB'`);

  step('channels, holds and price types');
  const setup = await insertSalesSetup(trx);

  const venues: Venues = { grandTheatre: grandTheatre(), riversideArena: riversideArena(), studio: studio() };
  const loaded = {} as Record<VenueKey, LoadedVenue>;
  for (const key of VENUE_KEYS) {
    step(venues[key].venue.name);
    loaded[key] = await loadVenue(trx, venues[key]);
  }
  const idsOf = (pick: (venue: LoadedVenue) => number) =>
    Object.fromEntries(VENUE_KEYS.map((key) => [key, pick(loaded[key])])) as Record<VenueKey, number>;

  step('series and events');
  const series = planSeries(now, venues);
  const templateIds = await insertSeries(
    trx,
    series,
    idsOf((v) => v.venueId),
  );
  const eventIds = await insertEvents(
    trx,
    series,
    templateIds,
    idsOf((v) => v.configurationId),
  );
  // Each series' new performances go on the seat map its shows use.
  await trx.raw(`
    update event_templates t
       set venue_configuration_id = (
         select e.venue_configuration_id from events e
          where e.event_template_id = t.id order by e.starts_at desc, e.id desc limit 1)`);
  const events: PricedEvent[] = series.flatMap((s) =>
    s.events.map((plan) => ({ id: eventIds.get(plan.ref) ?? 0, series: s, plan, venue: venues[s.venue] })),
  );

  step('prices and fees');
  await insertPricing(trx, events, setup.priceTypeIds);

  step('seat inventory');
  await withForeignKeysCheckedOnce(trx, 'event_seats', async () => {
    for (const key of VENUE_KEYS)
      await insertEventSeats(
        trx,
        loaded[key].configurationId,
        events.filter((e) => e.series.venue === key),
        setup.holdSubclassIds,
      );
  });
  await insertEventGaSections(
    trx,
    events.filter((e) => e.venue.sections.some((s) => s.gaCapacity !== null)),
  );

  step('settings, promotions, packages and add-ons');
  const settings = await insertSettings(trx);
  await insertPromotions(trx, {
    now,
    series,
    templateIds,
    membershipTagTypeId: settings.membershipTagTypeId,
  });
  const winter = series.find((s) => s.code === 'WINTER');
  if (winter)
    await insertPackages(trx, {
      series: winter,
      templateId: templateIds.get(winter.code) ?? 0,
      eventIds,
      priceTypeIds: setup.priceTypeIds,
    });
  await insertProducts(trx, { series, templateIds, eventIds });
  await insertDemoPlans(trx, now);
  await insertMemberships(trx, {
    membershipTagTypeId: settings.membershipTagTypeId,
    firstSeriesTemplateId: templateIds.get(series[0]!.code) ?? 0,
  });

  step('staff and customer accounts');
  await insertPeople(trx, settings.membershipTagTypeId);
  await insertTerminals(trx);

  const summary = await summarise(trx, now);
  options.onProgress?.('done', STEP_COUNT, STEP_COUNT);
  return summary;
};

/**
 * Loads the demo into a database without venues, in one transaction: a crash part-way leaves
 * nothing behind. Refuses a database that already holds venues (the caller decides to reset).
 */
export const seedDemo = (db: Knex, options: SeedOptions = {}): Promise<DemoSummary> =>
  db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    if (!(await isDatabaseEmpty(trx))) throw new DatabaseNotEmptyError();
    return load(trx, options);
  });

/**
 * Empties every catalogue, pricing, inventory, settings and account table, then loads the demo,
 * all in one transaction: if loading fails, the old data is still there.
 */
export const resetDemo = (db: Knex, options: SeedOptions = {}): Promise<DemoSummary> =>
  db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    await trx.raw(`truncate table ${DEMO_TABLES.join(', ')} restart identity cascade`);
    return load(trx, options);
  });
