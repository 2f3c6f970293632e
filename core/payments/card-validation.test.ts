import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { CARD_HOLDER_NAME_MAX, cardHolderName, checkCvc, validateCard } from './card-validation.ts';

const now = new Date('2026-05-15T12:00:00Z');
const visa = { number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', holderName: 'Ada Lovelace' };

describe('CVC', () => {
  it('wants 3 digits, 4 for American Express', () => {
    expect(checkCvc('123', 'Visa')).toBeNull();
    expect(checkCvc('1234', 'AmericanExpress')).toBeNull();
    expect(checkCvc('123', 'AmericanExpress')).toBe('incomplete_cvc');
    expect(checkCvc('', 'MasterCard')).toBe('incomplete_cvc');
    expect(checkCvc('1234', 'Visa')).toBe('invalid_cvc');
    expect(checkCvc('12a', 'Visa')).toBe('invalid_cvc');
  });
});

describe('card holder name', () => {
  it('keeps a short name and the last 30 characters of a long one', () => {
    expect(cardHolderName('Ada Lovelace')).toBe('Ada Lovelace');
    expect(cardHolderName('Augusta Ada King, Countess of Lovelace')).toBe('Ada King, Countess of Lovelace');
    expect(cardHolderName('é'.repeat(40))).toBe('é'.repeat(30));
  });

  it('is never longer than 30 characters and is always a suffix of the name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 60 }), (name) => {
        const kept = cardHolderName(name);
        expect([...kept].length).toBeLessThanOrEqual(CARD_HOLDER_NAME_MAX);
        expect(name.endsWith(kept)).toBe(true);
        if ([...name].length <= CARD_HOLDER_NAME_MAX) expect(kept).toBe(name);
        else expect([...kept]).toHaveLength(CARD_HOLDER_NAME_MAX);
      }),
    );
  });
});

describe('validateCard', () => {
  it('accepts a good card and gives its brand, BIN and last 4', () => {
    expect(validateCard(visa, now)).toEqual({
      ok: true,
      card: {
        number: '4242424242424242',
        brand: 'Visa',
        bin: '424242',
        last4: '4242',
        expMonth: 12,
        expYear: 2028,
        cvc: '123',
        holderName: 'Ada Lovelace',
      },
    });
  });

  it('flags every empty field as incomplete at once', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      ok: false,
      errors: [
        { field: 'number', code: 'incomplete_number' },
        { field: 'expiry', code: 'incomplete_expiry' },
        { field: 'cvc', code: 'incomplete_cvc' },
      ],
    });
  });

  it('reports each field by its own code', () => {
    expect(validateCard({ ...visa, number: '4242 4242 4242 4241' }, now)).toEqual({
      ok: false,
      errors: [{ field: 'number', code: 'invalid_number' }],
    });
    expect(validateCard({ ...visa, expiry: '12/25' }, now)).toEqual({
      ok: false,
      errors: [{ field: 'expiry', code: 'invalid_expiry_year_past' }],
    });
  });

  it('wants 4 CVC digits as soon as the number reads as American Express', () => {
    expect(validateCard({ number: '3782 8224', expiry: '12/28', cvc: '123' }, now)).toEqual({
      ok: false,
      errors: [
        { field: 'number', code: 'incomplete_number' },
        { field: 'cvc', code: 'incomplete_cvc' },
      ],
    });
    expect(validateCard({ number: '378282246310005', expiry: '12/28', cvc: '1234' }, now).ok).toBe(true);
  });

  it('is valid exactly when no field has an error, one error per bad field', () => {
    const good = { number: '4000 0566 5566 5556', expiry: '01/27', cvc: '999' };
    // The good value half the time, so all-good cards come up often too.
    const field = (value: string, bad: readonly string[]) =>
      fc.oneof({ arbitrary: fc.constant(value), weight: bad.length }, fc.constantFrom(...bad));
    fc.assert(
      fc.property(
        field(good.number, ['', '4000 0566', '4000056655665557', '4x']),
        field(good.expiry, ['', '0', '13/27', '01/20', '04/26']),
        field(good.cvc, ['', '12', '1234', 'abc']),
        fc.string({ maxLength: 40 }),
        (number, expiry, cvc, holderName) => {
          const result = validateCard({ number, expiry, cvc, holderName }, now);
          const badFields = [number !== good.number, expiry !== good.expiry, cvc !== good.cvc].filter(
            Boolean,
          );
          expect(result.ok).toBe(badFields.length === 0);
          if (result.ok) {
            expect(result.card.bin).toBe('400005');
            expect(result.card.last4).toBe('5556');
            expect(holderName.endsWith(result.card.holderName)).toBe(true);
          } else {
            expect(result.errors).toHaveLength(badFields.length);
          }
        },
      ),
    );
  });
});
