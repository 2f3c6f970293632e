import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { basket, giftCertificateItem, membershipItem, ticket } from '../test-factories.ts';
import {
  basketLineCount,
  existingBasket,
  pageOf,
  savedHoldUntil,
  savedName,
  saveRefusal,
} from './saved-baskets.ts';
import type { ProductItem } from '../basket.ts';
import { counterCustomer, customerSearchText } from './counter-customer.ts';
import { AdminBasketRefused } from './errors.ts';

const HOUR = 3_600_000;
const dateArb = fc.integer({ min: 1.7e12, max: 1.9e12 }).map((ms) => new Date(ms));

describe('how long a saved basket keeps its seats', () => {
  test('the hold from now, cut at the first event start, never shorter than it was', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 60 * 60_000 }),
        fc.array(fc.integer({ min: -10 * HOUR, max: 30 * 24 * HOUR }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 24 * 14 }),
        (now, left, starts, holdHours) => {
          const currentExpiry = new Date(now.getTime() + left);
          const eventStarts = starts.map((s) => new Date(now.getTime() + s));
          const until = savedHoldUntil({ now, currentExpiry, eventStarts, holdHours }).getTime();
          expect(until).toBeGreaterThanOrEqual(currentExpiry.getTime());
          expect(until).toBeLessThanOrEqual(
            Math.max(currentExpiry.getTime(), now.getTime() + holdHours * HOUR),
          );
          const first = Math.min(...eventStarts.map((d) => d.getTime()));
          if (first >= currentExpiry.getTime()) expect(until).toBeLessThanOrEqual(first);
          else expect(until).toBe(currentExpiry.getTime());
        },
      ),
    );
  });

  test('48 hours by default when the event is later; the event start when it is sooner', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const currentExpiry = new Date('2026-12-01T10:15:00Z');
    expect(
      savedHoldUntil({ now, currentExpiry, eventStarts: [new Date('2026-12-20T19:30:00Z')], holdHours: 48 }),
    ).toEqual(new Date('2026-12-03T10:00:00Z'));
    expect(
      savedHoldUntil({ now, currentExpiry, eventStarts: [new Date('2026-12-01T19:30:00Z')], holdHours: 48 }),
    ).toEqual(new Date('2026-12-01T19:30:00Z'));
  });
});

describe('saving', () => {
  test('only a live basket that may be saved and holds something', () => {
    const live = basket({ canSaveBasket: true, tickets: [ticket()] });
    expect(saveRefusal(live)).toBeNull();
    expect(saveRefusal({ ...live, canSaveBasket: false })).toBe('CannotSave');
    expect(saveRefusal({ ...live, tickets: [] })).toBe('Empty');
    expect(saveRefusal({ ...live, secondsLeft: 0 })).toBe('NotLive');
    expect(saveRefusal({ ...live, status: 'Completed' })).toBe('NotLive');
  });

  test('a basket holding any line (ticket, product, gift certificate, membership) is not empty; one with none is', () => {
    const product: ProductItem = {
      id: 1,
      productId: 2,
      productVariantId: 3,
      eventId: null,
      name: 'Programme',
      quantity: 1,
      unitPrice: 500,
    };
    const gift = giftCertificateItem({ id: 1 });
    const membership = membershipItem({ id: 1, name: 'Friend', priceLevelName: 'Single', price: 5000 });
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(3), fc.nat(3), (tickets, products, gifts, members) => {
        const live = basket({
          canSaveBasket: true,
          tickets: Array.from({ length: tickets }, () => ticket()),
          products: Array.from({ length: products }, () => product),
          giftCertificates: Array.from({ length: gifts }, () => gift),
          memberships: Array.from({ length: members }, () => membership),
        });
        const lines = tickets + products + gifts + members;
        expect(saveRefusal(live)).toBe(lines === 0 ? 'Empty' : null);
        expect(basketLineCount(live)).toBe(lines);
      }),
    );
  });

  test('a blank name is no name', () => {
    expect(savedName('  Mrs Lee, phone  ')).toBe('Mrs Lee, phone');
    expect(savedName('   ')).toBeNull();
    expect(savedName(undefined)).toBeNull();
  });

  test('the existing-unsaved-basket warning: live, not empty, not saved, not the one being activated', () => {
    const current = { id: 'a', live: true, saved: false, ticketCount: 2, productCount: 0 };
    expect(existingBasket(current, 'b')).toEqual({
      hasExistingBasket: true,
      existingBasketId: 'a',
      ticketCount: 2,
      isSaved: false,
    });
    expect(existingBasket({ ...current, saved: true }, 'b').hasExistingBasket).toBe(false);
    expect(existingBasket({ ...current, ticketCount: 0 }, 'b').hasExistingBasket).toBe(false);
    expect(existingBasket({ ...current, live: false }, 'b').hasExistingBasket).toBe(false);
    expect(existingBasket(current, 'a').hasExistingBasket).toBe(false);
    expect(existingBasket(null, 'a').hasExistingBasket).toBe(false);
  });

  test('pages are 1-based and at most 100 long', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -5, max: 1000 })),
        fc.option(fc.integer({ min: -5, max: 1000 })),
        (p, s) => {
          const { limit, offset } = pageOf(p ?? undefined, s ?? undefined);
          expect(limit).toBeGreaterThanOrEqual(1);
          expect(limit).toBeLessThanOrEqual(100);
          expect(offset % limit).toBe(0);
          expect(offset).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('a customer at the counter', () => {
  test('names, and an e-mail address or a phone number', () => {
    expect(counterCustomer({ firstName: ' Ann ', lastName: 'Lee', email: 'Ann@Example.com' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: null,
    });
    expect(counterCustomer({ firstName: 'Ann', lastName: 'Lee', phone: '+44 20 7946 0000' })).toMatchObject({
      phone: '+44 20 7946 0000',
    });
    for (const [input, field] of [
      [{ firstName: ' ', lastName: 'Lee', email: 'a@b.co' }, 'FirstName'],
      [{ firstName: 'Ann', lastName: '', email: 'a@b.co' }, 'LastName'],
      [{ firstName: 'Ann', lastName: 'Lee', email: 'not-an-address' }, 'Email'],
      [{ firstName: 'Ann', lastName: 'Lee', phone: 'call me' }, 'Phone'],
      [{ firstName: 'Ann', lastName: 'Lee' }, 'Email'],
    ] as const) {
      const refused = counterCustomer(input);
      expect(refused).toBeInstanceOf(AdminBasketRefused);
      expect((refused as AdminBasketRefused).field).toBe(field);
    }
  });

  test('a search needs 2 characters', () => {
    expect(customerSearchText(' a ')).toBeNull();
    expect(customerSearchText(' le ')).toBe('le');
  });
});
