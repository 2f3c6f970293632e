import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkPromotionCode,
  customerTagCheck,
  isListedForSeries,
  isPromotionRunning,
  promotionWindow,
  type Promotion,
  type PromotionCodeAttempt,
} from './promotion-rules.ts';
import { promotionOf } from './test-promotions.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const HAMLET = 1;
const NOVA = 2;
const MEMBERSHIP = 7;

const promotion = (over: Partial<Promotion> = {}): Promotion =>
  promotionOf({ eventTemplateIds: [HAMLET], ...over });

const attempt = (over: Partial<PromotionCodeAttempt> = {}): PromotionCodeAttempt => ({
  enteredCode: 'SAVE10',
  promotion: promotion(),
  seriesId: HAMLET,
  enteredGroupCode: '',
  groupCode: null,
  customer: null,
  now: NOW,
  ...over,
});

const reason = (over: Partial<PromotionCodeAttempt>) => {
  const result = checkPromotionCode(attempt(over));
  return result.ok ? 'ok' : result.reason;
};

const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('when a promotion runs', () => {
  it('has started at its start and ended at its end', () => {
    const p = { startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + DAY) };
    expect(promotionWindow(p, NOW)).toEqual({ started: true, ended: false });
    expect(promotionWindow(p, p.startsAt)).toEqual({ started: true, ended: false });
    expect(promotionWindow(p, new Date(p.startsAt.getTime() - 1))).toEqual({ started: false, ended: false });
    expect(promotionWindow(p, p.endsAt)).toEqual({ started: true, ended: true });
    expect(promotionWindow({ startsAt: null, endsAt: null }, NOW)).toEqual({ started: true, ended: false });
  });

  it('runs exactly between start (inclusive) and end (exclusive)', () => {
    fc.assert(
      fc.property(fc.option(instant), fc.option(instant), instant, (startsAt, endsAt, now) => {
        const running = isPromotionRunning({ startsAt, endsAt }, now);
        const expected = (startsAt === null || startsAt <= now) && (endsAt === null || now < endsAt);
        expect(running).toBe(expected);
      }),
    );
  });
});

describe('which promotions the storefront lists for a series', () => {
  it('lists the series’ promotions but not archived ones, other series’ or hidden presales', () => {
    expect(isListedForSeries(promotion(), HAMLET)).toBe(true);
    expect(isListedForSeries(promotion(), NOVA)).toBe(false);
    expect(isListedForSeries(promotion({ isArchived: true }), HAMLET)).toBe(false);
    expect(isListedForSeries(promotion({ isPresale: true, hidePreSale: true }), HAMLET)).toBe(false);
    expect(isListedForSeries(promotion({ isPresale: true }), HAMLET)).toBe(true);
  });

  it('a hidden presale is not listed but its code still works', () => {
    const hidden = promotion({ code: 'SECRET', isPresale: true, hidePreSale: true });
    expect(isListedForSeries(hidden, HAMLET)).toBe(false);
    expect(reason({ enteredCode: 'SECRET', promotion: hidden })).toBe('ok');
  });
});

describe('customer tag restrictions', () => {
  const members = promotion({ restrictToCustomerTag: true, restrictToCustomerTagIds: [MEMBERSHIP] });

  it('asks an anonymous buyer to log in, and a customer without the tag is refused', () => {
    expect(customerTagCheck(members, null)).toBe('LoginRequired');
    expect(customerTagCheck(members, { customerTagTypeIds: [3] })).toBe('TagMismatch');
    expect(customerTagCheck(members, { customerTagTypeIds: [3, MEMBERSHIP] })).toBe('Allowed');
    expect(customerTagCheck(promotion(), null)).toBe('Allowed');
  });

  it('a restriction naming no tag only asks for a login', () => {
    const anyone = promotion({ restrictToCustomerTag: true, restrictToCustomerTagIds: [] });
    expect(customerTagCheck(anyone, null)).toBe('LoginRequired');
    expect(customerTagCheck(anyone, { customerTagTypeIds: [] })).toBe('Allowed');
  });

  it('allows exactly the customers holding one of the tags', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 5 });
    fc.assert(
      fc.property(ids, ids, (restrictTo, held) => {
        fc.pre(restrictTo.length > 0);
        const check = customerTagCheck(
          promotion({ restrictToCustomerTag: true, restrictToCustomerTagIds: restrictTo }),
          {
            customerTagTypeIds: held,
          },
        );
        expect(check).toBe(held.some((id) => restrictTo.includes(id)) ? 'Allowed' : 'TagMismatch');
      }),
    );
  });
});

