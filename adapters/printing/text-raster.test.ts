import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../core/printing/printer-text.ts';
import { rasterText, rotatePicture, type Bitmap } from './text-raster.ts';

const ink = (b: Bitmap, x0 = 0, x1 = b.width, y0 = 0, y1 = b.height) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += b.dots[y * b.width + x]!;
  return n;
};

describe('text drawn as dots', () => {
  it('is its columns wide and its line high, each wide character in two columns', () => {
    const picture = rasterText('Customer 김민준', { cell: 12, height: 24, hanAs: 'ko' });
    expect([picture.width, picture.height]).toEqual([columnsOf('Customer 김민준') * 12, 24]);
    expect(picture.dots.every((d) => d === 0 || d === 1)).toBe(true);
    // 김, 민 and 준 are each inked within their own 24 dots, and the space before them is blank.
    for (const column of [9, 11, 13]) expect(ink(picture, column * 12, column * 12 + 24)).toBeGreaterThan(40);
    expect(ink(picture, 8 * 12, 9 * 12)).toBe(0);
  });

  it('draws Han characters in the order’s forms, and a character no font has as ?', () => {
    const ja = rasterText('直', { cell: 24, height: 48, hanAs: 'ja' });
    const zh = rasterText('直', { cell: 24, height: 48, hanAs: 'zh' });
    expect(Buffer.from(ja.dots).equals(Buffer.from(zh.dots))).toBe(false);
    const unknown = rasterText('\u{1F3AD}', { cell: 24, height: 48, hanAs: 'ja' });
    const question = rasterText('?', { cell: 48, height: 48, hanAs: 'ja' });
    expect(ink(unknown)).toBe(ink(question));
  });

  it('fits a proportional run into its columns, narrowing it when it is longer', () => {
    const cyrillic = rasterText('Щукин', { cell: 7, height: 40, hanAs: 'zh', pitch: 'proportional' });
    expect(cyrillic.width).toBe(35);
    expect(ink(cyrillic)).toBeGreaterThan(100);
  });

  it('never draws outside the picture, whatever the text and sizes', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'ハムレット山田太郎김민준햄릿Чехов Ǆgjy'.split('')),
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 6, max: 90 }),
        fc.constantFrom('fixed' as const, 'proportional' as const),
        (text, cell, height, pitch) => {
          const picture = rasterText(text, { cell, height, hanAs: 'ja', pitch });
          expect(picture.dots.length).toBe(picture.width * picture.height);
          expect(picture.width).toBe(columnsOf(text) * cell);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('turns a picture a quarter right (its top to the right) or left (its top to the left)', () => {
    // 3 wide, 2 high: the top row inked at its left.
    const picture: Bitmap = { width: 3, height: 2, dots: Uint8Array.of(1, 0, 0, 0, 0, 0) };
    const right = rotatePicture(picture, 'right');
    expect([right.width, right.height, [...right.dots]]).toEqual([2, 3, [0, 1, 0, 0, 0, 0]]);
    const left = rotatePicture(picture, 'left');
    expect([left.width, left.height, [...left.dots]]).toEqual([2, 3, [0, 0, 0, 0, 1, 0]]);
    expect(rotatePicture(picture, 'none')).toBe(picture);
  });
});
