import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX_LENGTH, DEFAULT_COUNTER, normaliseCounter } from './pos-settings.ts';

describe("the counter's name", () => {
  it('is Browser when none is set', () => {
    expect(normaliseCounter(null)).toBe(DEFAULT_COUNTER);
    expect(normaliseCounter('   ')).toBe(DEFAULT_COUNTER);
    expect(normaliseCounter('  Counter   1 ')).toBe('Counter 1');
  });

  it('is always trimmed, single-spaced, at most 40 characters and never blank', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const name = normaliseCounter(text);
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(COUNTER_MAX_LENGTH);
        expect(name).toBe(name.trim());
        expect(name).not.toMatch(/\s{2}/);
        expect(normaliseCounter(name)).toBe(name);
      }),
    );
  });
});
