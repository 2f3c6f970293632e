// Seats composited straight into an RGBA pixel buffer (an ImageData's, not premultiplied), one
// small picture per paint stamped at every seat. The canvas would otherwise record 20,000 arcs
// and rasterise them all when the frame is finished: in headless Chromium on a 2-core machine
// that came to 80-100 ms per draw of the arena, against 30-40 ms this way
// (bench/seatmap.ts, traced: CanvasRenderingContext2D::FinalizeFrame).

/** RGBA pixels, also seen as one 32-bit word per pixel (a pixel copied whole in one step). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly bytes: Uint8ClampedArray;
  readonly words: Uint32Array;
}

export const pixelsOf = (bytes: Uint8ClampedArray, width: number, height: number): Pixels => ({
  width,
  height,
  bytes,
  words: new Uint32Array(bytes.buffer, bytes.byteOffset, width * height),
});

/** A seat's picture, `size` x `size` pixels, the seat's centre at (`half`, `half`). */
export interface Stamp {
  readonly size: number;
  readonly half: number;
  readonly pixels: Pixels;
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
 * Draws `seat` over `target` with its centre at pixel (cx, cy), as the canvas's source-over
 * would, clipped to the buffer; extends `dirty` by what it touched.
 */
export const stamp = (target: Pixels, seat: Stamp, cx: number, cy: number, dirty: DirtyBox): void => {
  const { width, height, bytes: to, words: toWords } = target;
  const { size, pixels } = seat;
  const { bytes: from, words: fromWords } = pixels;
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
    let t = (y0 + y) * width + x0 + fromX;
    let s = y * size + fromX;
    for (let x = fromX; x < toX; x++, t++, s++) {
      const sa = from[s * 4 + 3]!;
      if (sa === 0) continue;
      const da = to[t * 4 + 3]!;
      if (sa === 255 || da === 0) {
        toWords[t] = fromWords[s]!;
        continue;
      }
      // Source over, colours not premultiplied: out = src·a + dst·b·(1 - a), over out's alpha.
      const a = sa / 255;
      const below = (da / 255) * (1 - a);
      const out = a + below;
      const ti = t * 4;
      const si = s * 4;
      to[ti] = (from[si]! * a + to[ti]! * below) / out;
      to[ti + 1] = (from[si + 1]! * a + to[ti + 1]! * below) / out;
      to[ti + 2] = (from[si + 2]! * a + to[ti + 2]! * below) / out;
      to[ti + 3] = out * 255;
    }
  }
};

/** Clears the box's pixels (what the last draw touched), so the buffer can be drawn on again. */
export const clear = (target: Pixels, box: DirtyBox): void => {
  if (box.maxX <= box.minX) return;
  for (let y = box.minY; y < box.maxY; y++)
    target.words.fill(0, y * target.width + box.minX, y * target.width + box.maxX);
};
