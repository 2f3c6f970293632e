import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configurationKey, flattenSeasonFile } from './catalogue.ts';
import { describePlan } from './describe.ts';
import { orderSeasonFile } from './order.ts';
import { emptyCatalogue, planChanges } from './plan.ts';
import { referenceProblems } from './references.ts';
import type { ConfigurationEntry, SeasonFile } from './season-file.ts';
import { testPerformance, testSeason } from './test-season.ts';

// A season file as records by natural key, its one order, and the references it must answer.

const check = (file: SeasonFile, database: SeasonFile = { ...testSeason(), events: [] }) => {
  const stored = flattenSeasonFile(database).catalogue;
  const wanted = flattenSeasonFile(file).catalogue;
  const configurations = new Map<string, ConfigurationEntry>();
  for (const source of [database, file])
    for (const v of source.venues)
      for (const c of v.configurations) configurations.set(configurationKey(v.name, c.name), c);
  return referenceProblems(file, { file: wanted, database: stored, configurations });
};

describe('a season file by natural key', () => {
  it('makes one record per row, children by their parent’s key, labelled on the venue’s clock', () => {
    const { catalogue, problems } = flattenSeasonFile(testSeason(), () => 'Europe/London');
    expect(problems).toEqual([]);
    expect(catalogue.event.size).toBe(2);
    expect(catalogue.priceLevel.size).toBe(6);
    expect(catalogue.price.size).toBe(8);
    const price = catalogue.price.get(
      JSON.stringify(['HAMLET', '2026-12-08T19:30:00.000Z', 'ORCH', 'Adult']),
    )!;
    expect(price).toMatchObject({
      label: 'Adult in ORCH for HAMLET 2026-12-08 19:30',
      path: 'events[0].prices[0]',
      fields: { amount: 4500 },
    });
  });

  it('names both places of a natural key given twice', () => {
    const file = testSeason();
    const twice = { ...file, events: [...file.events, testPerformance('2026-12-08T19:30:00.000Z')] };
    expect(flattenSeasonFile(twice).problems).toContainEqual({
      path: 'events[2]',
      problem: 'performance HAMLET 2026-12-08 19:30 UTC is already at events[0]',
    });
  });

  it('is written in one order whatever order its lists come in', () => {
    const file = testSeason();
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const shuffle = <T>(items: readonly T[]) =>
          [...items]
            .map((item, i) => ({ item, k: Math.sin(seed + i) }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.item);
        const shuffled: SeasonFile = {
          ...file,
          priceTypes: shuffle(file.priceTypes),
          events: shuffle(file.events).map((e) => ({ ...e, prices: shuffle(e.prices) })),
          eventTemplates: file.eventTemplates.map((t) => ({
            ...t,
            texts: shuffle(t.texts),
            defaultPriceLevels: shuffle(t.defaultPriceLevels),
            defaultPrices: shuffle(t.defaultPrices),
          })),
          venues: file.venues.map((v) => ({
            ...v,
            configurations: v.configurations.map((c) => ({ ...c, seats: shuffle(c.seats) })),
          })),
        };
        expect(JSON.stringify(orderSeasonFile(shuffled))).toBe(JSON.stringify(orderSeasonFile(file)));
      }),
    );
  });

  it('a new file against an empty database plans to make everything, grouped by series', () => {
    const plan = planChanges(
      emptyCatalogue(),
      flattenSeasonFile(testSeason(), () => 'Europe/London').catalogue,
    );
    expect(describePlan(plan)).toEqual([
      '+ 2 price types: Adult, Child',
      '+ 1 venue: Grand',
      '+ 1 configuration: Main of Grand',
      '+ 1 series: HAMLET',
      '+ 2 series texts for HAMLET',
      '+ 3 default price levels for HAMLET',
      '+ 2 default prices for HAMLET',
      '+ 1 default fee for HAMLET',
      '+ 2 performances of HAMLET: 2026-12-08 19:30, 2026-12-09 19:30',
      '+ 6 price levels for HAMLET',
      '+ 8 prices for HAMLET',
      '+ 2 fees for HAMLET',
    ]);
  });
});

