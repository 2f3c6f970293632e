import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clear, emptyBox, pixelsOf, stamp, type Stamp } from './seat-pixels.ts';

type Rgba = readonly [number, number, number, number];

/** A stamp of one colour, `size` x `size`, centre at `half`. */
const solid = (size: number, half: number, rgba: Rgba): Stamp => {
  const bytes = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) bytes.set(rgba, i * 4);
  return { size, half, pixels: pixelsOf(bytes, size, size) };
};

const pixelAt = (target: Uint8ClampedArray, width: number, x: number, y: number) =>
  Array.from(target.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));

/** Source-over as the canvas specification writes it, in premultiplied terms. */
const over = (src: Rgba, dst: Rgba): number[] => {
  const a = src[3] / 255;
  const b = dst[3] / 255;
  const out = a + b * (1 - a);
  if (out === 0) return [0, 0, 0, 0];
  return [0, 1, 2].map((c) => (src[c]! * a + dst[c]! * b * (1 - a)) / out).concat(out * 255);
};

const channel = fc.integer({ min: 0, max: 255 });
const rgba = fc.tuple(channel, channel, channel, channel);

describe('stamping seats into a pixel buffer', () => {
  it('composites like the canvas: source over, within rounding', () => {
    fc.assert(
      fc.property(rgba, rgba, (src, dst) => {
        const target = new Uint8ClampedArray(4);
        target.set(dst);
        stamp(pixelsOf(target, 1, 1), solid(1, 0, src), 0, 0, emptyBox());
        const want = src[3] === 0 ? [...dst] : over(src, dst);
        pixelAt(target, 1, 0, 0).forEach((value, c) =>
          expect(Math.abs(value - want[c]!)).toBeLessThanOrEqual(1),
        );
      }),
    );
  });

  it('puts the centre on the seat, clips at the edges and reports what it touched', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: -8, max: 20 }),
        fc.integer({ min: -8, max: 20 }),
        (width, height, half, cx, cy) => {
          const size = 2 * half;
          const target = new Uint8ClampedArray(width * height * 4);
          const dirty = emptyBox();
          stamp(pixelsOf(target, width, height), solid(size, half, [10, 20, 30, 255]), cx, cy, dirty);
          let touched = 0;
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++) {
              const inside = x >= cx - half && x < cx - half + size && y >= cy - half && y < cy - half + size;
              expect(pixelAt(target, width, x, y)).toEqual(inside ? [10, 20, 30, 255] : [0, 0, 0, 0]);
              if (inside) {
                touched++;
                expect(x >= dirty.minX && x < dirty.maxX && y >= dirty.minY && y < dirty.maxY).toBe(true);
              }
            }
          if (touched === 0) expect(dirty.maxX).toBeLessThan(dirty.minX);
          else expect((dirty.maxX - dirty.minX) * (dirty.maxY - dirty.minY)).toBe(touched);
        },
      ),
    );
  });

  it('leaves the buffer as it was where the stamp is transparent', () => {
    const target = new Uint8ClampedArray([1, 2, 3, 4]);
    stamp(pixelsOf(target, 1, 1), solid(1, 0, [200, 200, 200, 0]), 0, 0, emptyBox());
    expect(Array.from(target)).toEqual([1, 2, 3, 4]);
  });

  it('clears what a stamp touched and nothing else', () => {
    const width = 6;
    const height = 5;
    const target = pixelsOf(new Uint8ClampedArray(width * height * 4).fill(7), width, height);
    const box = emptyBox();
    stamp(target, solid(2, 1, [1, 2, 3, 255]), 2, 2, box);
    clear(target, box);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        expect(pixelAt(target.bytes, width, x, y)).toEqual(
          x >= 1 && x < 3 && y >= 1 && y < 3 ? [0, 0, 0, 0] : [7, 7, 7, 7],
        );
  });
});
