import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTemplateCode, CODE_MAX_LENGTH } from './template-code.ts';

const codeChars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz');

describe('template codes', () => {
  it('takes letters and digits in any case, trimmed, as upper case', () => {
    fc.assert(
      fc.property(
        fc.array(codeChars, { minLength: 1, maxLength: CODE_MAX_LENGTH }),
        fc.nat(3),
        (chars, pad) => {
          const typed = `${' '.repeat(pad)}${chars.join('')}${' '.repeat(pad)}`;
          const checked = checkTemplateCode(typed);
          expect(checked).toEqual({ ok: true, code: chars.join('').toUpperCase() });
        },
      ),
    );
  });

  it('refuses anything with another character, naming why', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('-', '_', ' x', 'é', '.', '/', '한'),
        fc.string({ maxLength: 5 }),
        (before, bad, after) => {
          const typed = `A${before}${bad}${after}B`;
          const checked = checkTemplateCode(typed);
          expect(checked.ok).toBe(false);
          if (!checked.ok) expect(['characters', 'tooLong']).toContain(checked.reason);
        },
      ),
    );
  });

  it('refuses an empty code and one over the length', () => {
    fc.assert(
      fc.property(fc.nat(5), (n) => {
        expect(checkTemplateCode(' '.repeat(n))).toEqual({ ok: false, reason: 'empty' });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: CODE_MAX_LENGTH + 1, max: 60 }), (n) => {
        expect(checkTemplateCode('A'.repeat(n))).toEqual({ ok: false, reason: 'tooLong' });
      }),
    );
  });

  it('an accepted code is accepted again unchanged (a saved code always re-saves)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (typed) => {
        const first = checkTemplateCode(typed);
        if (first.ok) expect(checkTemplateCode(first.code)).toEqual(first);
      }),
    );
  });
});
