import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centre, columnsOf, cut, spread, ticketRuns, ticketText, ticketWords, wrap } from './printer-text.ts';

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

// Names as a Japanese, Korean or Chinese box office writes them, with Latin, digits and spaces among them.
const cjkText = fc.string({
  unit: fc.constantFrom(...'ハムレット山田太郎김민준햄릿张伟東京グローブ座一般 1階A-9Чехов'.split('')),
  maxLength: 40,
});

describe('ticket text the resident font lacks', () => {
  it('keeps it to be drawn, and is ticketText exactly when there is nothing to draw', () => {
    expect(ticketWords('ハムレット')).toBe('ハムレット');
    expect(ticketWords('1階 <VIP>')).toBe('1階 (VIP)');
    expect(ticketWords('Théâtre <Royal> — 12 €')).toBe(ticketText('Théâtre <Royal> — 12 €'));
    expect(ticketWords('Großes Haus, Łódź')).toBe('Grosses Haus, Lodz');
    expect(ticketWords('« Hamlet » ₩55,000')).toBe('" Hamlet " KRW 55,000');
    fc.assert(
      fc.property(text, (a) => {
        const words = ticketWords(a);
        if (/^[\x20-\x7e]*$/.test(words)) expect(words).toBe(ticketText(a));
        // Never a control, a joiner or a lone mark to draw.
        expect(words).not.toMatch(/[\p{C}\p{M}]/u);
      }),
    );
  });

  it('splits it into font runs of printable ASCII and drawn runs of the rest, in order', () => {
    expect(ticketRuns('Row C 1階')).toEqual([
      { raster: false, text: 'Row C 1' },
      { raster: true, text: '階' },
    ]);
    expect(ticketRuns('山田 太郎 (VIP)')).toEqual([
      { raster: true, text: '山田 太郎' },
      { raster: false, text: ' (VIP)' },
    ]);
    expect(ticketRuns('Hamlet')).toEqual([{ raster: false, text: 'Hamlet' }]);
    fc.assert(
      fc.property(fc.oneof(text, cjkText), (a) => {
        const words = ticketWords(a);
        const runs = ticketRuns(words);
        expect(runs.map((r) => r.text).join('')).toBe(words);
        runs.forEach((run, i) => {
          expect(run.text.length).toBeGreaterThan(0);
          if (i > 0) expect(run.raster).not.toBe(runs[i - 1]!.raster);
          if (run.raster) expect(run.text).toMatch(/^[^\x20-\x7e](?:[^\x21-\x7e]*[^\x20-\x7e])?$/);
          else expect(run.text).toMatch(/^[\x20-\x3b=\x3f-\x7a|~]+$/);
        });
      }),
    );
  });

  it('counts a wide character as two columns, and cuts and wraps by columns', () => {
    expect(columnsOf('山田太郎')).toBe(8);
    expect(columnsOf('Row 김')).toBe(6);
    expect(cut('東京グローブ座', 9)).toBe('東京グ...');
    expect(wrap('ハムレット', 4, 3)).toEqual(['ハム', 'レッ', 'ト']);
    fc.assert(
      fc.property(cjkText, cjkText, width, fc.integer({ min: 1, max: 4 }), (a, b, w, lines) => {
        expect(columnsOf(cut(a, w))).toBeLessThanOrEqual(w);
        expect(columnsOf(spread(a, b, w))).toBeLessThanOrEqual(w);
        for (const line of wrap(a, w, lines)) expect(columnsOf(line)).toBeLessThanOrEqual(w);
      }),
    );
  });
});
