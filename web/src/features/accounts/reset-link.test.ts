import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_REDIRECT_MS, resetTokenOf } from './reset-link.ts';

describe('the password reset link', () => {
  it('reads the token from the query', () => {
    expect(resetTokenOf({ token: ' abc_DEF-123 ' })).toBe('abc_DEF-123');
    expect(resetTokenOf({ token: 12345 })).toBe('12345');
  });

  it('has no token when it is missing, empty or absurdly long', () => {
    expect(resetTokenOf({})).toBeUndefined();
    expect(resetTokenOf({ token: '' })).toBeUndefined();
    expect(resetTokenOf({ token: 'x'.repeat(201) })).toBeUndefined();
    expect(resetTokenOf(null)).toBeUndefined();
  });

  it('goes on to sign-in 3 seconds after a reset', () => {
    expect(PASSWORD_RESET_REDIRECT_MS).toBe(3000);
  });
});
