import fc from 'fast-check';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  cleanGift,
  giftDeliveryInstant,
  giftProblems,
  isGiftDue,
  isLocalDate,
  localDateAt,
  type GiftRequest,
} from './gift-delivery.ts';

const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'UTC', 'Pacific/Apia'];
const zone = fc.constantFrom(...ZONES);
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const localDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const gift = (overrides: Partial<GiftRequest> = {}): GiftRequest => ({
  isGift: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: null,
  deliveryLocalDate: null,
  isSendNow: true,
  ...overrides,
});

describe('gift delivery instant', () => {
  it('is 09:00 on the chosen day in the venue time zone, whatever the zone', () => {
    fc.assert(
      fc.property(localDate, zone, (day, tz) => {
        const at = giftDeliveryInstant(day, tz);
        expect(formatInTimeZone(at, tz, 'yyyy-MM-dd HH:mm')).toBe(`${day} 09:00`);
      }),
    );
  });

  it('a gift is due exactly from its instant on; one without an instant is due at once', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -86_400_000, max: 86_400_000 }), (at, delta) => {
        expect(isGiftDue(at, new Date(at.getTime() + delta))).toBe(delta >= 0);
        expect(isGiftDue(null, new Date(at.getTime() + delta))).toBe(true);
      }),
    );
  });

  it('local dates step by whole days and round-trip', () => {
    fc.assert(
      fc.property(localDate, fc.integer({ min: -800, max: 800 }), (day, n) => {
        expect(isLocalDate(addDays(day, n))).toBe(true);
        expect(addDays(addDays(day, n), -n)).toBe(day);
        expect(addDays(day, n) > day).toBe(n > 0);
      }),
    );
  });

  it('rejects strings that are not days', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', 'tomorrow'])
      expect(isLocalDate(bad)).toBe(false);
  });
});

describe('gift validation', () => {
  it('accepts a delivery day from today to a year ahead in the venue zone, and nothing outside', () => {
    fc.assert(
      fc.property(instant, zone, fc.integer({ min: -400, max: 400 }), (now, tz, offset) => {
        const day = addDays(localDateAt(now, tz), offset);
        const problems = giftProblems(gift({ isSendNow: false, deliveryLocalDate: day }), now, tz);
        const ok = offset >= 0 && offset <= 365;
        expect(problems.length === 0).toBe(ok);
        if (!ok) expect(problems.map((p) => p.field)).toEqual(['giftDeliveryLocalDate']);
      }),
    );
  });

  it('needs the names, an e-mail address and a day or "send now"; a purchase for oneself needs none', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const tz = 'America/New_York';
    const fields = (g: GiftRequest) => giftProblems(g, now, tz).map((p) => p.field);
    expect(
      fields(gift({ isGift: false, firstName: null, lastName: null, email: null, isSendNow: false })),
    ).toEqual([]);
    expect(fields(gift({ firstName: ' ', lastName: null, email: 'not-mail', isSendNow: false }))).toEqual([
      'giftFirstName',
      'giftLastName',
      'giftEmail',
      'giftDeliveryLocalDate',
    ]);
    expect(fields(gift({ message: 'x'.repeat(501) }))).toEqual(['giftMessage']);
    expect(fields(gift())).toEqual([]);
  });

  it('any valid request stays valid once cleaned, and a purchase for oneself keeps no gift fields', () => {
    fc.assert(
      fc.property(
        fc.record({
          isGift: fc.boolean(),
          firstName: fc.option(fc.string({ maxLength: 20 })),
          lastName: fc.option(fc.string({ maxLength: 20 })),
          email: fc.option(fc.constantFrom('a@b.co', ' x@y.org ', 'bad')),
          message: fc.option(fc.string({ maxLength: 40 })),
          deliveryLocalDate: fc.option(fc.constantFrom('2026-11-27', '2026-12-25', '2027-11-27')),
          isSendNow: fc.boolean(),
        }),
        (request) => {
          const now = new Date('2026-11-27T12:00:00Z');
          const cleaned = cleanGift(request);
          if (giftProblems(request, now, 'UTC').length === 0)
            expect(giftProblems(cleaned, now, 'UTC')).toEqual([]);
          if (!request.isGift)
            expect(Object.values(cleaned).filter((v) => v !== null && v !== false)).toEqual([]);
          if (cleaned.isSendNow) expect(cleaned.deliveryLocalDate).toBeNull();
        },
      ),
    );
  });
});
