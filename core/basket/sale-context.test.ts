import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { staffMaySellFrom } from '../inventory/box-office/view.ts';
import type { HoldSubclassRule } from '../inventory/seat-status.ts';
import { sellableHoldSubclassIds } from './sale-context.ts';

// Which hold subclasses a hold may take seats from: what the channel allows, and on a staff
// channel, for a role that manages holds, what its seat map offers it (staffMaySellFrom).

const channels = ['web', 'boxoffice', 'phone', 'groupsales'];
const rule = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  isKill: fc.boolean(),
  channelCodes: fc.subarray(channels).map((codes) => new Set(codes)),
});
const rules = fc.uniqueArray(rule, { selector: (r) => r.id, maxLength: 8 });
const requested = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 8 })
  .map((ids) => new Set(ids));
const web = { id: 1, code: 'Web', name: 'Web', isAdmin: false };
const boxOffice = { id: 2, code: 'BoxOffice', name: 'Box office', isAdmin: true };

describe('sellable hold subclasses', () => {
  it('never a kill, never one not asked for', () => {
    fc.assert(
      fc.property(rules, requested, fc.boolean(), fc.boolean(), (all, asked, staffChannel, manageHolds) => {
        const ids = sellableHoldSubclassIds(
          all as HoldSubclassRule[],
          staffChannel ? boxOffice : web,
          asked,
          manageHolds,
        );
        for (const id of ids) {
          const found = all.find((r) => r.id === id)!;
          expect(found.isKill).toBe(false);
          expect(asked.has(id)).toBe(true);
        }
      }),
    );
  });

  it('a role that manages holds sells at the box office what its map offers; others what the channel allows', () => {
    fc.assert(
      fc.property(rules, requested, (all, asked) => {
        const managed = sellableHoldSubclassIds(all as HoldSubclassRule[], boxOffice, asked, true);
        expect(managed).toEqual(
          all
            .filter((r) => asked.has(r.id) && staffMaySellFrom(r as HoldSubclassRule, true))
            .map((r) => r.id),
        );
        const seller = sellableHoldSubclassIds(all as HoldSubclassRule[], boxOffice, asked, false);
        expect(seller).toEqual(
          all.filter((r) => asked.has(r.id) && !r.isKill && r.channelCodes.has('boxoffice')).map((r) => r.id),
        );
      }),
    );
  });

  it('managing holds gives nothing more on a consumer channel', () => {
    fc.assert(
      fc.property(rules, requested, (all, asked) => {
        expect(sellableHoldSubclassIds(all as HoldSubclassRule[], web, asked, true)).toEqual(
          sellableHoldSubclassIds(all as HoldSubclassRule[], web, asked, false),
        );
      }),
    );
  });
});
