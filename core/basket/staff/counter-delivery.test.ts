import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { DeliveryMethod } from '../basket.ts';
import { counterDefaultDelivery, counterDelivery } from './counter-delivery.ts';

// The counter's hand-over delivery: a point-of-sale method that asks nothing of the buyer,
// preferably one kept from consumers; the default of a staff basket with no delivery chosen.

const methodArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    displayName: fc.string(),
    type: fc.constantFrom('PrintAtHome', 'Email', 'Mail', 'PointOfSale') as fc.Arbitrary<
      DeliveryMethod['type']
    >,
    price: fc.nat(1000),
    fields: fc.array(
      fc.record({ Field: fc.constantFrom('Email', 'Address1', 'City', 'Phone'), Required: fc.boolean() }),
      { maxLength: 3 },
    ),
    allowInternationalShipping: fc.boolean(),
    displayBasketNotes: fc.boolean(),
    consumerVisible: fc.boolean(),
  });

const methodsArb = fc
  .array(fc.constant(null), { maxLength: 6 })
  .chain((slots) => fc.tuple(...slots.map((_, i) => methodArb(i + 1))));

const asksNothing = (m: DeliveryMethod) => m.fields.every((f) => !f.Required);

describe('the counter delivery', () => {
  test('is a point-of-sale method that asks the buyer for nothing', () => {
    fc.assert(
      fc.property(methodsArb, (methods) => {
        const found = counterDelivery(methods);
        const candidates = methods.filter((m) => m.type === 'PointOfSale' && asksNothing(m));
        if (candidates.length === 0) expect(found).toBeNull();
        else {
          expect(found).not.toBeNull();
          expect(found!.type).toBe('PointOfSale');
          expect(asksNothing(found!)).toBe(true);
        }
      }),
    );
  });

  test('prefers the one kept from consumers (handed over there and then)', () => {
    fc.assert(
      fc.property(methodsArb, (methods) => {
        const found = counterDelivery(methods);
        const hidden = methods.some((m) => m.type === 'PointOfSale' && asksNothing(m) && !m.consumerVisible);
        if (hidden) expect(found?.consumerVisible).toBe(false);
      }),
    );
    const collection = { ...base(1), type: 'PointOfSale' as const, consumerVisible: true };
    const handOver = { ...base(2), type: 'PointOfSale' as const, consumerVisible: false };
    expect(counterDelivery([collection, handOver])?.id).toBe(2);
  });

  test('is the default only while the clerk has chosen no delivery of these', () => {
    fc.assert(
      fc.property(methodsArb, fc.option(fc.nat(8), { nil: null }), (methods, chosen) => {
        const found = counterDefaultDelivery(chosen, methods);
        if (chosen !== null && methods.some((m) => m.id === chosen)) expect(found).toBeNull();
        else expect(found).toEqual(counterDelivery(methods));
      }),
    );
  });
});

function base(id: number): DeliveryMethod {
  return {
    id,
    displayName: `Method ${id}`,
    type: 'Email',
    price: 0,
    fields: [],
    allowInternationalShipping: false,
    displayBasketNotes: false,
    consumerVisible: true,
  };
}
