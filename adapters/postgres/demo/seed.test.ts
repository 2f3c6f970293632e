import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import { verifyPassword } from '../../crypto/password.ts';
import { createDatabase } from '../database.ts';
import { DEMO_PASSWORD } from './people.ts';
import { DatabaseNotEmptyError, isDatabaseEmpty, resetDemo, seedDemo, type DemoSummary } from './seed.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const DAY = 86_400_000;

let db: Knex;
let drop: () => Promise<void>;
let summary: DemoSummary;
const steps: [string, number, number][] = [];

const rows = async <T>(sql: string, bindings: readonly (string | number)[] = []): Promise<T[]> =>
  (await db.raw(sql, bindings)).rows as T[];

// What the seed decides, by natural keys (ids could differ if a sequence moved on).
const seatsDigest = async () =>
  (
    await rows<{ digest: string }>(
      `select md5(string_agg(concat_ws('|', v.name, s.key, s.x, s.y, s.zone, s.quality_rank, s.ada_type,
                                       s.view_from_seat_row, s.focal_length_factor, a.name), ','
                             order by v.name, s.key)) as digest
         from seats s
         join venue_configurations c on c.id = s.venue_configuration_id
         join venues v on v.id = c.venue_id
         left join seat_alerts a on a.id = s.seat_alert_id`,
    )
  )[0]?.digest;

const inventoryDigest = async () =>
  (
    await rows<{ digest: string }>(
      `select md5(concat(
         (select string_agg(concat_ws('|', t.code, e.starts_at, s.key, es.status, pl.zone, hs.name), ','
                            order by t.code, e.starts_at, s.key)
            from event_seats es
            join events e on e.id = es.event_id
            join event_templates t on t.id = e.event_template_id
            join seats s on s.id = es.seat_id
            join price_levels pl on pl.id = es.price_level_id
            left join hold_subclasses hs on hs.id = es.hold_subclass_id
           where es.status <> 'Open'),
         (select string_agg(concat_ws('|', t.code, e.starts_at, g.capacity, g.sold), ',' order by t.code, e.starts_at)
            from event_ga_sections g
            join events e on e.id = g.event_id
            join event_templates t on t.id = e.event_template_id))) as digest`,
    )
  )[0]?.digest;

const venueCounts = async () =>
  rows<{ name: string; seats: number; ga: number }>(
    `select v.name,
            (select count(*)::int from seats s where s.venue_configuration_id = c.id) as seats,
            (select coalesce(sum(ga_capacity), 0)::int from sections g where g.venue_configuration_id = c.id) as ga
       from venues v join venue_configurations c on c.venue_id = v.id order by v.name`,
  );

