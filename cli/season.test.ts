import { createHash } from 'node:crypto';
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../adapters/postgres/database.ts';
import { DEMO_TABLES } from '../adapters/postgres/demo/seed.ts';
import { orderSeasonFile } from '../core/season/order.ts';
import type { SeasonFile } from '../core/season/season-file.ts';
import { createTestDatabase } from '../test/database.ts';
import { cliWorld, runCommand, runFoyer, worldEnv, type CliWorld } from './test-cli.ts';

// `foyer season export` and `foyer season import` as an operator types them: the demo's catalogue
// exported, imported into an empty database and exported again comes out the same, and the
// storefront there sells the same performances, seats and prices; a second import changes
// nothing; a dry run only tells; a bad file names its problem and changes nothing; an edited file
// changes exactly what was edited. Before the export, HAMLET is set up as the season's screens
// would: words in French and German and an English e-mail text, default prices, an image, and
// a performance with an off-sale time, so these round-trip too.
const world = cliWorld('foyer-season-cli-');
const foyer = (args: string[]) => runFoyer(world, args);
const file = (name: string) => path.join(world.dir, name);

/** A migrated database without the demo, and `foyer` run against it. */
const empty = {} as { database: Awaited<ReturnType<typeof createTestDatabase>>; db: Knex };
beforeAll(async () => {
  empty.database = await createTestDatabase({ seed: false });
  empty.db = createDatabase(empty.database.url, { max: 2 });
}, 120_000);
afterAll(async () => {
  await empty.db?.destroy();
  await empty.database?.drop();
});
const foyerOnEmpty = (args: string[]) =>
  runCommand(args, worldEnv({ ...world, database: empty.database } as CliWorld));

// Every catalogue table the demo writes, the series' own added since, and the audit log: an import
// that changes nothing leaves every count as it was.
const TABLES = [
  ...DEMO_TABLES,
  'event_template_texts',
  'event_template_images',
  'event_template_price_levels',
  'event_template_prices',
  'event_template_fees',
  'audit_log',
] as const;
const counts = async (db: Knex) =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (t) => [t, Number((await db(t).count({ n: '*' }).first())!.n)] as const),
    ),
  );

/** What the storefront sells: series, performances, seats per performance and zone, standing places, prices. */
const storefront = async (db: Knex) => ({
  series: (await db('event_templates').orderBy('code').select('code', 'display_name', 'is_archived')).map(
    (t) => Object.values(t).join('|'),
  ),
  performances: (
    await db.raw(`
      select t.code, e.starts_at, e.name, e.on_sale_at, e.status, v.name as venue, c.name as configuration,
             (select count(*) from event_seats es where es.event_id = e.id)::int as seats,
             (select coalesce(sum(capacity), 0) from event_ga_sections g where g.event_id = e.id)::int as standing,
             (select string_agg(pl.zone || '=' || n, ',' order by pl.zone)
                from (select price_level_id, count(*) n from event_seats es where es.event_id = e.id
                       group by price_level_id) z join price_levels pl on pl.id = z.price_level_id) as by_zone
        from events e join event_templates t on t.id = e.event_template_id
        join venue_configurations c on c.id = e.venue_configuration_id join venues v on v.id = c.venue_id
       order by t.code, e.starts_at`)
  ).rows.map((r: Record<string, unknown>) =>
    Object.values({ ...r, starts_at: (r.starts_at as Date).toISOString() }).join('|'),
  ),
  prices: (
    await db.raw(`
      select t.code, e.starts_at, pl.zone, pt.code as type, p.amount
        from prices p join events e on e.id = p.event_id join event_templates t on t.id = e.event_template_id
        join price_levels pl on pl.id = p.price_level_id join price_types pt on pt.id = p.price_type_id
       order by 1, 2, 3, 4`)
  ).rows.map((r: Record<string, unknown>) =>
    [r.code, (r.starts_at as Date).toISOString(), r.zone, r.type, r.amount].join('|'),
  ),
});

