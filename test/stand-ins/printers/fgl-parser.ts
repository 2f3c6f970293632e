// Reads FGL as a Boca printer does, for the ticket printer simulator: the commands Foyer's
// encoder emits (adapters/printing/fgl.ts lists them), text, the data of QR codes and Code 128
// barcodes, and graphics (<Gn> and its n bytes, whatever they are). Anything else is an error the
// simulator reports loudly. The parser keeps what it cannot finish yet (a command or its
// graphics cut in two by TCP) for the next chunk.

export type FglRotation = 'none' | 'right' | 'left';

export type FglItem =
  | {
      readonly kind: 'text';
      readonly row: number;
      readonly column: number;
      readonly font: number;
      readonly tall: number;
      readonly wide: number;
      readonly rotation: FglRotation;
      readonly text: string;
    }
  | {
      readonly kind: 'box';
      readonly row: number;
      readonly column: number;
      readonly height: number;
      readonly width: number;
      readonly thickness: number;
    }
  | {
      readonly kind: 'line';
      readonly row: number;
      readonly column: number;
      readonly direction: 'horizontal' | 'vertical';
      readonly length: number;
      readonly thickness: number;
    }
  | {
      readonly kind: 'qr';
      readonly row: number;
      readonly column: number;
      readonly pointSize: number;
      readonly data: string;
    }
  | {
      /** <Gn>: n dot columns from (row, column) along the ticket, each byte 8 rows, the top one in 0x80. */
      readonly kind: 'graphic';
      readonly row: number;
      readonly column: number;
      readonly bytes: readonly number[];
    }
  | {
      readonly kind: 'code128';
      readonly row: number;
      readonly column: number;
      readonly orientation: 'ladder' | 'picket';
      readonly units: number;
      readonly barWidth: number;
      readonly data: string;
    };

export type FglEvent =
  | { readonly kind: 'item'; readonly item: FglItem }
  | { readonly kind: 'print'; readonly cut: boolean }
  | { readonly kind: 'status-request' }
  | { readonly kind: 'count-request' }
  | { readonly kind: 'error'; readonly message: string };

// The resident fonts Foyer's layouts measure with (core/printing/ticket-stock.ts).
const FONTS = new Set([2, 3, 6, 7, 8, 9, 10, 11, 12, 13]);

export class FglParser {
  private pending = '';
  private row = 0;
  private column = 0;
  private font = 3;
  private tall = 1;
  private wide = 1;
  private rotation: FglRotation = 'none';
  private thickness = 1;
  private barWidth = 1;

  /** Feeds bytes; returns what they completed. */
  push(chunk: Buffer): FglEvent[] {
    this.pending += chunk.toString('latin1');
    const events: FglEvent[] = [];
    for (;;) {
      if (this.pending.length === 0) break;
      const open = this.pending.indexOf('<');
      if (open !== 0) {
        // Text up to the next command; text at the very end waits for the command after it.
        if (open < 0) break;
        this.text(this.pending.slice(0, open), events);
        this.pending = this.pending.slice(open);
        continue;
      }
      const close = this.pending.indexOf('>');
      if (close < 0) break;
      const name = this.pending.slice(1, close);
      const consumed = this.command(name, this.pending.slice(close + 1), events);
      if (consumed === undefined) break; // waiting for a barcode's data
      this.pending = this.pending.slice(close + 1 + consumed);
    }
    return events;
  }

  private text(text: string, events: FglEvent[]) {
    // Line ends between commands are not printed.
    const printable = text.replace(/[\r\n]/g, '');
    if (printable.length === 0) return;
    if (!/^[\x20-\x7e]*$/.test(printable)) {
      events.push({ kind: 'error', message: `non-ASCII text ${JSON.stringify(printable)}` });
      return;
    }
    events.push({
      kind: 'item',
      item: {
        kind: 'text',
        row: this.row,
        column: this.column,
        font: this.font,
        tall: this.tall,
        wide: this.wide,
        rotation: this.rotation,
        text: printable,
      },
    });
  }

  /** Applies one command; returns how many characters after '>' it took, or undefined to wait for more. */
  private command(name: string, rest: string, events: FglEvent[]): number | undefined {
    const item = (i: FglItem) => events.push({ kind: 'item', item: i });
    let m: RegExpMatchArray | null;
    if ((m = name.match(/^RC(\d+),(\d+)$/))) {
      this.row = Number(m[1]);
      this.column = Number(m[2]);
    } else if ((m = name.match(/^F(\d+)$/)) && FONTS.has(Number(m[1]))) {
      this.font = Number(m[1]);
      this.tall = 1;
      this.wide = 1;
    } else if ((m = name.match(/^HW(\d+),(\d+)$/))) {
      this.tall = Number(m[1]);
      this.wide = Number(m[2]);
    } else if (name === 'NR') this.rotation = 'none';
    else if (name === 'RR') this.rotation = 'right';
    else if (name === 'RL') this.rotation = 'left';
    else if ((m = name.match(/^LT(\d+)$/))) this.thickness = Number(m[1]);
    else if ((m = name.match(/^BX(\d+),(\d+)$/)))
      item({
        kind: 'box',
        row: this.row,
        column: this.column,
        height: Number(m[1]),
        width: Number(m[2]),
        thickness: this.thickness,
      });
    else if ((m = name.match(/^([HV])X(\d+)$/)))
      item({
        kind: 'line',
        row: this.row,
        column: this.column,
        direction: m[1] === 'H' ? 'horizontal' : 'vertical',
        length: Number(m[2]),
        thickness: this.thickness,
      });
    else if ((m = name.match(/^QR(\d+)(?:,([01]))?(?:,([0-2]))?(?:,([0-3]))?$/))) {
      if (!rest.startsWith('{')) {
        if (rest.length === 0) return undefined;
        events.push({ kind: 'error', message: `<${name}> not followed by {data}` });
        return 0;
      }
      const end = rest.indexOf('}');
      if (end < 0) return undefined;
      const pointSize = Number(m[1]);
      if (pointSize < 3 || pointSize > 16)
        events.push({ kind: 'error', message: `QR point size ${pointSize} outside 3..16` });
      else item({ kind: 'qr', row: this.row, column: this.column, pointSize, data: rest.slice(1, end) });
      return end + 1;
    } else if ((m = name.match(/^G(\d+)$/))) {
      const count = Number(m[1]);
      if (rest.length < count) return undefined;
      item({
        kind: 'graphic',
        row: this.row,
        column: this.column,
        bytes: Array.from(rest.slice(0, count), (ch) => ch.charCodeAt(0)),
      });
      return count;
    } else if ((m = name.match(/^X(\d+)$/))) this.barWidth = Number(m[1]);
    else if ((m = name.match(/^O([LP])(\d+)$/))) {
      if (!rest.startsWith('^')) {
        if (rest.length === 0) return undefined;
        events.push({ kind: 'error', message: `<${name}> not followed by ^data^` });
        return 0;
      }
      const end = rest.indexOf('^', 1);
      if (end < 0) return undefined;
      item({
        kind: 'code128',
        row: this.row,
        column: this.column,
        orientation: m[1] === 'L' ? 'ladder' : 'picket',
        units: Number(m[2]),
        barWidth: this.barWidth,
        data: rest.slice(1, end),
      });
      return end + 1;
    } else if (name === 'p' || name === 'q') events.push({ kind: 'print', cut: name === 'p' });
    else if (name === 'S1') events.push({ kind: 'status-request' });
    else if (name === 'S2') events.push({ kind: 'count-request' });
    else events.push({ kind: 'error', message: `unknown FGL command <${name}>` });
    return 0;
  }
}
