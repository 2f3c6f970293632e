import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrfHeaders, csrfTokenFrom } from './csrf-token.ts';

describe('the CSRF token a state change echoes', () => {
  it('reads foyer_csrf among other cookies', () => {
    expect(csrfTokenFrom('theme=dark; foyer_csrf=abc_DEF-123; lang=fr')).toBe('abc_DEF-123');
    expect(csrfTokenFrom('xfoyer_csrf=nope; foyer_csrf_old=no')).toBeUndefined();
    expect(csrfTokenFrom('')).toBeUndefined();
  });

  it('sends the X-CSRF-Token header only when there is a token', () => {
    expect(csrfHeaders('foyer_csrf=tok')).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(csrfHeaders('other=1')).toEqual({});
  });

  it('finds any server token wherever it sits in the cookie string', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
    const other = fc.record({
      name: fc.stringMatching(/^[a-z]{1,8}$/),
      value: fc.stringMatching(/^[a-z0-9]{0,8}$/),
    });
    fc.assert(
      fc.property(
        token,
        fc.array(other, { maxLength: 4 }),
        fc.array(other, { maxLength: 4 }),
        (t, before, after) => {
          // Other names are lower-case letters only, so never foyer_csrf.
          const cookies = [...before, { name: 'foyer_csrf', value: t }, ...after]
            .map((c) => `${c.name}=${c.value}`)
            .join('; ');
          expect(csrfTokenFrom(cookies)).toBe(t);
        },
      ),
    );
  });
});