/** Every field name anywhere in `value`. */
const fieldNames = (value: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const v of value) fieldNames(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      fieldNames(v, into);
    }
  return into;
};

/** A 1×1 PNG, as the screens store an upload (adapters/postgres/event-templates/template-images.ts). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_HASH = createHash('sha256').update(PNG).digest('hex');
const OFF_SALE = '2026-12-01T12:00:00.000Z';

/** HAMLET set up on the season's screens: texts, default prices from its latest performance, an image, an off-sale time. */
const setUpHamlet = async (db: Knex) => {
  const { id } = await db('event_templates').where({ code: 'HAMLET' }).first('id');
  await db('event_templates')
    .where({ id })
    .update({ english_incomplete: true, image_url: `/api/eventtemplates/images/${PNG_HASH}.png` });
  await db('event_template_texts').insert([
    { event_template_id: id, language: 'en', confirmation_email_text: 'Doors open 30 minutes before.' },
    { event_template_id: id, language: 'fr', display_name: 'Hamlet', description: 'La tragédie' },
    { event_template_id: id, language: 'de', display_name: 'Hamlet', confirmation_email_text: 'Einlass' },
  ]);
  await db('event_template_images').insert({
    hash: PNG_HASH,
    content_type: 'image/png',
    width: 1,
    height: 1,
    bytes: PNG,
  });
  const latest = await db('events').where({ event_template_id: id }).orderBy('starts_at', 'desc').first('id');
  await db.raw(
    `insert into event_template_price_levels (event_template_id, zone, label, color, display_order)
     select ?, zone, label, color, display_order from price_levels where event_id = ?`,
    [id, latest.id],
  );
  await db.raw(
    `insert into event_template_prices (event_template_id, zone, price_type_id, amount)
     select ?, pl.zone, p.price_type_id, p.amount + 100
       from prices p join price_levels pl on pl.id = p.price_level_id where p.event_id = ?`,
    [id, latest.id],
  );
  await db('event_template_fees').insert({
    event_template_id: id,
    zone: null,
    price_type_id: null,
    name: 'Restoration levy',
    scope: 'Ticket',
    amount: 100,
    rate_bp: 0,
  });
  await db('events')
    .where({ id: latest.id })
    .update({ off_sale_at: new Date(OFF_SALE) });
};

