import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  CARD_LENGTHS,
  cardBin,
  cardBrand,
  cardLast4,
  checkCardNumber,
  normaliseCardNumber,
  passesLuhn,
} from './card-number.ts';
import type { CardBrand } from './card-number.ts';

// The check digit that makes `body` + digit pass Luhn.
const luhnDigit = (body: string): string => {
  for (let d = 0; d <= 9; d += 1) if (passesLuhn(`${body}${d}`)) return String(d);
  throw new Error('unreachable: one of ten digits always completes Luhn');
};

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

const luhnNumber = (min = 12, max = 19) =>
  digitString(min - 1, max - 1).map((body) => body + luhnDigit(body));

// A valid number of a brand: one of its prefixes, padded to one of its lengths, Luhn-completed.
const PREFIXES: Record<CardBrand, readonly string[]> = {
  Visa: ['4'],
  MasterCard: ['51', '55', '2221', '2720', '2500'],
  AmericanExpress: ['34', '37'],
  Discover: ['6011', '622126', '622925', '644', '649', '65'],
  Other: ['36', '35', '1', '9'],
};
const cardOf = (brand: CardBrand) =>
  fc
    .tuple(fc.constantFrom(...PREFIXES[brand]), fc.constantFrom(...CARD_LENGTHS[brand]), digitString(18, 18))
    .map(([prefix, length, filler]) => {
      const body = (prefix + filler).slice(0, length - 1);
      return body + luhnDigit(body);
    });
const anyBrand = fc.constantFrom<CardBrand>('Visa', 'MasterCard', 'AmericanExpress', 'Discover', 'Other');

describe('normalising a typed card number', () => {
  it('drops spaces and dashes and keeps digits', () => {
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normaliseCardNumber('')).toBe('');
  });

  it('refuses anything else', () => {
    expect(normaliseCardNumber('4242 4242 4242 424x')).toBeNull();
    expect(normaliseCardNumber('4242.4242')).toBeNull();
  });
});

