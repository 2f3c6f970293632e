import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvgData } from '../../../../adapters/http/contract/catalogue.ts';
import { EventInventory } from '../../../../adapters/http/contract/inventory.ts';
import { parseInventory, parseSvgData } from './wire.ts';

const row = fc.record({
  key: fc.string(),
  x: fc.double({ noNaN: true, noDefaultInfinity: true }),
  y: fc.double({ noNaN: true, noDefaultInfinity: true }),
  viewFromSeatRow: fc.option(fc.integer(), { nil: null }),
  focalLengthFactor: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
});
const svg = fc.record({
  VenueConfigurationID: fc.integer(),
  Width: fc.double({ noNaN: true, noDefaultInfinity: true }),
  Height: fc.double({ noNaN: true, noDefaultInfinity: true }),
  FocalPoint: fc.record({ x: fc.integer(), y: fc.integer() }),
  Sections: fc.array(
    fc.record({
      Code: fc.string(),
      Name: fc.string(),
      IsGA: fc.boolean(),
      LabelX: fc.constant(null),
      LabelY: fc.integer(),
    }),
    { maxLength: 3 },
  ),
  Rows: fc.array(row, { maxLength: 20 }),
});
const seat = fc.record(
  {
    Key: fc.string(),
    PriceKey: fc.string(),
    seatStatus: fc.constantFrom('Open', 'Hold', 'Inquiry', 'Reserved', 'Sold', 'Unavailable'),
    IsGASeat: fc.boolean(),
    ADAType: fc.string(),
    accessibilityIcon: fc.string(),
    seatAlertId: fc.integer(),
    HoldSubclassID: fc.integer(),
    PossiblePackageIDs: fc.array(fc.integer(), { maxLength: 3 }),
    LockedPromotionIDs: fc.array(fc.integer(), { maxLength: 3 }),
  },
  { requiredKeys: ['Key', 'PriceKey', 'seatStatus'] },
);
const inventory = fc.record({
  EventID: fc.integer(),
  VenueConfigurationID: fc.integer(),
  Version: fc.string(),
  MapSeats: fc.array(seat, { maxLength: 20 }),
  MapGASections: fc.array(
    fc.record({
      Key: fc.string(),
      Name: fc.string(),
      PriceKey: fc.string(),
      Capacity: fc.integer(),
      MaxAvailable: fc.integer(),
    }),
    { maxLength: 2 },
  ),
});

/** Replaces one value somewhere inside with something of the wrong type. */
const corrupt = (value: unknown, path: readonly (string | number)[], bad: unknown): unknown => {
  if (path.length === 0) return bad;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? corrupt(v, rest, bad) : v));
  return { ...(value as object), [head!]: corrupt((value as Record<string, unknown>)[head!], rest, bad) };
};

const agrees = (fast: () => unknown, zod: () => unknown) => {
  let zodResult: unknown;
  let zodFailed = false;
  try {
    zodResult = zod();
  } catch {
    zodFailed = true;
  }
  if (zodFailed) expect(fast).toThrow();
  else expect(fast()).toEqual(zodResult);
};

describe('checking the map’s large answers', () => {
  it('accepts exactly what the contracts accept, and gives the same data', () => {
    fc.assert(
      fc.property(svg, (s) =>
        agrees(
          () => parseSvgData(s),
          () => SvgData.parse(s),
        ),
      ),
    );
    fc.assert(
      fc.property(inventory, (i) =>
        agrees(
          () => parseInventory(i),
          () => EventInventory.parse(i),
        ),
      ),
    );
  });

  it('refuses a row with a wrong field, naming where', () => {
    const bads = fc.constantFrom<unknown>('1', null, {}, [], true, Number.NaN);
    fc.assert(
      fc.property(
        svg.filter((s) => s.Rows.length > 0),
        fc.nat(),
        fc.constantFrom('key', 'x', 'y', 'viewFromSeatRow', 'focalLengthFactor'),
        bads,
        (s, n, field, bad) => {
          const broken = corrupt(s, ['Rows', n % s.Rows.length, field], bad);
          agrees(
            () => parseSvgData(broken),
            () => SvgData.parse(broken),
          );
        },
      ),
    );
    fc.assert(
      fc.property(
        inventory.filter((i) => i.MapSeats.length > 0),
        fc.nat(),
        fc.constantFrom('Key', 'PriceKey', 'seatStatus', 'seatAlertId', 'PossiblePackageIDs', 'IsGASeat'),
        bads,
        (i, n, field, bad) => {
          const broken = corrupt(i, ['MapSeats', n % i.MapSeats.length, field], bad);
          agrees(
            () => parseInventory(broken),
            () => EventInventory.parse(broken),
          );
        },
      ),
    );
    expect(() =>
      parseInventory({
        EventID: 1,
        VenueConfigurationID: 1,
        Version: 'v',
        MapGASections: [],
        MapSeats: [{ Key: 'A', PriceKey: '1', seatStatus: 'Gone' }],
      }),
    ).toThrow('inventory.MapSeats[0].seatStatus: expected a seat status');
  });
});
