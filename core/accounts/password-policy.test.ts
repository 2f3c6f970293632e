import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength, passwordProblem } from './password-policy.ts';

// Any characters: letters of every script, emoji, spaces, symbols.
const char = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.constantFrom(' ', '🎭', 'é', 'ß', '字', '\t'),
);
const passwordOf = (min: number, max: number) =>
  fc
    .array(fc.constantFrom('a', 'Z', '7', ' ', '🎭', 'é', '字', '-'), { minLength: min, maxLength: max })
    .map((cs) => cs.join(''));

describe('the password policy', () => {
  it('accepts every password of 12 to 128 characters, whatever they are', () => {
    fc.assert(fc.property(passwordOf(PASSWORD_MIN, PASSWORD_MAX), (p) => passwordProblem(p) === null));
  });

  it('refuses shorter ones as too short and longer ones as too long', () => {
    fc.assert(fc.property(passwordOf(0, PASSWORD_MIN - 1), (p) => passwordProblem(p) === 'tooShort'));
    fc.assert(fc.property(passwordOf(PASSWORD_MAX + 1, 300), (p) => passwordProblem(p) === 'tooLong'));
  });

  it('counts characters, not UTF-16 units: twelve emoji are twelve characters', () => {
    expect(passwordProblem('🎭'.repeat(12))).toBeNull();
    expect('🎭'.repeat(11).length).toBe(22);
    expect(passwordProblem('🎭'.repeat(11))).toBe('tooShort');
  });

  it('counts a letter with a combining accent once (NFC), as it hashes', () => {
    expect(passwordLength('e\u0301')).toBe(1);
    expect(passwordLength('\u00e9')).toBe(1);
  });

  it('never throws, and its answer depends on the length alone', () => {
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 200 }).map((cs) => cs.join('')),
        (p) => {
          const n = passwordLength(p);
          expect(passwordProblem(p)).toBe(
            n < PASSWORD_MIN ? 'tooShort' : n > PASSWORD_MAX ? 'tooLong' : null,
          );
        },
      ),
    );
  });
});