describe('foyer season', { timeout: 300_000 }, () => {
  let demoExport = '';

  beforeAll(() => setUpHamlet(world.db));

  it('exports the demo’s catalogue as one file, the same bytes twice, with no database ids', async () => {
    const first = await foyer(['season', 'export', '--out', file('demo.json')]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/Exported 3 venues, 6 series, \d+ performances, 7 promotions to /);
    const second = await foyer(['season', 'export']);
    expect(second.code, second.stderr).toBe(0);
    demoExport = await readFile(file('demo.json'), 'utf8');
    expect(second.stdout).toBe(demoExport);

    const season = JSON.parse(demoExport) as SeasonFile;
    expect(season.version).toBe(1);
    expect(season.events.length).toBe(Number((await world.db('events').count({ n: '*' }).first())!.n));
    const names = fieldNames(season);
    expect([...names].filter((n) => n === 'id' || (/Id$/.test(n) && n !== 'secondaryMarketEventId'))).toEqual(
      [],
    );
    expect(season.eventTemplates.every((t) => t.configuration !== null)).toBe(true);
    expect(season.venues.flatMap((v) => v.configurations).reduce((n, c) => n + c.seats.length, 0)).toBe(
      Number((await world.db('seats').count({ n: '*' }).first())!.n),
    );

    // What the season's screens set up is in it.
    const hamlet = season.eventTemplates.find((t) => t.code === 'HAMLET')!;
    expect(hamlet.englishIncomplete).toBe(true);
    expect(hamlet.texts.map((t) => t.language)).toEqual(['de', 'en', 'fr']);
    expect(hamlet.texts.find((t) => t.language === 'fr')).toEqual({
      language: 'fr',
      displayName: 'Hamlet',
      description: 'La tragédie',
      confirmationEmailText: null,
    });
    expect(hamlet.defaultPriceLevels.length).toBeGreaterThan(0);
    expect(hamlet.defaultPrices.length).toBeGreaterThan(0);
    expect(hamlet.defaultFees).toEqual([
      { name: 'Restoration levy', scope: 'Ticket', zone: null, priceType: null, amount: 100, rateBp: 0 },
    ]);
    expect(season.images).toEqual([
      { hash: PNG_HASH, contentType: 'image/png', width: 1, height: 1, data: PNG.toString('base64') },
    ]);
    expect(season.events.filter((e) => e.offSaleAt !== null).map((e) => e.offSaleAt)).toEqual([OFF_SALE]);
    expect(season.events.every((e) => e.offSaleAt !== undefined)).toBe(true);
  });

  it('imports the export into an empty database: exported again it is the same, and the storefront sells the same', async () => {
    const run = await foyerOnEmpty(['season', 'import', file('demo.json')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('+ 3 venues: Grand Theatre, Riverside Arena, Studio');
    expect(run.stdout).toMatch(/\+ \d+ performances of HAMLET/);
    expect(run.stdout).toMatch(
      /New performances' seats: [\d,]+ event seats and \d+ standing sections, all open\./,
    );
    expect(run.stderr).toContain('seats of new performances');

    const again = await foyerOnEmpty(['season', 'export']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(demoExport);

    expect(await storefront(empty.db)).toEqual(await storefront(world.db));
    // The image is there by its hash, byte for byte, and HAMLET's words in French.
    const image = await empty.db('event_template_images').where({ hash: PNG_HASH }).first('bytes');
    expect(Buffer.compare(image.bytes, PNG)).toBe(0);
    expect(run.stdout).toContain('+ 1 image: ');
    expect(run.stdout).toContain('+ 3 series texts for HAMLET');
    expect(run.stdout).toMatch(/\+ \d+ default prices for HAMLET/);
    // Nothing sold or held there: every seat of every performance is open.
    const notOpen = await empty.db('event_seats').whereNot({ status: 'Open' }).count({ n: '*' }).first();
    expect(Number(notOpen!.n)).toBe(0);
    const audit = await empty.db('audit_log').where({ action: 'season.import' }).select('actor', 'details');
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toMatch(/^cli:/);
  });

  it('imports the same file a second time without changing anything', async () => {
    const before = await counts(empty.db);
    const run = await foyerOnEmpty(['season', 'import', file('demo.json')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('No changes');
    expect(await counts(empty.db)).toEqual(before);
    expect((await foyerOnEmpty(['season', 'export'])).stdout).toBe(demoExport);

    const json = await foyerOnEmpty(['season', 'import', file('demo.json'), '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ Applied: false, Created: {}, Updated: {}, Changes: [] });
  });

  /** The demo's file with one price raised, one performance added and one left out. */
  const edited = () => {
    const season = JSON.parse(demoExport) as SeasonFile;
    const hamlet = season.events.filter((e) => e.template === 'HAMLET');
    const first = hamlet[0]!;
    const price = first.prices.find((p) => p.priceType === 'Adult')!;
    const added = {
      ...hamlet.at(-1)!,
      startsAt: '2027-06-01T23:30:00.000Z',
      endsAt: null,
      linkedEvent: null,
    };
    const changed: SeasonFile = {
      ...season,
      events: [
        ...season.events
          .filter((e) => e !== hamlet[1])
          .map((e) =>
            e === first
              ? {
                  ...e,
                  prices: e.prices.map((p) => (p === price ? { ...p, amount: p.amount + 500 } : p)),
                }
              : e,
          ),
        added,
      ],
    };
    return { changed, first, price, added, leftOut: hamlet[1]! };
  };

  it('a dry run lists what would change and changes nothing', async () => {
    const { changed, price } = edited();
    await writeFile(file('edited.json'), JSON.stringify(changed));
    const before = await counts(world.db);
    const run = await foyer(['season', 'import', file('edited.json'), '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was changed.');
    expect(run.stdout).toContain('+ 1 performance of HAMLET: 2027-06-01 19:30');
    expect(run.stdout).toMatch(
      new RegExp(
        `~ price of Adult in ${price.zone} for HAMLET [-0-9: ]+: amount ${price.amount} -> ${price.amount + 500}`,
      ),
    );
    expect(run.stdout.split('\n').filter((l) => l.startsWith('  ~ '))).toHaveLength(1);
    expect(await counts(world.db)).toEqual(before);
    expect((await foyer(['season', 'export'])).stdout).toBe(demoExport);
  });

  it('imports an edited file: exactly the price and the new performance, with its seats; nothing deleted', async () => {
    const { changed, first, price, added, leftOut } = edited();
    const before = await counts(world.db);
    const run = await foyer(['season', 'import', file('edited.json'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    const levels = added.priceLevels.length;
    expect(answer).toMatchObject({
      Applied: true,
      Created: {
        performances: 1,
        'price levels': levels,
        prices: added.prices.length,
        fees: added.fees.length,
      },
      Updated: { prices: 1 },
    });
    // The left-out performance is still there, with its sales: import only adds and updates.
    const after = await foyer(['season', 'export']);
    const exported = JSON.parse(after.stdout) as SeasonFile;
    expect(exported).toEqual(orderSeasonFile({ ...changed, events: [...changed.events, leftOut] }));

    const amount = await world
      .db('prices as p')
      .join('events as e', 'e.id', 'p.event_id')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .join('price_levels as pl', 'pl.id', 'p.price_level_id')
      .join('price_types as pt', 'pt.id', 'p.price_type_id')
      .where({
        't.code': 'HAMLET',
        'e.starts_at': new Date(first.startsAt),
        'pl.zone': price.zone,
        'pt.code': 'Adult',
      })
      .first('p.amount');
    expect(amount).toEqual({ amount: price.amount + 500 });

    const seats = await world.db.raw(
      `select count(*)::int as n, count(*) filter (where es.status = 'Open')::int as open
         from event_seats es join events e on e.id = es.event_id where e.starts_at = ?`,
      [new Date(added.startsAt)],
    );
    const configuration = exported.venues
      .find((v) => v.name === added.venue)!
      .configurations.find((c) => c.name === added.configuration)!;
    expect(seats.rows[0]).toEqual({ n: configuration.seats.length, open: configuration.seats.length });
    expect(await counts(world.db)).toEqual({
      ...before,
      events: before.events! + 1,
      price_levels: before.price_levels! + levels,
      prices: before.prices! + added.prices.length,
      fees: before.fees! + added.fees.length,
      event_seats: before.event_seats! + configuration.seats.length,
      event_ga_sections:
        before.event_ga_sections! + configuration.sections.filter((s) => s.gaCapacity !== null).length,
      audit_log: before.audit_log! + 1,
    });
  });

  describe('a bad file changes nothing and names its problem', () => {
    const refused = async (name: string, content: string, ...expected: string[]) => {
      await writeFile(file(name), content);
      const before = await counts(world.db);
      const run = await foyer(['season', 'import', file(name)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('is not a season file Foyer can import');
      expect(run.stderr).toContain('nothing was changed');
      for (const line of expected) expect(run.stderr).toContain(line);
      expect(await counts(world.db)).toEqual(before);
    };
    const season = () => JSON.parse(demoExport) as SeasonFile;

    it('not JSON', () => refused('not-json.json', '{"version": 1, "events": [', '(the file): not JSON'));

    it('the wrong schema: a missing field, a misspelt one, a wrong type', async () => {
      const s = season();
      await refused(
        'schema.json',
        JSON.stringify({
          ...s,
          priceTypes: [{ ...s.priceTypes[0], colour: 'red' }],
          events: [{ ...s.events[0], name: undefined, onSaleAt: 'tomorrow' }],
        }),
        'priceTypes[0].colour: unknown field "colour"',
        'events[0].name: ',
        'events[0].onSaleAt: must be an ISO-8601 instant',
      );
    });

    it('an unknown zone, price type or series', async () => {
      const s = season();
      const event = s.events[3]!;
      await refused(
        'references.json',
        JSON.stringify({
          ...s,
          events: s.events.map((e) =>
            e === event
              ? {
                  ...e,
                  priceLevels: [...e.priceLevels, { ...e.priceLevels[0]!, zone: 'BALC' }],
                  prices: [...e.prices, { ...e.prices[0]!, priceType: 'Senior' }],
                }
              : e,
          ),
          packages: [{ ...s.packages[0]!, template: 'MACBETH' }],
        }),
        `events[3].priceLevels[${event.priceLevels.length}].zone: unknown zone "BALC" — the configuration has `,
        `events[3].prices[${event.prices.length}].priceType: unknown price type "Senior" — the file and the database have Adult, Child, Comp, Concession, Member`,
        'packages[0].template: unknown series "MACBETH"',
      );
    });

    it('an unknown language in a series’ texts', () => {
      const s = season();
      const i = s.eventTemplates.findIndex((t) => t.code === 'HAMLET');
      const hamlet = s.eventTemplates[i]!;
      return refused(
        'language.json',
        JSON.stringify({
          ...s,
          eventTemplates: s.eventTemplates.map((t) =>
            t === hamlet ? { ...t, texts: [...t.texts, { ...t.texts[0]!, language: 'nl' }] } : t,
          ),
        }),
        `eventTemplates[${i}].texts[${hamlet.texts.length}].language: unknown language "nl" — Foyer has en, fr, ko, pt, de, zh, ja, es`,
      );
    });

    it('an unknown zone or price type in a series’ default prices, a performance’s off-sale before its on-sale', () => {
      const s = season();
      const i = s.eventTemplates.findIndex((t) => t.code === 'HAMLET');
      const hamlet = s.eventTemplates[i]!;
      const e = s.events.findIndex((x) => x.offSaleAt !== null);
      return refused(
        'default-zone.json',
        JSON.stringify({
          ...s,
          eventTemplates: s.eventTemplates.map((t) =>
            t === hamlet
              ? {
                  ...t,
                  defaultPriceLevels: [
                    ...t.defaultPriceLevels,
                    { ...t.defaultPriceLevels[0]!, zone: 'BALC' },
                  ],
                  defaultPrices: [...t.defaultPrices, { ...t.defaultPrices[0]!, priceType: 'Senior' }],
                }
              : t,
          ),
          events: s.events.map((x, j) => (j === e ? { ...x, offSaleAt: x.onSaleAt } : x)),
        }),
        `eventTemplates[${i}].defaultPriceLevels[${hamlet.defaultPriceLevels.length}].zone: unknown zone "BALC" — the series' configuration has `,
        `eventTemplates[${i}].defaultPrices[${hamlet.defaultPrices.length}].priceType: unknown price type "Senior"`,
        `events[${e}].offSaleAt: sales must stop after they open (onSaleAt)`,
      );
    });

    it('a natural key twice', () => {
      const s = season();
      return refused(
        'twice.json',
        JSON.stringify({ ...s, priceTypes: [...s.priceTypes, s.priceTypes[1]] }),
        `priceTypes[${s.priceTypes.length}]: price type "${s.priceTypes[1]!.code}" is already at priceTypes[1]`,
      );
    });

    it('a seat map in use with different seats', () => {
      const s = season();
      const venue = s.venues[0]!;
      const configuration = venue.configurations[0]!;
      return refused(
        'seat-map.json',
        JSON.stringify({
          ...s,
          venues: [
            {
              ...venue,
              configurations: [{ ...configuration, seats: configuration.seats.slice(1) }],
            },
            ...s.venues.slice(1),
          ],
        }),
        `venues[0].configurations[0]: configuration "${configuration.name}" of venue "${venue.name}" exists with different seats; a seat map in use is never edited`,
      );
    });

    it('a file that cannot be read', async () => {
      const run = await foyer(['season', 'import', file('missing.json')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('ENOENT');
    });
  });
});