describe('a series’ texts and default prices', () => {
  const hamlet = testSeason().eventTemplates[0]!;
  const withHamlet = (t: Partial<typeof hamlet>): SeasonFile => ({
    ...testSeason(),
    eventTemplates: [{ ...hamlet, ...t }],
  });

  it('name a language or a default price given twice', () => {
    const { problems } = flattenSeasonFile(
      withHamlet({
        texts: [...hamlet.texts, { ...hamlet.texts[1]! }],
        defaultPrices: [...hamlet.defaultPrices, { ...hamlet.defaultPrices[0]!, amount: 1 }],
      }),
    );
    expect(problems).toEqual([
      { path: 'eventTemplates[0].texts[2]', problem: 'the fr text is already at eventTemplates[0].texts[1]' },
      {
        path: 'eventTemplates[0].defaultPrices[2]',
        problem: 'the default price of Adult in ORCH is already at eventTemplates[0].defaultPrices[0]',
      },
    ]);
  });

  it('name an unknown zone, default level and price type by their path, and English words in texts', () => {
    expect(
      check(
        withHamlet({
          texts: [{ language: 'en', displayName: 'Hamlet', description: null, confirmationEmailText: null }],
          defaultPriceLevels: [{ zone: 'BALC', label: 'Balcony', color: '#000000', displayOrder: 0 }],
          defaultPrices: [{ zone: 'ORCH', priceType: 'Senior', amount: 100 }],
          defaultFees: [
            { name: 'Fee', scope: 'Ticket', zone: 'MEZZ', priceType: null, amount: 1, rateBp: 0 },
          ],
        }),
        { ...testSeason(), eventTemplates: [], events: [] },
      ),
    ).toEqual([
      {
        path: 'eventTemplates[0].texts[0].displayName',
        problem:
          "the English display name is the series' own displayName; a text in en holds only the confirmationEmailText",
      },
      {
        path: 'eventTemplates[0].defaultPriceLevels[0].zone',
        problem: 'unknown zone "BALC" — the series\' configuration has GA, MEZZ, ORCH',
      },
      {
        path: 'eventTemplates[0].defaultPrices[0].zone',
        problem: 'unknown default price level "ORCH" — the series has BALC',
      },
      {
        path: 'eventTemplates[0].defaultPrices[0].priceType',
        problem: 'unknown price type "Senior" — the file and the database have Adult, Child',
      },
      {
        path: 'eventTemplates[0].defaultFees[0].zone',
        problem: 'unknown default price level "MEZZ" — the series has BALC',
      },
    ]);
  });

  it('a performance’s sales stop after they open', () => {
    const file = testSeason();
    const late = {
      ...file,
      events: [testPerformance('2026-12-08T19:30:00.000Z', { offSaleAt: '2026-10-01T09:00:00.000Z' })],
    };
    expect(check(late)).toEqual([
      { path: 'events[0].offSaleAt', problem: 'sales must stop after they open (onSaleAt)' },
    ]);
  });

  it('a changed text, default price and off-sale time are each a line of the plan', () => {
    const file = testSeason();
    const t = file.eventTemplates[0]!;
    const edited: SeasonFile = {
      ...file,
      eventTemplates: [
        {
          ...t,
          texts: t.texts.map((x) => (x.language === 'fr' ? { ...x, description: 'La tragédie' } : x)),
          defaultPrices: t.defaultPrices.map((p, i) => (i === 0 ? { ...p, amount: 5000 } : p)),
        },
      ],
      events: file.events.map((e, i) => (i === 0 ? { ...e, offSaleAt: '2026-12-08T18:30:00.000Z' } : e)),
    };
    const zone = () => 'Europe/London';
    const plan = planChanges(
      flattenSeasonFile(file, zone).catalogue,
      flattenSeasonFile(edited, zone).catalogue,
    );
    expect(describePlan(plan)).toEqual([
      '~ series text fr for HAMLET: description none -> La tragédie',
      '~ default price of Adult in ORCH for HAMLET: amount 4500 -> 5000',
      '~ performance HAMLET 2026-12-08 19:30: offSaleAt none -> 2026-12-08T18:30:00.000Z',
    ]);
  });

  it('the fields a file leaves out are not part of its records', () => {
    const file = testSeason();
    const { englishIncomplete: _e, ...template } = file.eventTemplates[0]!;
    const { offSaleAt: _o, ...event } = file.events[0]!;
    const { catalogue } = flattenSeasonFile({ ...file, eventTemplates: [template], events: [event] });
    expect('englishIncomplete' in catalogue.eventTemplate.get('["HAMLET"]')!.fields).toBe(false);
    expect(catalogue.event.get('["HAMLET","2026-12-08T19:30:00.000Z"]')!.fields).not.toHaveProperty(
      'offSaleAt',
    );
    expect(flattenSeasonFile(file).catalogue.eventTemplate.get('["HAMLET"]')!.fields.englishIncomplete).toBe(
      false,
    );
  });
});

