import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centre, columnsOf, cut, spread, ticketText, wrap } from './printer-text.ts';

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 200, size: 'max' }),
);
const width = fc.integer({ min: 1, max: 60 });

describe('printer text', () => {
  it('cuts, wraps, spreads and centres within the width', () => {
    fc.assert(
      fc.property(text, text, width, fc.integer({ min: 1, max: 4 }), (a, b, w, lines) => {
        expect(columnsOf(cut(a, w))).toBeLessThanOrEqual(w);
        expect(columnsOf(centre(a, w))).toBeLessThanOrEqual(w);
        expect(columnsOf(spread(a, b, w))).toBeLessThanOrEqual(w);
        const wrapped = wrap(a, w, lines);
        expect(wrapped.length).toBeLessThanOrEqual(lines);
        for (const line of wrapped) expect(columnsOf(line)).toBeLessThanOrEqual(w);
      }),
    );
  });

  it('keeps text that fits as it is, and marks a cut with dots', () => {
    expect(cut('Hamlet', 6)).toBe('Hamlet');
    expect(cut('Hamlet, Prince of Denmark', 12)).toBe('Hamlet, P...');
    expect(wrap('The Tragedy of Hamlet, Prince of Denmark', 16, 2)).toEqual([
      'The Tragedy of',
      'Hamlet, Princ...',
    ]);
    expect(wrap('ABCDEFGHIJ', 4, 3)).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(spread('Subtotal', '$1.00', 16)).toBe('Subtotal   $1.00');
  });

  it('turns any text into printable ASCII the ticket printer reads as text', () => {
    fc.assert(
      fc.property(text, (a) => {
        expect(ticketText(a)).toMatch(/^[\x20-\x3b=\x3f-\x5d\x5f-\x7a|~]*$/);
      }),
    );
    expect(ticketText('Théâtre <Royal> — 12 €')).toBe('Theatre (Royal) - 12 EUR');
  });
});
