import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MapSeat } from './seat-model.ts';
import {
  applyDecision,
  decideSeat,
  keepAvailable,
  ticketCount,
  ticketLimitOf,
  type Answers,
  type GaPick,
  type SelectedSeat,
  type SelectionRules,
} from './selection.ts';

const seat = (n: number, extra: Partial<MapSeat> = {}): MapSeat => ({
  index: n,
  key: `STALLS-A-${n}`,
  section: 'STALLS',
  row: 'A',
  seat: String(n),
  number: n,
  x: n * 20,
  y: 300,
  priceLevelId: 1,
  status: 'Open',
  focalLengthFactor: 1.2,
  ...extra,
});

const rules = (extra: Partial<SelectionRules> = {}): SelectionRules => ({
  eventId: 141,
  limit: 12,
  adaTypes: [
    { Type: 'Wheelchair', CountsTowardLimit: true },
    { Type: 'Companion', CountsTowardLimit: true },
    { Type: 'AisleTransfer', CountsTowardLimit: false },
  ],
  alerts: [
    { ID: 1, RequiresAcknowledgement: true },
    { ID: 2, RequiresAcknowledgement: false },
  ],
  packages: [
    { ID: 1, EventIDs: [141, 142] },
    { ID: 9, EventIDs: [500, 501] },
  ],
  activePromotionId: null,
  defaultPriceTypeId: 1,
  ...extra,
});

const accepted: Answers = { adaAccepted: true, packageId: null };

/** Clicks seats one after another, answering every question yes; returns what got selected. */
const clickAll = (seats: MapSeat[], r: SelectionRules, ga: GaPick[] = []) => {
  let selected: readonly SelectedSeat[] = [];
  const refusals: string[] = [];
  for (const s of seats) {
    const decision = decideSeat(s, selected, ga, r, {
      adaAccepted: true,
      alertAcknowledged: true,
      packageId: null,
    });
    if (decision.kind === 'refuse') refusals.push(decision.reason);
    selected = applyDecision(selected, s.key, decision);
  }
  return { selected, refusals };
};

