import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countsTowardTicketLimit } from '../inventory/accessibility.ts';
import {
  planGaTickets,
  planSeatTickets,
  type AddContext,
  type HeldSeat,
  type SeatRequest,
} from './add-plan.ts';
import { BasketRuleViolation, SeatsTaken } from './errors.ts';
import { adaTypeArb, basket, pricingData, ticket, ticketArb } from './test-factories.ts';

const context: AddContext = {
  eventId: 7,
  pricing: pricingData(),
  audience: 'Consumer',
  isAdminChannel: false,
};

const seat = (key: string, over: Partial<HeldSeat> = {}): HeldSeat => ({
  seatId: Number(key.split('-').at(-1)),
  key,
  sectionId: 1,
  sectionName: 'Stalls',
  row: 'F',
  seatNumber: key.split('-').at(-1)!,
  priceLevelId: 10,
  adaType: null,
  seatAlertId: null,
  holdSubclassId: null,
  ...over,
});
const request = (key: string, over: Partial<SeatRequest> = {}): SeatRequest => ({
  key,
  priceTypeId: null,
  promotion: null,
  packageId: null,
  acknowledged: false,
  ...over,
});

describe('adding seats: every rule against the whole basket, then each seat priced', () => {
  test('two seats become two Adult tickets at the price map price', () => {
    const planned = planSeatTickets(
      context,
      basket(),
      [request('STALLS-F-12'), request('STALLS-F-13')],
      [seat('STALLS-F-12'), seat('STALLS-F-13')],
    );
    expect(Array.isArray(planned)).toBe(true);
    expect(planned).toMatchObject([
      { key: 'STALLS-F-12', priceTypeName: 'Adult', price: 9000, feeTotal: 650, quantity: 1, isGa: false },
      { key: 'STALLS-F-13', priceTypeName: 'Adult', price: 9000, feeTotal: 650, quantity: 1, isGa: false },
    ]);
  });

  test('a seat the statement did not take is reported taken', () => {
    expect(planSeatTickets(context, basket(), [request('A-1-1'), request('A-1-2')], [seat('A-1-1')])).toEqual(
      new SeatsTaken({ eventId: 7, keys: ['A-1-2'] }),
    );
  });

  test('a restricted-view seat needs acknowledging; the limit counts what is already in the basket', () => {
    expect(
      planSeatTickets(context, basket(), [request('A-1-1')], [seat('A-1-1', { seatAlertId: 1 })]),
    ).toMatchObject({ _tag: 'SeatAlertNotAcknowledged' });
    const nine = basket({ tickets: Array.from({ length: 9 }, () => ticket()) });
    expect(
      planSeatTickets(context, nine, [request('A-1-1'), request('A-1-2')], [seat('A-1-1'), seat('A-1-2')]),
    ).toMatchObject({
      _tag: 'TicketLimitExceeded',
      limit: 10,
    });
  });

  test('tickets for another performance make a consumer basket refuse', () => {
    const other = basket({ tickets: [ticket({ eventId: 8 })] });
    expect(planSeatTickets(context, other, [request('A-1-1')], [seat('A-1-1')])).toBeInstanceOf(
      BasketRuleViolation,
    );
  });

  test('what is accepted is one priced ticket per seat, within the limit and the companion rule', () => {
    fc.assert(
      fc.property(
        fc.array(
          ticketArb.map((t) => ({ ...t, eventId: 7 })),
          { maxLength: 6 },
        ),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        fc.array(adaTypeArb, { minLength: 8, maxLength: 8 }),
        fc.array(fc.constantFrom(null, 1, 2, 3, 4), { minLength: 8, maxLength: 8 }),
        (tickets, numbers, adaTypes, types) => {
          const keys = numbers.map((n) => `STALLS-F-${n}`);
          const held = keys.map((k, i) => seat(k, { adaType: adaTypes[i]!, seatId: numbers[i]! }));
          const requests = keys.map((k, i) => request(k, { priceTypeId: types[i]! }));
          const planned = planSeatTickets(context, basket({ tickets }), requests, held);
          if (!Array.isArray(planned)) return;
          expect(planned.map((t) => t.key)).toEqual(keys);
          const all = [...tickets, ...planned];
          const counted = all
            .filter((t) => countsTowardTicketLimit(t.adaType))
            .reduce((n, t) => n + t.quantity, 0);
          expect(counted).toBeLessThanOrEqual(10);
          const companions = all.filter((t) => t.adaType === 'Companion').length;
          const accessible = all.filter(
            (t) => t.adaType === 'Wheelchair' || t.adaType === 'AisleTransfer',
          ).length;
          expect(companions).toBeLessThanOrEqual(2 * accessible);
          for (const t of planned) {
            expect(t.priceTypeId).not.toBe(4); // no comps for consumers
            expect(t.price).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('adding GA places', () => {
  const floor = (sold: number, liveHeld: number) => [
    { id: 3, key: 'FLOOR', name: 'Floor', priceLevelId: 12, capacity: 50, sold, liveHeld },
  ];
  const ga = (quantity: number, priceTypeId = 1) => ({
    sectionKey: 'FLOOR',
    priceLevelId: 12,
    priceTypeId,
    quantity,
    promotion: null,
  });

  test('places left decide: too few answers SeatsTaken naming the section', () => {
    expect(planGaTickets(context, basket(), [ga(2)], floor(40, 8))).toMatchObject([
      { key: 'FLOOR', quantity: 2, isGa: true },
    ]);
    expect(planGaTickets(context, basket(), [ga(2), ga(1, 2)], floor(40, 8))).toEqual(
      new SeatsTaken({ eventId: 7, keys: ['FLOOR'] }),
    );
  });

  test('accepted quantities never overfill the section nor pass the ticket limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 6 }),
        (soldRaw, heldRaw, quantities, inBasket) => {
          const sold = soldRaw;
          const liveHeld = Math.min(heldRaw, 50 - sold);
          const planned = planGaTickets(
            context,
            basket({ tickets: Array.from({ length: inBasket }, () => ticket()) }),
            quantities.map((q, i) => ga(q, (i % 3) + 1)),
            floor(sold, liveHeld),
          );
          const total = quantities.reduce((a, b) => a + b, 0);
          if (Array.isArray(planned)) {
            expect(sold + liveHeld + total).toBeLessThanOrEqual(50);
            expect(inBasket + total).toBeLessThanOrEqual(10);
          } else expect(sold + liveHeld + total > 50 || inBasket + total > 10).toBe(true);
        },
      ),
    );
  });
});
