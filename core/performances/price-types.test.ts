import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLocalDateTime } from './local-input.ts';
import { localClockOf } from './run-expansion.ts';
import { checkPriceType } from './price-types.ts';

describe('a price type as typed', () => {
  it('a code of letters, digits, - and _ and a name are kept, trimmed', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/),
        fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
        fc.boolean(),
        (code, name, consumerVisible) => {
          expect(checkPriceType({ code: ` ${code} `, name: ` ${name} `, consumerVisible })).toEqual({
            ok: true,
            value: { code, name: name.trim(), consumerVisible },
          });
        },
      ),
    );
  });

  it('a code with spaces or other signs, or an empty name, is refused naming the field', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/.test(s.trim())),
        (code) => {
          expect(checkPriceType({ code, name: 'Adult', consumerVisible: true })).toMatchObject({
            ok: false,
            field: 'Code',
          });
        },
      ),
    );
    expect(checkPriceType({ code: 'ADULT', name: '   ', consumerVisible: true })).toMatchObject({
      field: 'Name',
    });
  });
});

describe('a date and time typed on the venue clock', () => {
  it('reads back as the same wall clock, outside the hour the clocks change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }),
        fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Tokyo'),
        (minute, zone) => {
          const instant = new Date(minute * 60_000);
          const clock = localClockOf(instant, zone);
          const read = readLocalDateTime(`${clock.day}T${clock.time}`, zone)!;
          // An ambiguous hour reads as its first occurrence: the same wall clock, maybe an hour earlier.
          expect(localClockOf(read, zone)).toEqual(clock);
          expect([0, 3_600_000]).toContain(instant.getTime() - read.getTime());
        },
      ),
    );
  });

  it('is refused when it is not a real date and time', () => {
    for (const text of [
      '2026-02-30T10:00',
      '2026-12-01T24:00',
      '2026-12-01',
      'tomorrow',
      '2026-12-01T10:00:00',
    ])
      expect(readLocalDateTime(text, 'UTC')).toBeNull();
  });
});
