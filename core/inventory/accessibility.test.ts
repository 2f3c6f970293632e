import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ADA_TYPES, accessibilityIcon, countsTowardTicketLimit, ticketLimitCount } from './accessibility.ts';

const adaOrNot = fc.constantFrom(
  'Wheelchair',
  'Companion',
  'AisleTransfer',
  'HearingLoop',
  null,
  undefined,
  'Unknown',
);

describe('accessible seat types', () => {
  test('every ADA type has an icon; ordinary seats have none', () => {
    for (const type of Object.keys(ADA_TYPES)) expect(accessibilityIcon(type)).toMatch(/^[a-z-]+$/);
    expect(accessibilityIcon(null)).toBeUndefined();
    expect(accessibilityIcon('Unknown')).toBeUndefined();
  });

  test('ADA seats count toward the ticket limit except Aisle Transfer', () => {
    expect(countsTowardTicketLimit('AisleTransfer')).toBe(false);
    for (const type of ['Wheelchair', 'Companion', 'HearingLoop', null])
      expect(countsTowardTicketLimit(type)).toBe(true);
  });

  test('the count toward the limit is the number of seats that are not aisle transfer seats', () => {
    fc.assert(
      fc.property(fc.array(adaOrNot, { maxLength: 30 }), (types) => {
        expect(ticketLimitCount(types)).toBe(types.filter((t) => t !== 'AisleTransfer').length);
      }),
    );
  });
});
