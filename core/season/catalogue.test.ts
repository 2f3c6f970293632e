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
      '+ 2 performances of HAMLET: 2026-12-08 19:30, 2026-12-09 19:30',
      '+ 6 price levels for HAMLET',
      '+ 8 prices for HAMLET',
      '+ 2 fees for HAMLET',
    ]);
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
