import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkHouseSeatInput,
  houseSeatBasketName,
  houseSeatLinkPath,
  MAX_HOUSE_SEATS,
  mayRedeem,
} from './house-seat-request.ts';

const guest = {
  eventId: 7,
  customerName: 'Ophelia Guest',
  customerEmail: 'ophelia@example.com',
  paymentRequired: true,
};
const seatKey = fc.stringMatching(/^[A-Z]-[0-9]{1,2}-[0-9]{1,2}$/);

describe('house-seat requests', () => {
  it('name distinct seats (trimmed, repeats once) up to the maximum', () => {
    fc.assert(
      fc.property(fc.array(seatKey, { minLength: 1, maxLength: 40 }), (keys) => {
        const distinct = [...new Set(keys)];
        const result = checkHouseSeatInput({ ...guest, seatKeys: keys.map((k) => ` ${k} `), quantity: null });
        if (distinct.length > MAX_HOUSE_SEATS) expect(result).toMatchObject({ ok: false, field: 'Seats' });
        else expect(result).toMatchObject({ ok: true, ask: { kind: 'seats', keys: distinct } });
      }),
    );
  });

  it('or a quantity from 1 to the maximum, never both', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 40 }), (quantity) => {
        const result = checkHouseSeatInput({ ...guest, seatKeys: [], quantity });
        if (quantity >= 1 && quantity <= MAX_HOUSE_SEATS)
          expect(result).toMatchObject({ ok: true, ask: { kind: 'quantity', quantity } });
        else expect(result).toMatchObject({ ok: false, field: 'Quantity' });
        expect(checkHouseSeatInput({ ...guest, seatKeys: ['A-1-1'], quantity })).toMatchObject({
          ok: false,
          field: 'Quantity',
        });
      }),
    );
    expect(checkHouseSeatInput({ ...guest, seatKeys: [' '], quantity: null })).toMatchObject({
      ok: false,
      field: 'Seats',
    });
  });

  it("refuse a missing guest or performance, each message starting with the field's name", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          { eventId: 0 },
          { customerName: '  ' },
          { customerEmail: 'ophelia' },
          { customerEmail: '' },
        ),
        (bad) => {
          const result = checkHouseSeatInput({ ...guest, seatKeys: ['A-1-1'], quantity: null, ...bad });
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message.startsWith(`${result.field}:`)).toBe(true);
        },
      ),
    );
  });

  it('are redeemed only while open; their basket name and link are what staff and guest see', () => {
    for (const status of ['open', 'redeemed', 'cancelled'] as const)
      expect(mayRedeem(status)).toBe(status === 'open');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 300 }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        (name, code) => {
          expect(houseSeatBasketName(name).length).toBeLessThanOrEqual(100);
          expect(houseSeatBasketName(name).startsWith('House seats: ')).toBe(true);
          const url = new URL(houseSeatLinkPath({ paymentCode: code }), 'https://foyer.example');
          expect(url.pathname).toBe('/payment/houseseat');
          expect(url.searchParams.get('paymentCode')).toBe(code);
        },
      ),
    );
  });
});
