import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikePretix } from './seat-plan-file.ts';

describe('a chosen seat plan file', () => {
  it('is pretix’s JSON when it starts with a brace after blanks or a byte order mark, else a CSV', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '\uFEFF', ' \n\t', '\uFEFF  '), fc.string(), (lead, rest) => {
        expect(looksLikePretix(`${lead}{${rest}`)).toBe(true);
        expect(looksLikePretix(`${lead}section,row${rest}`)).toBe(false);
      }),
    );
  });
});
