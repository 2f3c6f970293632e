import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  giftProblems as serverGiftProblems,
  localDateAt,
} from '../../../../core/memberships/gift-delivery.ts';
import { membershipsEn } from '../../../../core/i18n/strings/consumer/memberships-en.ts';
import {
  GIFT_FIELDS,
  NO_GIFT,
  giftProblems,
  isLocalDate,
  lastDeliveryDate,
  membershipBody,
  preselectedLevel,
  selectionPath,
  selectionQuery,
  todayIn,
  type GiftDetails,
  type GiftProblem,
} from './membership-choice.ts';

/** A problem in the English words the page shows. */
const english = (problem: GiftProblem) =>
  membershipsEn[`memberships.problem.${problem.code}`].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(problem.values?.[name] ?? ''),
  );

const ZONES = ['America/New_York', 'Europe/Paris', 'Pacific/Auckland', 'Pacific/Honolulu', 'UTC'] as const;

const text = fc.oneof(
  fc.constant(''),
  fc.constant('   '),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 95, maxLength: 110 }),
);
const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom(
    '',
    ' ',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'a b@example.com',
    ' ada@example.com ',
  ),
  fc.string({ maxLength: 20 }),
);
const dayOffset = fc.integer({ min: -400, max: 400 });
const addDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('the membership gift fields', () => {
  it('find exactly the problems the server finds, in the same words, for any gift and time zone', () => {
    fc.assert(
      fc.property(
        fc.record({
          firstName: text,
          lastName: text,
          email,
          message: fc.oneof(fc.string({ maxLength: 20 }), fc.string({ minLength: 495, maxLength: 505 })),
          sendNow: fc.boolean(),
          date: fc.oneof(
            dayOffset.map((n) => ({ offset: n })),
            fc.constantFrom('', '2027-02-30', '27-01-01', 'tomorrow').map((raw) => ({ raw })),
          ),
        }),
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2030-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (input, zone, now) => {
          const today = todayIn(zone, now);
          const deliveryDate = 'raw' in input.date ? input.date.raw : addDays(today, input.date.offset);
          const gift: GiftDetails = { ...input, deliveryDate };
          const ours = giftProblems(true, gift, today);
          const server = serverGiftProblems(
            {
              isGift: true,
              firstName: gift.firstName,
              lastName: gift.lastName,
              email: gift.email,
              message: gift.message,
              deliveryLocalDate: gift.deliveryDate,
              isSendNow: gift.sendNow,
            },
            now,
            zone,
          );
          expect(
            GIFT_FIELDS.flatMap((field) => (ours[field] ? [{ field, message: english(ours[field]) }] : [])),
          ).toEqual(server.map((p) => ({ field: p.field, message: p.message })));
        },
      ),
    );
  });

  it('are not checked for a membership bought for oneself', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (name, mail, sendNow) => {
        const gift = { ...NO_GIFT, firstName: name, email: mail, sendNow };
        expect(giftProblems(false, gift, '2026-11-27')).toEqual({});
      }),
    );
  });

  it('take today on the venue clock: the same instant is a different day in Auckland and Honolulu', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-11-28');
    expect(todayIn('Pacific/Honolulu', now)).toBe('2026-11-27');
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }),
        (zone, at) => {
          expect(todayIn(zone, at)).toBe(localDateAt(at, zone));
        },
      ),
    );
  });

  it('offer delivery days from today to 365 days on, every one of them a real date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), (n) => {
        const today = addDays('2026-01-01', n);
        const last = lastDeliveryDate(today);
        expect(isLocalDate(last)).toBe(true);
        expect(addDays(today, 365)).toBe(last);
        expect(
          giftProblems(
            true,
            {
              ...NO_GIFT,
              firstName: 'A',
              lastName: 'B',
              email: 'a@b.co',
              sendNow: false,
              deliveryDate: last,
            },
            today,
          ),
        ).toEqual({});
      }),
    );
  });
});

describe('the membership request', () => {
  it('carries the gift fields trimmed, and none for oneself', () => {
    const gift = {
      firstName: ' Grace ',
      lastName: 'Hopper ',
      email: ' grace@example.com',
      message: '  ',
      sendNow: false,
      deliveryDate: '2026-12-25',
    };
    expect(membershipBody('FRIENDS', 7, true, gift)).toEqual({
      etCode: 'FRIENDS',
      priceLevelID: 7,
      isGift: true,
      giftFirstName: 'Grace',
      giftLastName: 'Hopper',
      giftEmail: 'grace@example.com',
      giftMessage: null,
      isSendGiftNow: false,
      giftDeliveryLocalDate: '2026-12-25',
      salesChannel: 'Web',
    });
    expect(membershipBody('FRIENDS', 7, true, { ...gift, sendNow: true }).giftDeliveryLocalDate).toBeNull();
    expect(membershipBody('FRIENDS', 7, false, gift)).toEqual({
      etCode: 'FRIENDS',
      priceLevelID: 7,
      isGift: false,
      salesChannel: 'Web',
    });
  });
});

describe('the membership page address', () => {
  it('reads plid and isGift from the query and writes them back the same', () => {
    // Any text but '.' and '..': no URL path can carry those as a segment (a browser resolves them).
    const segmentText = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(
        segmentText,
        fc.option(segmentText, { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
        fc.boolean(),
        (etCode, eventSlug, plid, isGift) => {
          const path = selectionPath({ etCode, eventSlug, plid, isGift });
          const url = new URL(path, 'https://foyer.test');
          const segments = url.pathname.split('/').map(decodeURIComponent);
          expect(segments.slice(1)).toEqual(['memberships', etCode, ...(eventSlug ? [eventSlug] : [])]);
          expect(selectionQuery(Object.fromEntries(url.searchParams))).toEqual({ plid, isGift });
        },
      ),
    );
    expect(selectionQuery({ plid: 'x', isGift: 'yes' })).toEqual({ plid: undefined, isGift: false });
    expect(selectionQuery({ plid: 12, isGift: true })).toEqual({ plid: 12, isGift: true });
  });

  it('preselects the level the server marks, else the only one, else none', () => {
    const level = (id: number, selected = false) => ({
      PriceLevelID: id,
      DisplayName: `L${id}`,
      Description: null,
      Price: 100,
      DiscountedDisplayPrice: null,
      Selected: selected,
    });
    expect(preselectedLevel({ PriceMaps: [level(1), level(2, true)] })).toBe(2);
    expect(preselectedLevel({ PriceMaps: [level(3)] })).toBe(3);
    expect(preselectedLevel({ PriceMaps: [level(1), level(2)] })).toBeNull();
    expect(preselectedLevel({ PriceMaps: [] })).toBeNull();
  });
});
