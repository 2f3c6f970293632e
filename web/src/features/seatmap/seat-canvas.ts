import L from 'leaflet';
import type { SeatPaint } from './seat-colour.ts';
import { clear, emptyBox, pixelsOf, stamp, type DirtyBox, type Pixels, type Stamp } from './seat-pixels.ts';

// Every seat of the map on one canvas, drawn in one pass: a Leaflet canvas renderer that also
// paints a plain array of seats, grouped by paint, each paint a picture drawn once and stamped
// at its seats (seat-pixels.ts), instead of 20,000 circle markers, each a layer with its own
// projection, bounds and fill call. Leaflet's own layers on the same renderer (the keyboard's
// focus ring) are drawn over the seats as usual. Positions are plan coordinates: in CRS.Simple
// a seat at (x, y) (LatLng(-y, x)) sits at layer point (x, y) * 2^zoom - pixel origin.
//
// Relies on the renderer's internals of Leaflet 1.9 (package.json pins 1.9.4): _update sizes
// and places the canvas, then fires 'update', which calls _updatePaths and so _redraw.

/** The parts of L.Canvas this file uses beyond its typings. */
interface CanvasInternals {
  _map?: L.Map;
  _ctx?: CanvasRenderingContext2D;
  _bounds?: L.Bounds;
  _redrawRequest: number | null;
  _draw(): void;
  _requestRedraw(layer?: unknown): void;
}

const base = L.Canvas.prototype as unknown as CanvasInternals;

export interface PlanPoint {
  readonly x: number;
  readonly y: number;
}

export class SeatCanvas extends L.Canvas {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  /** Each seat's paint, as an index into `palette`. */
  private readonly paintOf: Uint16Array;
  private readonly palette: SeatPaint[] = [];
  private readonly paletteIndex = new Map<string, number>();
  /** The same paint object is looked up by identity, without building its key. */
  private readonly paletteOf = new Map<SeatPaint, number>();
  private seatRadius: number;
  /** Seats per paint, reused between draws. */
  private order: Int32Array;
  /** Each seat's paint in the draw under way, -1 off the canvas; reused between draws. */
  private readonly drawnPaint: Int32Array;
  /** The pixels of the last draw, reused by the next one, and the area that draw touched. */
  private image: { data: ImageData; pixels: Pixels; drawn: DirtyBox } | null = null;
  /** Each paint's picture at the radius and pixel ratio of `stampKey`. */
  private readonly stamps = new Map<number, Stamp>();
  private stampKey = '';

  /**
   * `paintOf(i)` is seat i's first paint, taken in the same pass as its position: the map opens
   * with 20,000 seats, and one call per seat to setSeatPaint would look each paint up again.
   */
  constructor(
    seats: readonly PlanPoint[],
    paintOf: (index: number) => SeatPaint,
    radius: number,
    options?: L.RendererOptions,
  ) {
    super(options);
    this.xs = new Float64Array(seats.length);
    this.ys = new Float64Array(seats.length);
    this.paintOf = new Uint16Array(seats.length);
    for (let i = 0; i < seats.length; i++) {
      this.xs[i] = seats[i]!.x;
      this.ys[i] = seats[i]!.y;
      this.paintOf[i] = this.paletteAt(paintOf(i));
    }
    this.order = new Int32Array(seats.length);
    this.drawnPaint = new Int32Array(seats.length);
    this.seatRadius = radius;
  }

  private get internals(): CanvasInternals {
    return this as unknown as CanvasInternals;
  }

  /** Sets a seat's paint; the canvas is redrawn on the next frame. */
  setSeatPaint(index: number, paint: SeatPaint): void {
    if (index < 0 || index >= this.paintOf.length) return;
    this.paintOf[index] = this.paletteAt(paint);
    this.requestSeatRedraw();
  }

  private paletteAt(paint: SeatPaint): number {
    let at = this.paletteOf.get(paint);
    if (at === undefined) {
      const key = `${paint.fill}|${paint.stroke}|${paint.weight}`;
      at = this.paletteIndex.get(key);
      if (at === undefined) {
        at = this.palette.length;
        this.palette.push(paint);
        this.paletteIndex.set(key, at);
      }
      this.paletteOf.set(paint, at);
    }
    return at;
  }

  setSeatRadius(radius: number): void {
    this.seatRadius = radius;
    this.requestSeatRedraw();
  }

  private requestSeatRedraw() {
    if (this.internals._map) base._requestRedraw.call(this);
  }

  // Always the whole canvas: a seat's change is cheaper to redraw with all of them than to clip.
  _extendRedrawBounds(): void {}

  _draw(): void {
    const { _map: map, _ctx: ctx, _bounds: bounds } = this.internals;
    if (map && ctx && bounds) this.drawSeats(map, ctx, bounds);
    base._draw.call(this);
  }

