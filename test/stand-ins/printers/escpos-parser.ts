// Reads ESC/POS as an 80 mm receipt printer does, for the receipt printer simulator: the
// commands adapters/printing/escpos.ts sends through @point-of-sale/receipt-printer-encoder,
// raster images (GS v 0) and DLE EOT real-time status requests. Anything else is reported as an
// error. Text is decoded in the selected code page (0: CP437, of which only ASCII is accepted
// here; 16: Windows-1252). A line feed with nothing to print feeds the line spacing: none after
// ESC 3 0 (as the encoder sets it around a raster image), so no empty line then.

export interface EscposLine {
  readonly text: string;
  readonly bold: boolean;
  /** Character width and height multipliers (GS !). */
  readonly width: number;
  readonly height: number;
  readonly align: 'left' | 'center' | 'right';
}

export type EscposEvent =
  | { readonly kind: 'line'; readonly line: EscposLine }
  | {
      readonly kind: 'qr';
      readonly data: string;
      readonly moduleSize: number;
      readonly align: EscposLine['align'];
    }
  | {
      /** GS v 0: `width` x `height` dots, `dots[y * width + x]` 1 where inked. */
      readonly kind: 'raster';
      readonly width: number;
      readonly height: number;
      readonly dots: Uint8Array;
    }
  | { readonly kind: 'cut'; readonly partial: boolean }
  | { readonly kind: 'drawer'; readonly pin: 2 | 5; readonly onMs: number; readonly offMs: number }
  | { readonly kind: 'status-request'; readonly n: 1 | 2 | 3 | 4 }
  | { readonly kind: 'init' }
  | { readonly kind: 'error'; readonly message: string };

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const LF = 0x0a;
const CR = 0x0d;
const ALIGN = ['left', 'center', 'right'] as const;
const windows1252 = new TextDecoder('windows-1252');

export class EscposParser {
  private pending: number[] = [];
  private text: number[] = [];
  private bold = false;
  private width = 1;
  private height = 1;
  private align: EscposLine['align'] = 'left';
  private codepage = 0;
  private qrData = '';
  private qrModule = 3;
  /** Dots a line feed advances with nothing to print: undefined for the default spacing. */
  private lineSpacing: number | undefined = undefined;
  /** The style when the line's first character came: a line prints in one style. */
  private lineStyle: Omit<EscposLine, 'text'> = { bold: false, width: 1, height: 1, align: 'left' };

  push(chunk: Uint8Array): EscposEvent[] {
    this.pending.push(...chunk);
    const events: EscposEvent[] = [];
    for (;;) {
      const used = this.step(events);
      if (used === 0) break;
      this.pending = this.pending.slice(used);
    }
    return events;
  }

  private decode(bytes: number[], events: EscposEvent[]): string {
    if (this.codepage === 16) return windows1252.decode(Uint8Array.from(bytes));
    if (bytes.some((b) => b >= 0x80))
      events.push({ kind: 'error', message: `bytes above 0x7f in code page ${this.codepage}` });
    return String.fromCharCode(...bytes.filter((b) => b < 0x80));
  }

  private flushText(events: EscposEvent[], always: boolean) {
    if (this.text.length === 0 && !always) return;
    const style =
      this.text.length > 0
        ? this.lineStyle
        : { bold: this.bold, width: this.width, height: this.height, align: this.align };
    events.push({ kind: 'line', line: { text: this.decode(this.text, events), ...style } });
    this.text = [];
  }

