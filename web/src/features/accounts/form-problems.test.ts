import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  confirmProblem,
  emailProblem,
  firstProblemField,
  newPasswordProblem,
  requiredProblem,
  rewardsProblem,
} from './form-problems.ts';

describe('the account forms’ field checks', () => {
  it('wants a password of 12 to 128 characters', () => {
    expect(newPasswordProblem('')).toBe('required');
    expect(newPasswordProblem('a'.repeat(11))).toBe('tooShort');
    expect(newPasswordProblem('a'.repeat(12))).toBeNull();
    expect(newPasswordProblem('a'.repeat(128))).toBeNull();
    expect(newPasswordProblem('a'.repeat(129))).toBe('tooLong');
    // Spaces are characters like any other.
    expect(newPasswordProblem('correct horse')).toBeNull();
  });

  it('counts code points after NFC, not UTF-16 units', () => {
    // Eleven emoji are 22 UTF-16 units but 11 characters: too short.
    expect(newPasswordProblem('🎭'.repeat(11))).toBe('tooShort');
    expect(newPasswordProblem('🎭'.repeat(12))).toBeNull();
    // e + combining acute is one character after NFC.
    expect(newPasswordProblem('e\u0301'.repeat(11))).toBe('tooShort');
    expect(newPasswordProblem('🎭'.repeat(128))).toBeNull();
    expect(newPasswordProblem('🎭'.repeat(129))).toBe('tooLong');
  });

  it('accepts exactly the lengths 12 to 128 whatever the characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ' ', 'é', '字', '🎭', 'Ω'), { maxLength: 140 }), (chars) => {
        const problem = newPasswordProblem(chars.join(''));
        if (chars.length === 0) expect(problem).toBe('required');
        else if (chars.length < 12) expect(problem).toBe('tooShort');
        else if (chars.length > 128) expect(problem).toBe('tooLong');
        else expect(problem).toBeNull();
      }),
    );
  });

  it('wants the confirmation to repeat the password exactly', () => {
    expect(confirmProblem('a long passphrase', '')).toBe('required');
    expect(confirmProblem('a long passphrase', 'a long passphrase ')).toBe('mismatch');
    expect(confirmProblem('a long passphrase', 'a long passphrase')).toBeNull();
  });

  it('checks names, e-mail addresses and rewards numbers', () => {
    expect(requiredProblem('  ')).toBe('required');
    expect(requiredProblem('Ada')).toBeNull();
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('ada@')).toBe('email');
    expect(emailProblem(' ada@example.com ')).toBeNull();
    expect(rewardsProblem('')).toBeNull();
    expect(rewardsProblem('123456789')).toBeNull();
    expect(rewardsProblem('12345678')).toBe('rewards');
    expect(rewardsProblem('1234567890')).toBe('rewards');
    expect(rewardsProblem('12345678a')).toBe('rewards');
  });

  it('finds the first field with a problem in form order', () => {
    expect(firstProblemField(['A', 'B', 'C'], { C: 'required', B: 'email' })).toBe('B');
    expect(firstProblemField(['A', 'B'], { A: null })).toBeUndefined();
  });
});