  private drawSeats(map: L.Map, ctx: CanvasRenderingContext2D, bounds: L.Bounds) {
    const scale = map.getZoomScale(map.getZoom(), 0);
    const origin = map.getPixelOrigin();
    // Leaflet draws a circle marker's radius rounded, at least 1 px.
    const r = Math.max(Math.round(this.seatRadius), 1);
    const reach = r + 3;
    const minX = bounds.min!.x - reach;
    const minY = bounds.min!.y - reach;
    const maxX = bounds.max!.x + reach;
    const maxY = bounds.max!.y + reach;
    const { xs, ys, paintOf, palette, order, drawnPaint } = this;

    // Counting sort of the visible seats by paint; -1 marks a seat off the canvas.
    const starts = new Int32Array(palette.length + 1);
    for (let i = 0; i < paintOf.length; i++) {
      const px = xs[i]! * scale - origin.x;
      const py = ys[i]! * scale - origin.y;
      const paint = px >= minX && px <= maxX && py >= minY && py <= maxY ? paintOf[i]! : -1;
      drawnPaint[i] = paint;
      if (paint !== -1) starts[paint + 1]!++;
    }
    for (let p = 0; p < palette.length; p++) starts[p + 1]! += starts[p]!;
    const next = starts.slice(0, palette.length);
    for (let i = 0; i < paintOf.length; i++) if (drawnPaint[i] !== -1) order[next[drawnPaint[i]!]!++] = i;

    // Outlined paints last, so an outline (a selected seat, an accessible one) is never covered.
    const paints = palette.map((_, p) => p).sort((a, b) => palette[a]!.weight - palette[b]!.weight);
    // Leaflet doubles the canvas on a high-density screen: `ratio` device pixels per CSS pixel.
    const { width, height } = ctx.canvas;
    const ratio = width / Math.max(bounds.max!.x - bounds.min!.x, 1);
    const { data, pixels, drawn: dirty } = this.imageOf(ctx, width, height);
    for (const p of paints) {
      const from = starts[p]!;
      const to = starts[p + 1]!;
      if (from === to) continue;
      const seat = this.stampOf(p, r, ratio);
      for (let k = from; k < to; k++) {
        const i = order[k]!;
        const cx = Math.round((xs[i]! * scale - origin.x - bounds.min!.x) * ratio);
        const cy = Math.round((ys[i]! * scale - origin.y - bounds.min!.y) * ratio);
        stamp(pixels, seat, cx, cy, dirty);
      }
    }
    // Device pixels, whatever the context's transform: the rest was cleared by Leaflet.
    if (dirty.maxX > dirty.minX)
      ctx.putImageData(data, 0, 0, dirty.minX, dirty.minY, dirty.maxX - dirty.minX, dirty.maxY - dirty.minY);
  }

  /**
   * A blank buffer the canvas's size, kept between draws (the arena's is about 4 MB): only what
   * the last draw touched is cleared.
   */
  private imageOf(ctx: CanvasRenderingContext2D, width: number, height: number) {
    const kept = this.image;
    if (kept?.data.width === width && kept.data.height === height) {
      clear(kept.pixels, kept.drawn);
      Object.assign(kept.drawn, emptyBox());
      return kept;
    }
    const data = ctx.createImageData(width, height);
    this.image = { data, pixels: pixelsOf(data.data, width, height), drawn: emptyBox() };
    return this.image;
  }

  /** Paint p's picture at this radius, drawn once by the canvas itself (antialiased as before). */
  private stampOf(p: number, radius: number, ratio: number): Stamp {
    const key = `${radius}|${ratio}`;
    if (this.stampKey !== key) {
      this.stamps.clear();
      this.stampKey = key;
    }
    let seat = this.stamps.get(p);
    if (!seat) {
      seat = drawStamp(this.palette[p]!, radius * ratio, ratio);
      this.stamps.set(p, seat);
    }
    return seat;
  }
}

/** One small canvas for drawing every paint's picture (resizing it clears it). */
let easel: CanvasRenderingContext2D | undefined;

const drawStamp = (paint: SeatPaint, radius: number, ratio: number): Stamp => {
  const weight = paint.weight * ratio;
  const half = Math.ceil(radius + weight / 2) + 1;
  const size = 2 * half;
  easel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const ctx = easel;
  ctx.canvas.width = size;
  ctx.canvas.height = size;
  ctx.beginPath();
  ctx.arc(half, half, radius, 0, Math.PI * 2);
  ctx.fillStyle = paint.fill;
  ctx.fill();
  if (weight > 0) {
    ctx.lineWidth = weight;
    ctx.strokeStyle = paint.stroke;
    ctx.stroke();
  }
  return { size, half, pixels: pixelsOf(ctx.getImageData(0, 0, size, size).data, size, size) };
};
