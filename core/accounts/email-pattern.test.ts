import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isEmailPattern } from './email-pattern.ts';

describe('e-mail pattern', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'ada@example.com',
      'ada.lovelace+tickets@mail.example.co.uk',
      "o'brien@example.ie",
      'box_office-2@venue.com.au',
      'A1@EXAMPLE.NZ',
    ]) {
      expect(isEmailPattern(email), email).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    for (const email of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@@example.com',
      'ada lovelace@example.com',
      'ada@exa mple.com',
      '.ada@example.com',
      'ada.@example.com',
      'ada..lovelace@example.com',
      'ada@-example.com',
      'ada@example-.com',
      'ada@example.c',
      'ada@example.123',
      'ada@example..com',
      `${'a'.repeat(65)}@example.com`,
      `ada@${'a'.repeat(250)}.com`,
    ]) {
      expect(isEmailPattern(email), email).toBe(false);
    }
  });

  it('accepts every address built from the allowed parts', () => {
    const atom = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,10}$/);
    const label = fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9-]{0,8}[A-Za-z0-9])?$/);
    const tld = fc.stringMatching(/^[A-Za-z]{2,6}$/);
    fc.assert(
      fc.property(
        fc.array(atom, { minLength: 1, maxLength: 3 }),
        fc.array(label, { minLength: 1, maxLength: 3 }),
        tld,
        (atoms, labels, top) => {
          expect(isEmailPattern(`${atoms.join('.')}@${labels.join('.')}.${top}`)).toBe(true);
        },
      ),
    );
  });

  it('refuses any address with a space, a second @ or no dot after the @', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const at = text.indexOf('@');
        if (/\s/.test(text) || at < 0 || text.indexOf('@', at + 1) >= 0 || !text.slice(at).includes('.')) {
          expect(isEmailPattern(text)).toBe(false);
        }
      }),
    );
  });
});
