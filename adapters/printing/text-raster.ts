import type { Font, Glyph } from 'fontkit';
import { hasCjk, hasHangul, hasKana, type CjkLanguage } from '../../core/i18n/scripts.ts';
import { columnsOfChar } from '../../core/printing/printer-text.ts';
import { notoFont, type NotoFace, type Weight } from './noto-fonts.ts';

// Text drawn as a 1-bit picture for a thermal printer whose own fonts lack its characters: a
// ticket printer's raster runs (fgl.ts) and a receipt printer's lines outside its code page
// (escpos.ts). Pure JavaScript, so the server and the counter's bridge need nothing native:
// fontkit (already used for the PDF tickets) reads the glyph outlines, and a scanline filler
// here turns them into dots, each dot inked when at least half of it is covered.
//
// The fonts are Noto Sans and Noto Sans JP, KR and SC (noto-fonts.ts). A character is
// drawn in the first face that has it: kana in JP, hangul in KR, Han characters in the order's
// language (`hanAs`: the forms of 骨 or 直 differ), anything else in Noto Sans, then the CJK
// faces (fullwidth punctuation). A character no face has is drawn as '?', as the printer's own
// font would print it.
//
// The picture is the text's columns wide (two for a wide character, core/printing/printer-text.ts
// `columnsOf`) and a line high, its em box `EM` of the height; nothing is drawn outside it. A
// receipt line is fixed pitch, each character centred in its columns so the line keeps its
// alignment with the printer's own text; a ticket's run is proportional, its characters at their
// own advance from the left (a font cell is narrower than it is high, so two of them leave a CJK
// character room to spare), the whole run narrowed if it is longer than its columns.

export type { Weight };

const CJK_ORDER: readonly CjkLanguage[] = ['ja', 'ko', 'zh'];

/** The faces to try for one character, best first. */
const facesFor = (ch: string, hanAs: CjkLanguage): NotoFace[] => {
  const first: CjkLanguage = hasKana(ch) ? 'ja' : hasHangul(ch) ? 'ko' : hanAs;
  const cjk = [first, ...CJK_ORDER.filter((l) => l !== first)];
  return hasCjk(ch) ? [...cjk, 'latin'] : ['latin', ...cjk];
};

/** The glyph for one character and its face, or the latin '?' when no face has it. */
const glyphFor = (ch: string, hanAs: CjkLanguage, weight: Weight): { font: Font; glyph: Glyph } => {
  const code = ch.codePointAt(0) ?? 0x3f;
  for (const face of facesFor(ch, hanAs)) {
    const font = notoFont(face, weight);
    if (font.hasGlyphForCodePoint(code)) return { font, glyph: font.glyphForCodePoint(code) };
  }
  const font = notoFont('latin', weight);
  return { font, glyph: font.glyphForCodePoint(0x3f) };
};

/** A 1-bit picture: `dots[y * width + x]` is 1 where the printer inks. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly dots: Uint8Array;
}

export interface TextRasterOptions {
  /** Dots of one column: a character is centred in its one or two columns. */
  readonly cell: number;
  /** Dots high: the height of the line, which no dot leaves. */
  readonly height: number;
  /** Whose forms Han characters take (core/i18n/scripts.ts). */
  readonly hanAs: CjkLanguage;
  readonly weight?: Weight;
  /** 'fixed' (the default): each character centred in its columns; 'proportional': at its own advance. */
  readonly pitch?: 'fixed' | 'proportional';
}

/** The em box as a share of the line's height, and where in it the baseline sits (CJK ideographs fill [-0.12, 0.88] em). */
const EM = 0.92;
const BASELINE = 0.04 + 0.88 * EM;
/** A dot is inked when this share of it is covered. */
const INKED = 0.5;
/** Sub-scanlines a dot row is sampled at. */
const SUBROWS = 4;

interface Edge {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The outline of a glyph as straight edges in picture coordinates (y down), curves flattened. */
const edgesOf = (glyph: Glyph, toX: (x: number) => number, toY: (y: number) => number): Edge[] => {
  const edges: Edge[] = [];
  let start: [number, number] | null = null;
  let at: [number, number] = [0, 0];
  const lineTo = (x: number, y: number) => {
    if (at[1] !== y) edges.push({ x0: at[0], y0: at[1], x1: x, y1: y });
    at = [x, y];
  };
  const close = () => {
    if (start) lineTo(start[0], start[1]);
  };
  for (const { command, args } of glyph.path.commands) {
    const a = args.map((v, i) => (i % 2 === 0 ? toX(v) : toY(v)));
    switch (command) {
      case 'moveTo':
        close();
        at = [a[0]!, a[1]!];
        start = at;
        break;
      case 'lineTo':
        lineTo(a[0]!, a[1]!);
        break;
      case 'quadraticCurveTo': {
        const [x0, y0] = at;
        const steps = 8;
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          lineTo(
            u * u * x0 + 2 * u * t * a[0]! + t * t * a[2]!,
            u * u * y0 + 2 * u * t * a[1]! + t * t * a[3]!,
          );
        }
        break;
      }
      case 'bezierCurveTo': {
        const [x0, y0] = at;
        const steps = 12;
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          lineTo(
            u * u * u * x0 + 3 * u * u * t * a[0]! + 3 * u * t * t * a[2]! + t * t * t * a[4]!,
            u * u * u * y0 + 3 * u * u * t * a[1]! + 3 * u * t * t * a[3]! + t * t * t * a[5]!,
          );
        }
        break;
      }
      case 'closePath':
        close();
        start = null;
        break;
    }
  }
  close();
  return edges;
};

