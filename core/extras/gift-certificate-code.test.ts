import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_RANDOM_BYTES,
  codeFromRandomBytes,
  formatGiftCertificateCode,
  parseGiftCertificateCode,
} from './gift-certificate-code.ts';

const bytes = fc.uint8Array({ minLength: CODE_RANDOM_BYTES, maxLength: CODE_RANDOM_BYTES });
const code = bytes.map(codeFromRandomBytes);
const character = fc.constantFrom(...CODE_ALPHABET);

describe('gift certificate codes', () => {
  it('are 16 characters of the alphabet that parse back to themselves, however typed', () => {
    fc.assert(
      fc.property(code, fc.boolean(), (c, lower) => {
        expect(c).toHaveLength(CODE_LENGTH);
        expect([...c].every((ch) => CODE_ALPHABET.includes(ch))).toBe(true);
        const printed = formatGiftCertificateCode(c);
        expect(printed).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
        const typed = lower ? ` ${printed.toLowerCase().replace(/-/g, ' ')} ` : printed;
        expect(parseGiftCertificateCode(typed)).toEqual({ ok: true, code: c });
        // O for 0 and I or L for 1, as people type them.
        expect(parseGiftCertificateCode(c.replace(/0/g, 'O').replace(/1/g, 'l'))).toEqual({
          ok: true,
          code: c,
        });
      }),
    );
  });

  it('differ for different random bytes (all 75 bits are used)', () => {
    fc.assert(
      fc.property(bytes, fc.integer({ min: 0, max: 74 }), (b, bit) => {
        const flipped = Uint8Array.from(b);
        // The bytes are one big-endian number whose 75 low bits are used: bit k is in byte 9 - k / 8.
        flipped[CODE_RANDOM_BYTES - 1 - Math.floor(bit / 8)]! ^= 1 << (bit % 8);
        expect(codeFromRandomBytes(flipped)).not.toBe(codeFromRandomBytes(b));
      }),
    );
  });

  it('tell any single mistyped character as a typing mistake', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: CODE_LENGTH - 1 }), character, (c, at, ch) => {
        fc.pre(c[at] !== ch);
        const typo = c.slice(0, at) + ch + c.slice(at + 1);
        expect(parseGiftCertificateCode(typo)).toMatchObject({ ok: false, problem: 'CheckCharacter' });
      }),
    );
  });

  it('tell two swapped neighbours as a typing mistake, unless they are 0 and Z', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 0, max: CODE_LENGTH - 2 }), (c, at) => {
        const [a, b] = [c[at]!, c[at + 1]!];
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('Z')));
        const swapped = c.slice(0, at) + b + a + c.slice(at + 2);
        expect(parseGiftCertificateCode(swapped).ok).toBe(false);
      }),
    );
  });

  it('refuse a wrong length or a character not in the alphabet, saying what to fix', () => {
    expect(parseGiftCertificateCode('  ')).toMatchObject({ ok: false, problem: 'Empty' });
    expect(parseGiftCertificateCode('ABCD-EFGH')).toEqual({
      ok: false,
      problem: 'Length',
      message: 'A gift certificate code has 16 letters and digits (four groups of four); this one has 8.',
    });
    expect(parseGiftCertificateCode('ABCD-EFGH-JKMN-PQRU')).toMatchObject({
      ok: false,
      problem: 'Character',
      message: expect.stringContaining("'U' is not used"),
    });
  });

  it('need enough random bytes', () => {
    expect(() => codeFromRandomBytes(new Uint8Array(9))).toThrow(/10 random bytes/);
  });
});