describe('choosing seats', () => {
  it('selects an open seat with the default price type, and a second click deselects it', () => {
    const s = seat(1);
    const first = decideSeat(s, [], [], rules(), accepted);
    expect(first).toEqual({
      kind: 'select',
      seat: { key: 'STALLS-A-1', priceLevelId: 1, priceTypeId: 1, alertAcknowledged: false, packageId: null },
    });
    const selected = applyDecision([], s.key, first);
    expect(decideSeat(s, selected, [], rules(), accepted)).toEqual({ kind: 'deselect' });
    expect(applyDecision(selected, s.key, { kind: 'deselect' })).toEqual([]);
  });

  it('refuses seats that are not open', () => {
    for (const status of ['Hold', 'Inquiry', 'Reserved', 'Unavailable'] as const)
      expect(decideSeat(seat(1, { status }), [], [], rules(), accepted)).toEqual({
        kind: 'refuse',
        reason: 'unavailable',
      });
  });

  it('defaults the limit to 12 when the event sets none', () => {
    expect(ticketLimitOf(undefined)).toBe(12);
    expect(ticketLimitOf(0)).toBe(12);
    expect(ticketLimitOf(8)).toBe(8);
    const { selected, refusals } = clickAll(
      Array.from({ length: 13 }, (_, i) => seat(i + 1)),
      rules({ limit: ticketLimitOf(null) }),
    );
    expect(selected).toHaveLength(12);
    expect(refusals).toEqual(['limit']);
  });

  it('never lets more tickets than the limit count, seats and GA together, whatever is clicked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.constantFrom(undefined, 'Wheelchair', 'Companion', 'AisleTransfer'), { maxLength: 30 }),
        fc.integer({ min: 0, max: 15 }),
        (limit, kinds, gaQuantity) => {
          const r = rules({ limit });
          const ga: GaPick[] = gaQuantity
            ? [
                {
                  sectionKey: 'FLOOR',
                  priceLevelId: 9,
                  priceTypeId: 1,
                  quantity: Math.min(gaQuantity, limit),
                },
              ]
            : [];
          const seats = kinds.map((adaType, i) => seat(i + 1, adaType ? { adaType } : {}));
          const { selected, refusals } = clickAll(seats, r, ga);
          expect(ticketCount(selected, ga, r)).toBeLessThanOrEqual(limit);
          // Refused only when the limit was reached; aisle transfers are never refused for it.
          if (refusals.length) expect(ticketCount(selected, ga, r)).toBe(limit);
          expect(selected.filter((s) => s.adaType === 'AisleTransfer')).toHaveLength(
            kinds.filter((k) => k === 'AisleTransfer').length,
          );
        },
      ),
    );
  });

  it('asks for the accessible agreement before an accessible seat, until it is accepted', () => {
    const wheelchair = seat(1, { adaType: 'Wheelchair' });
    expect(decideSeat(wheelchair, [], [], rules(), { adaAccepted: false })).toEqual({
      kind: 'askAdaAgreement',
    });
    expect(decideSeat(wheelchair, [], [], rules(), { adaAccepted: true, packageId: null }).kind).toBe(
      'select',
    );
    expect(decideSeat(seat(2), [], [], rules(), { adaAccepted: false, packageId: null }).kind).toBe('select');
  });

  it('asks to acknowledge an alert that needs it, and records the acknowledgement', () => {
    const restricted = seat(1, { alertId: 1 });
    expect(decideSeat(restricted, [], [], rules(), accepted)).toEqual({ kind: 'askAlert', alertId: 1 });
    const decision = decideSeat(restricted, [], [], rules(), { ...accepted, alertAcknowledged: true });
    expect(decision.kind === 'select' && decision.seat.alertAcknowledged).toBe(true);
    // An alert that needs no acknowledgement does not stop the buyer.
    expect(decideSeat(seat(2, { alertId: 2 }), [], [], rules(), accepted).kind).toBe('select');
  });

  it('offers the packages that include this performance, and refuses a package for other events', () => {
    const packaged = seat(1, { packageIds: [1, 9] });
    expect(decideSeat(packaged, [], [], rules(), { adaAccepted: true })).toEqual({
      kind: 'askPackage',
      packageIds: [1],
    });
    const inPackage = decideSeat(packaged, [], [], rules(), { adaAccepted: true, packageId: 1 });
    expect(inPackage.kind === 'select' && inPackage.seat.packageId).toBe(1);
    expect(decideSeat(packaged, [], [], rules(), { adaAccepted: true, packageId: 9 })).toEqual({
      kind: 'refuse',
      reason: 'packageOtherEvent',
    });
    // For another performance, package 1 is not on offer.
    expect(decideSeat(packaged, [], [], rules({ eventId: 999 }), { adaAccepted: true }).kind).toBe('select');
  });

  it('keeps seats locked to promotions for buyers with one of those promotions', () => {
    const locked = seat(1, { lockedPromotionIds: [5, 6] });
    expect(decideSeat(locked, [], [], rules(), accepted)).toEqual({
      kind: 'refuse',
      reason: 'lockedPromotion',
    });
    expect(decideSeat(locked, [], [], rules({ activePromotionId: 4 }), accepted)).toEqual({
      kind: 'refuse',
      reason: 'lockedPromotion',
    });
    expect(decideSeat(locked, [], [], rules({ activePromotionId: 6 }), accepted).kind).toBe('select');
  });

  it('drops selected seats that are no longer open after the inventory reloads', () => {
    const selected = clickAll([seat(1), seat(2), seat(3)], rules()).selected;
    const now = new Map([
      ['STALLS-A-1', { status: 'Open' as const }],
      ['STALLS-A-2', { status: 'Unavailable' as const }],
    ]);
    const { kept, dropped } = keepAvailable(selected, now);
    expect(kept.map((s) => s.key)).toEqual(['STALLS-A-1']);
    expect(dropped).toEqual(['STALLS-A-2', 'STALLS-A-3']);
  });
});
