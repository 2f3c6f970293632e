// Seats composited straight into an RGBA pixel buffer (an ImageData's, not premultiplied), one
// small picture per paint stamped at every seat. The canvas would otherwise record 20,000 arcs
// and rasterise them all when the frame is finished: in headless Chromium on a 2-core machine
// that came to 80-100 ms per draw of the arena, against 30-40 ms this way
// (bench/seatmap.ts, traced: CanvasRenderingContext2D::FinalizeFrame).

/** A seat's picture: `size` x `size` RGBA pixels, the seat's centre at (`half`, `half`). */
export interface Stamp {
  readonly size: number;
  readonly half: number;
  readonly pixels: Uint8ClampedArray;
}

/** The area a stamp touched, to copy only that much to the canvas. */
export interface DirtyBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const emptyBox = (): DirtyBox => ({
  minX: Number.POSITIVE_INFINITY,
  minY: Number.POSITIVE_INFINITY,
  maxX: Number.NEGATIVE_INFINITY,
  maxY: Number.NEGATIVE_INFINITY,
});

/**
 * Draws `stamp` over `target` (`width` x `height` RGBA) with its centre at pixel (cx, cy),
 * as the canvas's source-over would, clipped to the buffer; extends `dirty` by what it touched.
 */
export const stamp = (
  target: Uint8ClampedArray,
  width: number,
  height: number,
  seat: Stamp,
  cx: number,
  cy: number,
  dirty: DirtyBox,
): void => {
  const { size, pixels } = seat;
  const x0 = cx - seat.half;
  const y0 = cy - seat.half;
  const fromX = Math.max(0, -x0);
  const toX = Math.min(size, width - x0);
  const fromY = Math.max(0, -y0);
  const toY = Math.min(size, height - y0);
  if (fromX >= toX || fromY >= toY) return;
  if (x0 + fromX < dirty.minX) dirty.minX = x0 + fromX;
  if (y0 + fromY < dirty.minY) dirty.minY = y0 + fromY;
  if (x0 + toX > dirty.maxX) dirty.maxX = x0 + toX;
  if (y0 + toY > dirty.maxY) dirty.maxY = y0 + toY;
  for (let y = fromY; y < toY; y++) {
    let t = ((y0 + y) * width + x0 + fromX) * 4;
    let s = (y * size + fromX) * 4;
    for (let x = fromX; x < toX; x++, t += 4, s += 4) {
      const sa = pixels[s + 3]!;
      if (sa === 0) continue;
      const da = target[t + 3]!;
      if (sa === 255 || da === 0) {
        target[t] = pixels[s]!;
        target[t + 1] = pixels[s + 1]!;
        target[t + 2] = pixels[s + 2]!;
        target[t + 3] = sa;
        continue;
      }
      // Source over, colours not premultiplied: out = src·a + dst·b·(1 - a), over out's alpha.
      const a = sa / 255;
      const below = (da / 255) * (1 - a);
      const out = a + below;
      target[t] = (pixels[s]! * a + target[t]! * below) / out;
      target[t + 1] = (pixels[s + 1]! * a + target[t + 1]! * below) / out;
      target[t + 2] = (pixels[s + 2]! * a + target[t + 2]! * below) / out;
      target[t + 3] = out * 255;
    }
  }
};