  /** Takes one command or character from the front of `pending`; 0 when it needs more bytes. */
  private step(events: EscposEvent[]): number {
    const b = this.pending;
    if (b.length === 0) return 0;
    const need = (n: number) => b.length >= n;
    const first = b[0]!;
    if (first === LF) {
      if (this.text.length > 0 || this.lineSpacing !== 0) this.flushText(events, true);
      return 1;
    }
    if (first === CR) return 1;
    if (first >= 0x20 && first !== 0x7f) {
      if (this.text.length === 0)
        this.lineStyle = { bold: this.bold, width: this.width, height: this.height, align: this.align };
      this.text.push(first);
      return 1;
    }
    if (!need(2)) return 0;
    const second = b[1]!;
    if (first === DLE && second === 0x04) {
      if (!need(3)) return 0;
      const n = b[2]!;
      if (n >= 1 && n <= 4) events.push({ kind: 'status-request', n: n as 1 | 2 | 3 | 4 });
      else events.push({ kind: 'error', message: `DLE EOT ${n}` });
      return 3;
    }
    if (first === ESC) {
      switch (second) {
        case 0x40: // ESC @ initialize
          this.bold = false;
          this.width = this.height = 1;
          this.align = 'left';
          this.codepage = 0;
          this.lineSpacing = undefined;
          events.push({ kind: 'init' });
          return 2;
        case 0x32: // ESC 2 default line spacing
          this.lineSpacing = undefined;
          return 2;
        case 0x33: // ESC 3 n line spacing of n dots
          if (!need(3)) return 0;
          this.lineSpacing = b[2]!;
          return 3;
        case 0x45: // ESC E n bold
          if (!need(3)) return 0;
          this.bold = (b[2]! & 1) === 1;
          return 3;
        case 0x4d: // ESC M n font
          if (!need(3)) return 0;
          if (b[2] !== 0) events.push({ kind: 'error', message: `font ${b[2]} (only font A)` });
          return 3;
        case 0x74: // ESC t n code page
          if (!need(3)) return 0;
          if (b[2] !== 0 && b[2] !== 16) events.push({ kind: 'error', message: `code page ${b[2]}` });
          this.codepage = b[2]!;
          return 3;
        case 0x61: // ESC a n justification
          if (!need(3)) return 0;
          this.flushText(events, false);
          this.align = ALIGN[b[2]! % 48] ?? 'left';
          return 3;
        case 0x70: // ESC p m t1 t2 drawer kick
          if (!need(5)) return 0;
          events.push({ kind: 'drawer', pin: b[2]! % 48 === 0 ? 2 : 5, onMs: b[3]! * 2, offMs: b[4]! * 2 });
          return 5;
      }
    }
    if (first === FS && second === 0x2e) return 2; // FS . cancel Kanji mode
    if (first === GS) {
      switch (second) {
        case 0x21: // GS ! n character size
          if (!need(3)) return 0;
          this.width = (b[2]! >> 4) + 1;
          this.height = (b[2]! & 0x0f) + 1;
          return 3;
        case 0x76: {
          // GS v 0 m xL xH yL yH d1 ... dk: raster image, x bytes a row, y rows, 0x80 the left dot
          if (!need(8)) return 0;
          if (b[2] !== 0x30) break;
          const rowBytes = b[4]! + b[5]! * 256;
          const rows = b[6]! + b[7]! * 256;
          if (!need(8 + rowBytes * rows)) return 0;
          this.flushText(events, false);
          if (b[3]! % 48 !== 0) events.push({ kind: 'error', message: `GS v 0 scaling mode ${b[3]}` });
          const width = rowBytes * 8;
          const dots = new Uint8Array(width * rows);
          for (let y = 0; y < rows; y++)
            for (let x = 0; x < width; x++)
              dots[y * width + x] = (b[8 + y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
          events.push({ kind: 'raster', width, height: rows, dots });
          return 8 + rowBytes * rows;
        }
        case 0x56: // GS V m [n] cut
          if (!need(3)) return 0;
          this.flushText(events, false);
          if (b[2] === 0x41 || b[2] === 0x42) {
            if (!need(4)) return 0;
            events.push({ kind: 'cut', partial: b[2] === 0x42 });
            return 4;
          }
          events.push({ kind: 'cut', partial: b[2]! % 48 === 1 });
          return 3;
        case 0x28: {
          // GS ( k pL pH cn fn ...: two-dimensional symbols
          if (!need(5)) return 0;
          if (b[2] !== 0x6b) break;
          const size = b[3]! + b[4]! * 256;
          if (!need(5 + size)) return 0;
          const [cn, fn, ...params] = b.slice(5, 5 + size);
          if (cn !== 0x31) events.push({ kind: 'error', message: `GS ( k symbol ${cn}` });
          else if (fn === 0x41 || fn === 0x45) {
            // model, error correction: taken as sent
          } else if (fn === 0x43) this.qrModule = params[0]!;
          else if (fn === 0x50) this.qrData = this.decode(params.slice(1), events);
          else if (fn === 0x51) {
            this.flushText(events, false);
            events.push({ kind: 'qr', data: this.qrData, moduleSize: this.qrModule, align: this.align });
          } else events.push({ kind: 'error', message: `GS ( k QR function ${fn}` });
          return 5 + size;
        }
      }
    }
    events.push({
      kind: 'error',
      message: `unknown ESC/POS bytes ${b
        .slice(0, 3)
        .map((x) => x.toString(16).padStart(2, '0'))
        .join(' ')}`,
    });
    return 1;
  }
}