describe('the demo data', () => {
  beforeAll(async () => {
    const database = await createTestDatabase({ seed: false });
    drop = database.drop;
    db = createDatabase(database.url, { max: 2 });
    expect(await isDatabaseEmpty(db)).toBe(true);
    const started = Date.now();
    summary = await seedDemo(db, { now: NOW, onProgress: (...step) => steps.push(step) });
    // A figure to watch, not an assertion: `npm start` runs this on an empty database.
    console.info(`seedDemo: ${Date.now() - started} ms`, summary);
  });

  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  it('reports progress step by step up to done', () => {
    expect(steps.length).toBeGreaterThan(3);
    expect(steps.map(([, done]) => done)).toEqual(steps.map((_, i) => i));
    expect(steps.at(-1)).toEqual(['done', steps.length - 1, steps.length - 1]);
  });

  it('loads the three venues with their seats and standing capacity', async () => {
    expect(summary.venues).toBe(3);
    const [theatre, arena, studio] = await venueCounts(); // by name
    expect(theatre?.name).toBe('Grand Theatre');
    expect(theatre?.seats).toBeGreaterThanOrEqual(1500);
    expect(theatre?.seats).toBeLessThanOrEqual(1700);
    expect(arena).toEqual({ name: 'Riverside Arena', seats: 20_000, ga: 2000 });
    expect(studio).toEqual({ name: 'Studio', seats: 0, ga: 200 });
    expect(summary.seats).toBe((theatre?.seats ?? 0) + 20_000);
  });

  it('gives the Grand Theatre 12 wheelchair spaces, each beside its companion seat', async () => {
    const accessible = await rows<{
      key: string;
      ada_type: string;
      section_id: number;
      row: string;
      number: string;
    }>(
      `select s.key, s.ada_type, s.section_id, s.row, s.number from seats s
         join venue_configurations c on c.id = s.venue_configuration_id join venues v on v.id = c.venue_id
        where v.name = 'Grand Theatre' and s.ada_type in ('Wheelchair', 'Companion')`,
    );
    const wheelchairs = accessible.filter((s) => s.ada_type === 'Wheelchair');
    const companions = accessible.filter((s) => s.ada_type === 'Companion');
    expect(wheelchairs).toHaveLength(12);
    expect(companions).toHaveLength(12);
    for (const w of wheelchairs)
      expect(
        companions.filter(
          (c) =>
            c.section_id === w.section_id &&
            c.row === w.row &&
            Math.abs(Number(c.number) - Number(w.number)) === 1,
        ),
      ).toHaveLength(1);
  });

  it('marks restricted-view seats with an alert that needs acknowledging', async () => {
    const [restricted] = await rows<{ seats: number; requires: boolean }>(
      `select count(*)::int as seats, bool_and(a.requires_acknowledgement) as requires
         from seats s join seat_alerts a on a.id = s.seat_alert_id where a.name = 'Restricted view'`,
    );
    expect(restricted?.seats).toBeGreaterThan(10);
    expect(restricted?.requires).toBe(true);
  });

  it('keys seats SECTION-ROW-SEAT and ranks them uniquely within a venue', async () => {
    const [theatre] = await rows<{ bad_keys: number; ranks: number; seats: number }>(
      `select count(*) filter (where s.key <> g.code || '-' || s.row || '-' || s.number)::int as bad_keys,
              count(distinct s.quality_rank)::int as ranks, count(*)::int as seats
         from seats s join sections g on g.id = s.section_id
        where s.venue_configuration_id = (select id from venue_configurations where name = 'Proscenium')`,
    );
    expect(theatre?.bad_keys).toBe(0);
    expect(theatre?.ranks).toBe(theatre?.seats);
    expect(await rows(`select 1 from seats where key = 'STALLS-F-12'`)).toHaveLength(1);
  });

  it('refuses to seed a database that already holds venues, and changes nothing', async () => {
    const before = await venueCounts();
    await expect(seedDemo(db, { now: NOW })).rejects.toThrow(DatabaseNotEmptyError);
    expect(await venueCounts()).toEqual(before);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it('schedules shows at local wall-clock times in the venue time zone, in the future', async () => {
    const shows = await rows<{ local: string; starts_at: Date }>(
      `select to_char(e.starts_at at time zone 'America/New_York', 'HH24:MI') as local, e.starts_at
         from events e join event_templates t on t.id = e.event_template_id where t.code = 'HAMLET'`,
    );
    expect(new Set(shows.map((s) => s.local))).toEqual(new Set(['19:30', '14:30']));
    for (const show of shows) {
      expect(show.starts_at.getTime()).toBeGreaterThan(NOW.getTime());
      expect(show.starts_at.getTime()).toBeLessThan(NOW.getTime() + 92 * DAY);
    }
    const london = await rows<{ local: string }>(
      `select distinct to_char(e.starts_at at time zone 'Europe/London', 'HH24:MI') as local
         from events e join event_templates t on t.id = e.event_template_id where t.code = 'AURORA'`,
    );
    expect(london).toEqual([{ local: '19:30' }]);
  });

  it('links the previous season to the current one and keeps its events in the past', async () => {
    const [link] = await rows<{ past: string; future: string; latest: Date }>(
      `select c.past_template_code as past, p.future_template_code as future,
              (select max(starts_at) from events where event_template_id = p.id) as latest
         from event_templates c join event_templates p on p.code = c.past_template_code where c.code = 'HAMLET'`,
    );
    expect(link).toMatchObject({ past: 'HAMLET-PREV', future: 'HAMLET' });
    expect(link?.latest.getTime()).toBeLessThan(NOW.getTime());
  });

  it('sells every seat and every standing place of the sold-out night', async () => {
    const [night] = await rows<{ open: number; seats: number; ga_left: number }>(
      `select count(*) filter (where es.status <> 'Sold')::int as open, count(*)::int as seats,
              (select sum(capacity - sold)::int from event_ga_sections g where g.event_id = e.id) as ga_left
         from events e join event_templates t on t.id = e.event_template_id join event_seats es on es.event_id = e.id
        where t.code = 'AURORA' and e.starts_at = (select min(starts_at) from events where event_template_id = t.id)
        group by e.id`,
    );
    expect(night).toEqual({ open: 0, seats: 20_000, ga_left: 0 });
  });

  it('has High, Medium and Low availability among the upcoming shows (under 10% left is Low)', async () => {
    const levels = await rows<{ availability: string }>(
      `select distinct case when open = 0 then 'SoldOut' when open * 10 < total then 'Low'
                            when open * 5 < total * 2 then 'Medium' else 'High' end as availability
         from (select e.id,
                      count(es.*) filter (where es.status = 'Open') + coalesce(max(g.capacity - g.sold), 0) as open,
                      count(es.*) filter (where es.status <> 'Hold') + coalesce(max(g.capacity), 0) as total
                 from events e left join event_seats es on es.event_id = e.id
                 left join event_ga_sections g on g.event_id = e.id
                where e.starts_at > ? group by e.id) a`,
      [NOW.toISOString()],
    );
    expect(levels.map((l) => l.availability).sort()).toEqual(['High', 'Low', 'Medium', 'SoldOut']);
  });

  it('links the two parts of the two-day play to each other and packages them', async () => {
    const parts = await rows<{ id: number; linked_event_id: number; special_linked_event: boolean }>(
      `select id, linked_event_id, special_linked_event from events where linked_event_id is not null order by id`,
    );
    expect(parts).toHaveLength(2);
    const [one, two] = parts;
    expect(one?.linked_event_id).toBe(two?.id);
    expect(two?.linked_event_id).toBe(one?.id);
    expect(parts.every((p) => p.special_linked_event)).toBe(true);
    const packaged = await rows<{ event_id: number }>(
      `select event_id from package_events order by event_id`,
    );
    expect(packaged.map((p) => p.event_id)).toEqual([one?.id, two?.id]);
  });

  it('offers add-ons: Hamlet series-wide, Aurora a T-shirt per series and parking per night', async () => {
    const offers = await rows<{ code: string; product: string; scope: string; variants: string }>(
      `select t.code, p.name as product,
              case when p.event_id is null then 'series' else 'night' end as scope,
              string_agg(v.name || ' ' || v.price, ', ' order by v.id) as variants
         from products p
         join product_variants v on v.product_id = p.id
         join event_templates t on t.id = coalesce(p.event_template_id,
                                                   (select event_template_id from events where id = p.event_id))
        group by t.code, p.name, scope, p.display_order
        order by t.code, p.display_order, p.name`,
    );
    const distinct = [...new Map(offers.map((o) => [`${o.code}|${o.product}`, o])).values()];
    expect(distinct).toEqual([
      {
        code: 'AURORA',
        product: 'Tour T-shirt',
        scope: 'series',
        variants: 'Size S 2500, Size M 2500, Size L 2500, Size XL 2500',
      },
      {
        code: 'AURORA',
        product: 'Parking',
        scope: 'night',
        variants: expect.stringMatching(/^Parking 1200(, Parking 1200)+$/),
      },
      { code: 'HAMLET', product: 'Souvenir programme', scope: 'series', variants: 'Souvenir programme 800' },
      {
        code: 'HAMLET',
        product: 'Interval drink',
        scope: 'series',
        variants: 'Glass of wine 950, Soft drink 450',
      },
      { code: 'HAMLET', product: 'Cloakroom', scope: 'series', variants: 'Cloakroom 300' },
    ]);
    // One parking product per Aurora night, each with its one variant.
    const [parking] = await rows<{ products: number; nights: number }>(
      `select count(*)::int as products,
              (select count(*)::int from events e join event_templates t on t.id = e.event_template_id
                where t.code = 'AURORA') as nights
         from products where name = 'Parking' and event_id is not null`,
    );
    expect(parking?.products).toBe(parking?.nights);
    expect(summary.products).toBe(3 + 1 + (parking?.nights ?? 0));
    expect(summary.productVariants).toBe(4 + 4 + (parking?.nights ?? 0));
    // The performances of those two series have products; no other does.
    const flagged = await rows<{ code: string; has_products: boolean; n: number }>(
      `select t.code, e.has_products, count(*)::int as n from events e
         join event_templates t on t.id = e.event_template_id group by t.code, e.has_products order by t.code`,
    );
    for (const row of flagged) expect(row.has_products).toBe(['AURORA', 'HAMLET'].includes(row.code));
  });

  it("gives every event seat a price level of its own event, in the seat's zone", async () => {
    const [wrong] = await rows<{ n: number }>(
      `select count(*)::int as n from event_seats es
         join price_levels pl on pl.id = es.price_level_id join seats s on s.id = es.seat_id
        where pl.event_id <> es.event_id or pl.zone <> s.zone`,
    );
    expect(wrong?.n).toBe(0);
    const [missing] = await rows<{ n: number }>(
      `select count(*)::int as n from events e join seats s on s.venue_configuration_id = e.venue_configuration_id
        where not exists (select 1 from event_seats es where es.event_id = e.id and es.seat_id = s.id)`,
    );
    expect(missing?.n).toBe(0);
  });

  it('prices every level of every event for every price type, and charges the three fees', async () => {
    // Member price types are priced on some series only (adapters/postgres/demo/memberships.test.ts).
    const [unpriced] = await rows<{ n: number }>(
      `select count(*)::int as n from price_levels pl cross join price_types pt
        where pt.customer_tag_type_ids = '{}' and not exists (select 1 from prices p where p.price_level_id = pl.id and p.price_type_id = pt.id)`,
    );
    expect(unpriced?.n).toBe(0);
    const fees = await rows<{ name: string; scope: string; events: number }>(
      `select name, scope, count(distinct event_id)::int as events from fees group by name, scope order by name`,
    );
    expect(fees).toEqual([
      { name: 'Facility fee', scope: 'Ticket', events: summary.events },
      { name: 'Handling fee', scope: 'Order', events: summary.events },
      { name: 'Service fee', scope: 'Ticket', events: summary.events },
    ]);
  });

  it('signs the demo staff and customer in with the demo password', async () => {
    const people = await rows<{ email: string; password_hash: string }>(
      `select email, password_hash from staff_users union all select email, password_hash from customers order by email`,
    );
    expect(people.map((p) => p.email)).toEqual([
      'admin@foyer.local',
      'boxoffice@foyer.local',
      'customer@foyer.local',
      'owner@foyer.local',
      'seller@foyer.local',
      'supervisor@foyer.local',
    ]);
    for (const person of people) expect(await verifyPassword(DEMO_PASSWORD, person.password_hash)).toBe(true);
    const [member] = await rows<{ kind: string }>(
      `select tt.kind from customer_tags ct join customer_tag_types tt on tt.id = ct.customer_tag_type_id`,
    );
    expect(member?.kind).toBe('Membership');
  });

  it('reloads identical seats, seat maps and sold seats after a reset with the same clock', async () => {
    const [seats, inventory] = [await seatsDigest(), await inventoryDigest()];
    const reset = await resetDemo(db, { now: NOW });
    expect(reset).toEqual(summary);
    expect(await seatsDigest()).toBe(seats);
    expect(await inventoryDigest()).toBe(inventory);
  });

  it('leaves the old data untouched when a reset fails part-way (one transaction)', async () => {
    const inventory = await inventoryDigest();
    const failing = resetDemo(db, {
      now: new Date(NOW.getTime() + 7 * DAY),
      onProgress: (step) => {
        if (step === 'seat inventory') throw new Error('power cut');
      },
    });
    await expect(failing).rejects.toThrow('power cut');
    expect(await inventoryDigest()).toBe(inventory);
    expect((await venueCounts()).length).toBe(3);
  });
});
