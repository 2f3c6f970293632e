import { describe, expect, it } from 'vitest';
import { reserveQuery } from './best-available-api.ts';

describe('the reserve call’s query', () => {
  it('asks for the quantity, and the accessible seats and companions when there are any', () => {
    expect(reserveQuery({ eventId: 1, quantity: 3 }).toString()).toBe('quantity=3');
    expect(
      Object.fromEntries(reserveQuery({ eventId: 1, quantity: 3, accessibleSeats: 1, companionSeats: 2 })),
    ).toEqual({ quantity: '3', accessibleSeats: '1', companionSeats: '2' });
  });

  it('carries the buyer’s promo code and its group code, trimmed', () => {
    expect(Object.fromEntries(reserveQuery({ eventId: 1, quantity: 2, promoCode: ' SAVE10 ' }))).toEqual({
      quantity: '2',
      promoCode: 'SAVE10',
    });
    expect(
      Object.fromEntries(reserveQuery({ eventId: 1, quantity: 2, promoCode: 'GROUPS', groupCode: 'G-123' })),
    ).toEqual({ quantity: '2', promoCode: 'GROUPS', groupCode: 'G-123' });
  });

  it('sends no codes when there is no promo code (a group code alone means nothing)', () => {
    expect(reserveQuery({ eventId: 1, quantity: 2, promoCode: '  ', groupCode: 'G-1' }).toString()).toBe(
      'quantity=2',
    );
  });
});