describe('checking an entered code', () => {
  it('accepts a running code for its series, ignoring case and blanks', () => {
    const result = checkPromotionCode(attempt({ enteredCode: '  save10 ' }));
    expect(result).toEqual({ ok: true, promotion: promotion(), groupCode: null });
  });

  it("says 'Empty' for nothing typed (the buyer reads: Presale Code is empty)", () => {
    expect(reason({ enteredCode: '' })).toBe('Empty');
    expect(reason({ enteredCode: '   ', promotion: null })).toBe('Empty');
  });

  it('tells an unknown, other-series, early or late code apart', () => {
    expect(reason({ enteredCode: 'NOPE', promotion: null })).toBe('Unknown');
    expect(reason({ promotion: promotion({ isArchived: true }) })).toBe('Unknown');
    expect(reason({ seriesId: NOVA })).toBe('NotForSeries');
    expect(reason({ promotion: promotion({ startsAt: new Date(NOW.getTime() + DAY) }) })).toBe('NotStarted');
    expect(reason({ promotion: promotion({ endsAt: NOW }) })).toBe('Ended');
  });

  it('needs an unused one-time code for a group promotion, and does not use it up', () => {
    const groups = promotion({ code: 'GROUPS', groupPromoCode: true });
    const base = { enteredCode: 'GROUPS', promotion: groups };
    expect(reason({ ...base })).toBe('GroupCodeRequired');
    expect(reason({ ...base, enteredGroupCode: 'GRP-XXXXXX', groupCode: null })).toBe('GroupCodeUnknown');
    expect(
      reason({
        ...base,
        enteredGroupCode: 'GRP-USED00',
        groupCode: { code: 'GRP-USED00', usedAt: new Date(NOW.getTime() - DAY) },
      }),
    ).toBe('GroupCodeUsed');
    const groupCode = { code: 'GRP-ABCDEF', usedAt: null };
    const ok = checkPromotionCode(attempt({ ...base, enteredGroupCode: ' grp-abcdef ', groupCode }));
    expect(ok).toEqual({ ok: true, promotion: groups, groupCode: 'GRP-ABCDEF' });
    expect(groupCode.usedAt).toBeNull();
  });

  it('reports a customer-tag restriction as its own outcome', () => {
    const members = promotion({
      code: 'MEMBERS',
      restrictToCustomerTag: true,
      restrictToCustomerTagIds: [MEMBERSHIP],
    });
    expect(reason({ enteredCode: 'MEMBERS', promotion: members })).toBe('LoginRequired');
    expect(
      reason({ enteredCode: 'MEMBERS', promotion: members, customer: { customerTagTypeIds: [1] } }),
    ).toBe('TagMismatch');
    expect(
      reason({ enteredCode: 'MEMBERS', promotion: members, customer: { customerTagTypeIds: [MEMBERSHIP] } }),
    ).toBe('ok');
  });

  it('accepts a code only when every rule holds', () => {
    const arbitraryPromotion = fc.record({
      startsAt: fc.option(instant),
      endsAt: fc.option(instant),
      isArchived: fc.boolean(),
      groupPromoCode: fc.boolean(),
      restrictToCustomerTag: fc.boolean(),
      eventTemplateIds: fc.subarray([HAMLET, NOVA]),
    });
    fc.assert(
      fc.property(
        arbitraryPromotion,
        fc.boolean(),
        fc.option(fc.boolean()),
        fc.boolean(),
        instant,
        (over, groupCodeEntered, groupCodeUsed, loggedIn, now) => {
          const p = promotion(over);
          const groupCode =
            groupCodeUsed === null ? null : { code: 'G1', usedAt: groupCodeUsed ? now : null };
          const result = checkPromotionCode(
            attempt({
              promotion: p,
              now,
              enteredGroupCode: groupCodeEntered ? 'G1' : '',
              groupCode,
              customer: loggedIn ? { customerTagTypeIds: [] } : null,
            }),
          );
          const allRulesHold =
            !p.isArchived &&
            p.eventTemplateIds.includes(HAMLET) &&
            isPromotionRunning(p, now) &&
            (!p.groupPromoCode || (groupCodeEntered && groupCode !== null && groupCode.usedAt === null)) &&
            (!p.restrictToCustomerTag || loggedIn);
          expect(result.ok).toBe(allRulesHold);
        },
      ),
    );
  });
});
