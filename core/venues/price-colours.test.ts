import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZONE_PALETTE, zoneColours, zonesOfConfiguration } from './price-colours.ts';

// A price zone's colour on the admin's map: the file's when it has one, else the palette's.

const colour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
const zones = fc.uniqueArray(
  fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), color: fc.option(colour, { nil: null }) }),
  { selector: (z) => z.name, maxLength: 30 },
);

describe('zone colours', () => {
  it('keeps a zone’s own colour and gives every zone a #rrggbb, in order', () => {
    fc.assert(
      fc.property(zones, (asked) => {
        const coloured = zoneColours(asked);
        expect(coloured.map((z) => z.name)).toEqual(asked.map((z) => z.name));
        coloured.forEach((z, i) => {
          expect(z.color).toMatch(/^#[0-9a-f]{6}$/);
          if (asked[i]!.color !== null) expect(z.color).toBe(asked[i]!.color!.toLowerCase());
        });
      }),
    );
  });

  it('draws no two zones alike while the palette lasts', () => {
    fc.assert(
      fc.property(zones, (asked) => {
        const coloured = zoneColours(asked);
        const own = asked.filter((z) => z.color !== null).map((z) => z.color!.toLowerCase());
        if (new Set(own).size === own.length && asked.length <= ZONE_PALETTE.length)
          expect(new Set(coloured.map((z) => z.color)).size).toBe(coloured.length);
      }),
    );
  });
});

describe('a stored configuration’s zones', () => {
  it('counts every seat and standing place once, under its zone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ zone: fc.constantFrom('A', 'B', 'C', 'GA') }), { maxLength: 60 }),
        fc.array(
          fc.record({
            zone: fc.option(fc.constantFrom('GA', 'D'), { nil: null }),
            capacity: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
          }),
          { maxLength: 5 },
        ),
        (seats, sections) => {
          const zones = zonesOfConfiguration(seats, sections);
          expect(zones.reduce((n, z) => n + z.seats, 0)).toBe(seats.length);
          const standing = sections.reduce((n, s) => n + (s.zone !== null ? (s.capacity ?? 0) : 0), 0);
          expect(zones.reduce((n, z) => n + z.places, 0)).toBe(standing);
          expect(new Set(zones.map((z) => z.name)).size).toBe(zones.length);
          expect(new Set(zones.map((z) => z.color)).size).toBe(zones.length);
          const names = zones.map((z) => z.name);
          expect(names).toEqual([...names].sort());
        },
      ),
    );
  });
});
