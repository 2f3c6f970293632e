import { describe, expect, test } from 'vitest';
import { checkOneEvent, checkOnSale } from './sale-rules.ts';
import { basket, ticket } from '../test-factories.ts';

const now = new Date('2026-11-20T12:00:00Z');
const event = {
  id: 7,
  startsAt: new Date('2026-12-01T19:30:00Z'),
  onSaleAt: new Date('2026-10-01T10:00:00Z'),
  isCancelled: false,
};

describe('when tickets may go in a basket', () => {
  test('on sale, not started, not cancelled', () => {
    expect(checkOnSale(event, now, false)).toBeNull();
    expect(checkOnSale({ ...event, isCancelled: true }, now, false)?.rule).toBe('EventCancelled');
    expect(checkOnSale({ ...event, startsAt: now }, now, false)?.rule).toBe('EventOver');
  });

  test('before the sale date only with a presale code', () => {
    const presale = { ...event, onSaleAt: new Date('2026-11-30T10:00:00Z') };
    expect(checkOnSale(presale, now, false)?.rule).toBe('NotOnSale');
    expect(checkOnSale(presale, now, true)).toBeNull();
  });

  test("a consumer basket holds one performance's tickets; staff may mix", () => {
    const held = basket({ tickets: [ticket({ eventId: 7 })] });
    expect(checkOneEvent(held, 7, false)).toBeNull();
    expect(checkOneEvent(held, 8, false)?.rule).toBe('OtherEventInBasket');
    expect(checkOneEvent(held, 8, true)).toBeNull();
  });
});
