import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { editDistance } from './edit-distance.ts';

const word = fc.string({ unit: fc.constantFrom(...'abcde.'), maxLength: 12 });

// One random single-character edit of a non-empty string.
const withOneEdit = (s: string, kind: number, at: number, ch: string): string => {
  const i = at % (s.length + 1);
  switch (kind) {
    case 0:
      return s.slice(0, i) + ch + s.slice(i); // insertion
    case 1:
      return s.slice(0, Math.min(i, s.length - 1)) + s.slice(Math.min(i, s.length - 1) + 1); // deletion
    case 2: {
      const j = Math.min(i, s.length - 1);
      return s.slice(0, j) + ch + s.slice(j + 1); // substitution
    }
    default: {
      const j = Math.min(i, s.length - 2);
      return j < 0 ? s : s.slice(0, j) + (s[j + 1] ?? '') + (s[j] ?? '') + s.slice(j + 2); // transposition
    }
  }
};

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and transpositions', () => {
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('gmai.com', 'gmail.com')).toBe(1);
    expect(editDistance('gmaill.com', 'gmail.com')).toBe(1);
    expect(editDistance('gnail.com', 'gmail.com')).toBe(1);
    expect(editDistance('hotmial.co', 'hotmail.com')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3); // OSA: no edit of a transposed pair
  });

  it('is zero exactly for equal strings, and symmetric', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b) === 0).toBe(a === b);
        expect(editDistance(a, b)).toBe(editDistance(b, a));
      }),
    );
  });

  it('lies between the length difference and the longer length', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('is at most one after a single edit', () => {
    fc.assert(
      fc.property(
        word.filter((s) => s.length > 0),
        fc.nat(3),
        fc.nat(),
        fc.constantFrom(...'abcxyz'),
        (s, kind, at, ch) => {
          expect(editDistance(s, withOneEdit(s, kind, at, ch))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('never grows when both strings gain the same prefix and suffix', () => {
    fc.assert(
      fc.property(word, word, word, word, (a, b, pre, post) => {
        expect(editDistance(pre + a + post, pre + b + post)).toBeLessThanOrEqual(editDistance(a, b));
      }),
    );
  });
});