describe('Luhn', () => {
  it('accepts the well-known test numbers and rejects a near miss', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts every number completed with its check digit', () => {
    fc.assert(fc.property(luhnNumber(), (n) => passesLuhn(n)));
  });

  it('rejects a number after any single digit is changed', () => {
    fc.assert(
      fc.property(luhnNumber(), fc.nat(), fc.integer({ min: 1, max: 9 }), (n, at, shift) => {
        const i = at % n.length;
        const changed = n.slice(0, i) + String((Number(n[i]) + shift) % 10) + n.slice(i + 1);
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });
});

describe('card brand from the first 6 digits', () => {
  it('recognises each brand by its ranges', () => {
    expect(cardBrand('4111111111111111')).toBe('Visa');
    expect(cardBrand('5105105105105100')).toBe('MasterCard');
    expect(cardBrand('2221000000000009')).toBe('MasterCard');
    expect(cardBrand('2720990000000000')).toBe('MasterCard');
    expect(cardBrand('2721000000000000')).toBe('Other');
    expect(cardBrand('2220990000000000')).toBe('Other');
    expect(cardBrand('5000000000000000')).toBe('Other');
    expect(cardBrand('5600000000000000')).toBe('Other');
    expect(cardBrand('378282246310005')).toBe('AmericanExpress');
    expect(cardBrand('341111111111111')).toBe('AmericanExpress');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('6221260000000000')).toBe('Discover');
    expect(cardBrand('6229250000000000')).toBe('Discover');
    expect(cardBrand('6221250000000000')).toBe('Other');
    expect(cardBrand('6229260000000000')).toBe('Other');
    expect(cardBrand('6440000000000000')).toBe('Discover');
    expect(cardBrand('6430000000000000')).toBe('Other');
    expect(cardBrand('6500000000000000')).toBe('Discover');
    expect(cardBrand('3530111333300000')).toBe('Other');
  });

  it('decides from the first 6 digits alone', () => {
    fc.assert(
      fc.property(digitString(6, 6), digitString(0, 13), digitString(0, 13), (head, a, b) => {
        expect(cardBrand(head + a)).toBe(cardBrand(head + b));
      }),
    );
  });

  it('names what a partly typed number already shows', () => {
    expect(cardBrand('4')).toBe('Visa');
    expect(cardBrand('37')).toBe('AmericanExpress');
    expect(cardBrand('2')).toBe('Other');
    expect(cardBrand('')).toBe('Other');
  });
});

describe('checking a typed card number', () => {
  it('accepts a valid number typed with spaces or dashes', () => {
    expect(checkCardNumber('4242 4242 4242 4242')).toEqual({
      ok: true,
      number: '4242424242424242',
      brand: 'Visa',
    });
    expect(checkCardNumber('3782-822463-10005')).toEqual({
      ok: true,
      number: '378282246310005',
      brand: 'AmericanExpress',
    });
  });

  it('flags empty and short numbers as incomplete', () => {
    expect(checkCardNumber('')).toEqual({ ok: false, code: 'incomplete_number' });
    expect(checkCardNumber('4242 4242')).toEqual({ ok: false, code: 'incomplete_number' });
    expect(checkCardNumber('37828224631000')).toEqual({ ok: false, code: 'incomplete_number' });
  });

  it('flags a full number failing Luhn, too many digits, or letters as invalid', () => {
    expect(checkCardNumber('4242424242424241')).toEqual({ ok: false, code: 'invalid_number' });
    expect(checkCardNumber('42424242424242424242')).toEqual({ ok: false, code: 'invalid_number' });
    expect(checkCardNumber('4242-abcd')).toEqual({ ok: false, code: 'invalid_number' });
  });

  it('accepts every Luhn-valid number of a brand at a length it issues', () => {
    fc.assert(
      fc.property(
        anyBrand.chain((brand) => cardOf(brand).map((n) => [brand, n] as const)),
        ([brand, n]) => {
          expect(checkCardNumber(n)).toEqual({ ok: true, number: n, brand });
        },
      ),
    );
  });

  it("calls a valid number cut short of its brand's shortest length incomplete", () => {
    fc.assert(
      fc.property(
        anyBrand.chain((brand) => cardOf(brand)),
        fc.nat(),
        (n, cut) => {
          const prefix = n.slice(0, cut % n.length);
          const result = checkCardNumber(prefix);
          if (prefix.length < Math.min(...CARD_LENGTHS[cardBrand(n)])) {
            expect(result).toEqual({ ok: false, code: 'incomplete_number' });
          }
        },
      ),
    );
  });

  it('reads spaces and dashes anywhere the same as the plain digits', () => {
    fc.assert(
      fc.property(
        luhnNumber(),
        fc.array(fc.constantFrom(' ', '-', '  '), { minLength: 20, maxLength: 20 }),
        (n, seps) => {
          const spaced = [...n].map((d, i) => d + (seps[i] ?? '')).join('');
          expect(checkCardNumber(spaced)).toEqual(checkCardNumber(n));
        },
      ),
    );
  });
});

describe('BIN and last 4', () => {
  it('takes the first 6 and the last 4 digits', () => {
    expect(cardBin('4242 4242 4242 4242')).toBe('424242');
    expect(cardLast4('4000-0566-5566-5556')).toBe('5556');
    expect(cardBin('42424')).toBeNull();
    expect(cardLast4('424')).toBeNull();
    expect(cardBin('4242 42xx')).toBeNull();
  });

  it('are always 6 and 4 digits of the number, at its start and end', () => {
    fc.assert(
      fc.property(luhnNumber(), (n) => {
        const bin = cardBin(n) ?? '';
        const last4 = cardLast4(n) ?? '';
        expect(bin).toMatch(/^\d{6}$/);
        expect(last4).toMatch(/^\d{4}$/);
        expect(n.startsWith(bin)).toBe(true);
        expect(n.endsWith(last4)).toBe(true);
      }),
    );
  });
});