/** Adds the covered share of each dot inside the outline (non-zero winding) to `coverage`. */
const fill = (edges: readonly Edge[], width: number, height: number, coverage: Float32Array): void => {
  if (edges.length === 0) return;
  const top = Math.max(0, Math.floor(Math.min(...edges.map((e) => Math.min(e.y0, e.y1)))));
  const bottom = Math.min(height, Math.ceil(Math.max(...edges.map((e) => Math.max(e.y0, e.y1)))));
  const crossings: { x: number; winding: number }[] = [];
  for (let row = top; row < bottom; row++) {
    for (let sub = 0; sub < SUBROWS; sub++) {
      const y = row + (sub + 0.5) / SUBROWS;
      crossings.length = 0;
      for (const e of edges) {
        const down = e.y1 > e.y0;
        const [ya, yb] = down ? [e.y0, e.y1] : [e.y1, e.y0];
        if (y < ya || y >= yb) continue;
        crossings.push({ x: e.x0 + ((y - e.y0) * (e.x1 - e.x0)) / (e.y1 - e.y0), winding: down ? 1 : -1 });
      }
      crossings.sort((p, q) => p.x - q.x);
      let winding = 0;
      let start = 0;
      for (const crossing of crossings) {
        const before = winding;
        winding += crossing.winding;
        if (before === 0 && winding !== 0) start = crossing.x;
        else if (before !== 0 && winding === 0) span(coverage, row * width, width, start, crossing.x);
      }
    }
  }
};

/** Adds a span from x = a to b of one sub-scanline to the dots of a row. */
const span = (coverage: Float32Array, offset: number, width: number, a: number, b: number): void => {
  const from = Math.max(0, a);
  const to = Math.min(width, b);
  for (let x = Math.floor(from); x < to; x++) {
    const covered = Math.min(to, x + 1) - Math.max(from, x);
    if (covered > 0) coverage[offset + x]! += covered / SUBROWS;
  }
};

/**
 * `text` as a picture `columnsOf(text) * cell` dots wide and `height` high: each character centred
 * in its columns, narrowed to them if need be, in the face that has it (see above).
 */
export const rasterText = (text: string, options: TextRasterOptions): Bitmap => {
  const { cell, height, hanAs, weight = 'regular', pitch = 'fixed' } = options;
  const chars = Array.from(text);
  const width = chars.reduce((sum, ch) => sum + columnsOfChar(ch) * cell, 0);
  const coverage = new Float32Array(width * height);
  const em = height * EM;
  const baseline = height * BASELINE;
  const glyphs = chars.map((ch) => {
    const room = columnsOfChar(ch) * cell;
    if (ch.trim() === '') return { room, advance: pitch === 'fixed' ? room : em / 2, drawn: null };
    const drawn = glyphFor(ch, hanAs, weight);
    return { room, advance: drawn.glyph.advanceWidth * (em / drawn.font.unitsPerEm), drawn };
  });
  // Proportional: the whole run narrowed to its columns if need be; fixed: each character to its own.
  const total = glyphs.reduce((sum, g) => sum + g.advance, 0);
  const runNarrow = pitch === 'proportional' && total > width ? width / total : 1;
  let left = 0;
  for (const { room, advance, drawn } of glyphs) {
    const narrow = pitch === 'fixed' ? Math.min(1, room / advance) : runNarrow;
    if (drawn) {
      const scale = em / drawn.font.unitsPerEm;
      const origin = pitch === 'fixed' ? left + (room - advance * narrow) / 2 : left;
      const edges = edgesOf(
        drawn.glyph,
        (x) => origin + x * scale * narrow,
        (y) => baseline - y * scale,
      );
      fill(edges, width, height, coverage);
    }
    left += pitch === 'fixed' ? room : advance * narrow;
  }
  const dots = new Uint8Array(width * height);
  for (let i = 0; i < dots.length; i++) dots[i] = coverage[i]! >= INKED ? 1 : 0;
  return { width, height, dots };
};

/** The picture turned a quarter: 'right' clockwise (its top to the right), 'left' anticlockwise. */
export const rotatePicture = (bitmap: Bitmap, rotation: 'none' | 'right' | 'left'): Bitmap => {
  if (rotation === 'none') return bitmap;
  const { width, height, dots } = bitmap;
  const turned = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Turned right, (x, y) goes to column height - 1 - y, row x; turned left, to column y, row width - 1 - x.
      const [tx, ty] = rotation === 'right' ? [height - 1 - y, x] : [y, width - 1 - x];
      turned[ty * height + tx] = dots[y * width + x]!;
    }
  return { width: height, height: width, dots: turned };
};