describe('the references of a season file', () => {
  it('are all answered in a whole file', () => {
    expect(check(testSeason())).toEqual([]);
  });

  it('name an unknown zone, price type and series by their path, with what there is', () => {
    const file = testSeason();
    const bad: SeasonFile = {
      ...file,
      events: [
        file.events[0]!,
        testPerformance('2026-12-10T19:30:00.000Z', {
          template: 'MACBETH',
          priceLevels: [
            ...file.events[0]!.priceLevels,
            { zone: 'BALC', label: 'Balcony', description: null, color: '#000', displayOrder: 4 },
          ],
          prices: [{ zone: 'ORCH', priceType: 'Senior', amount: 100 }],
        }),
      ],
    };
    expect(check(bad)).toEqual([
      {
        path: 'events[1].template',
        problem: 'unknown series "MACBETH" — the file and the database have HAMLET',
      },
      {
        path: 'events[1].priceLevels[3].zone',
        problem: 'unknown zone "BALC" — the configuration has GA, MEZZ, ORCH',
      },
      {
        path: 'events[1].prices[0].priceType',
        problem: 'unknown price type "Senior" — the file and the database have Adult, Child',
      },
    ]);
  });

  it('ask a new performance for a price level for every zone of its seat map', () => {
    const file = testSeason();
    const event = testPerformance('2026-12-10T19:30:00.000Z');
    const bad = {
      ...file,
      events: [
        {
          ...event,
          priceLevels: event.priceLevels.filter((l) => l.zone === 'ORCH'),
          prices: [],
        },
      ],
    };
    expect(check(bad)).toEqual([
      {
        path: 'events[0].priceLevels',
        problem:
          'no price level for zones GA, MEZZ of configuration "Main": a new performance needs one for every zone',
      },
    ]);
  });

  it('find a seat map that does not hold together', () => {
    const file = testSeason();
    const c = file.venues[0]!.configurations[0]!;
    const broken: SeasonFile = {
      ...file,
      venues: [
        {
          ...file.venues[0]!,
          configurations: [
            {
              ...c,
              seats: [...c.seats, { ...c.seats[0]!, section: 'BALC', alert: 'Pillar' }],
            },
          ],
        },
      ],
    };
    expect(check(broken)).toEqual([
      {
        path: 'venues[0].configurations[0].seats[5].key',
        problem: 'seat "ORCH-A-1" is already at venues[0].configurations[0].seats[0]',
      },
      {
        path: 'venues[0].configurations[0].seats[5].section',
        problem: 'unknown section "BALC" — the configuration has FLOOR, MEZZ, ORCH',
      },
      {
        path: 'venues[0].configurations[0].seats[5].alert',
        problem: 'unknown seat alert "Pillar" — the configuration has Restricted view',
      },
    ]);
  });
});
