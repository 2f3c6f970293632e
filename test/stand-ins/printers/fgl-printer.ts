import net from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { FGL_STATUS } from '../../../adapters/printing/fgl-status.ts';
import { fontCell, ticketStock, type Dpi, type FontNumber } from '../../../core/printing/ticket-stock.ts';
import { FglParser, type FglItem } from './fgl-parser.ts';
import { drawCells, drawCode128, drawQr, qrSide } from './render.ts';
import { printedLog } from './printed-log.ts';

// A Boca ticket printer on 127.0.0.1 for tests: it reads FGL over TCP as the real one does on
// port 9100, records each ticket it prints (its items and whether it was cut), answers like the
// real printer in its normal status mode (adapters/printing/fgl-status.ts: a ticket ACK after
// each printed ticket when `ticketAck` is on, X-ON to <S1> only while ready, OUT OF PAPER,
// PAPER JAM or CUTTER JAM once when that happens, X-ON once it is ready again; its ticket count
// to <S2>, also only while ready) and keeps the
// tickets that arrive while it cannot print, printing them when stock is loaded or the jam
// cleared. A command it does not know is answered ILLEGAL DATA and kept in `errors`, as is
// anything drawn past the edge of the stock (which the real printer would silently clip).
// Graphics (<Gn>, the pictures of text its fonts lack) are drawn dot for dot.

export type FglFault = 'paper-out' | 'paper-jam' | 'cutter-jam';

const FAULT_STATUS: Readonly<Record<FglFault, number>> = {
  'paper-out': FGL_STATUS.outOfPaper,
  'paper-jam': FGL_STATUS.paperJam,
  'cutter-jam': FGL_STATUS.cutterJam,
};

export interface PrintedTicket {
  readonly items: readonly FglItem[];
  readonly cut: boolean;
  /** The ticket drawn as the printer would, once `rendered` resolves (a PNG). */
  readonly rendered: Promise<Buffer>;
}

export interface FglPrinterOptions {
  readonly dpi?: Dpi;
  /** Send a ticket ACK (0x06) after each printed ticket (on, as Boca printers ship). */
  readonly ticketAck?: boolean;
}

export interface FglPrinter {
  readonly port: number;
  readonly tickets: readonly PrintedTicket[];
  /** Unknown commands and bad data, in the order met. */
  readonly errors: readonly string[];
  /** Tickets received but not printed while out of paper or jammed. */
  readonly held: number;
  readonly fault: FglFault | null;
  /** The fault happens when the printer tries to print after `afterTickets` more tickets. */
  failAfter(fault: FglFault, afterTickets?: number): void;
  /** Paper loaded or jam cleared: X-ON, then the held tickets print. */
  recover(): void;
  /** Resolves once `count` tickets in all have been printed. */
  waitForTickets(count: number, timeoutMs?: number): Promise<readonly PrintedTicket[]>;
  /** Writes every printed ticket as ticket-<n>.png in `directory`; returns the files. */
  saveTickets(directory: string, prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/** What of an item lies outside the stock, as the printer would clip it; undefined when all is on the ticket. */
const offTheStock = (item: FglItem, dpi: Dpi): string | undefined => {
  const stock = ticketStock(dpi);
  let bottom: number;
  let right: number;
  switch (item.kind) {
    case 'text': {
      const cell = fontCell(item.font as FontNumber, dpi);
      const along = Array.from(item.text).length * cell.width * item.wide;
      const across = cell.height * item.tall;
      [bottom, right] =
        item.rotation === 'none'
          ? [item.row + across, item.column + along]
          : [item.row + along, item.column + across];
      break;
    }
    case 'box':
      [bottom, right] = [item.row + item.height, item.column + item.width];
      break;
    case 'line':
      [bottom, right] =
        item.direction === 'horizontal'
          ? [item.row + item.thickness, item.column + item.length]
          : [item.row + item.length, item.column + item.thickness];
      break;
    case 'qr': {
      const side = qrSide(item.data, item.pointSize);
      [bottom, right] = [item.row + side, item.column + side];
      break;
    }
    case 'graphic':
      [bottom, right] = [item.row + 8, item.column + item.bytes.length];
      break;
    case 'code128':
      return undefined;
  }
  return bottom > stock.rows || right > stock.columns
    ? `${item.kind} at row ${item.row}, column ${item.column} reaches row ${bottom}, column ${right}: off the ${stock.rows} x ${stock.columns} stock`
    : undefined;
};

const renderTicket = async (items: readonly FglItem[], dpi: Dpi): Promise<Buffer> => {
  const stock = ticketStock(dpi);
  const canvas = createCanvas(stock.columns, stock.rows);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, stock.columns, stock.rows);
  ctx.strokeStyle = '#bbb';
  ctx.strokeRect(0.5, 0.5, stock.columns - 1, stock.rows - 1);
  ctx.fillStyle = '#000';
  for (const item of items) {
    switch (item.kind) {
      case 'text': {
        const cell = fontCell(item.font as FontNumber, dpi);
        const w = cell.width * item.wide;
        const h = cell.height * item.tall;
        const along = Array.from(item.text).length * w;
        ctx.save();
        if (item.rotation === 'right') {
          ctx.translate(item.column + h, item.row);
          ctx.rotate(Math.PI / 2);
        } else if (item.rotation === 'left') {
          ctx.translate(item.column, item.row + along);
          ctx.rotate(-Math.PI / 2);
        } else ctx.translate(item.column, item.row);
        drawCells(ctx, item.text, w, h);
        ctx.restore();
        break;
      }
      case 'box':
        ctx.fillStyle = '#000';
        ctx.fillRect(item.column, item.row, item.width, item.thickness);
        ctx.fillRect(item.column, item.row + item.height - item.thickness, item.width, item.thickness);
        ctx.fillRect(item.column, item.row, item.thickness, item.height);
        ctx.fillRect(item.column + item.width - item.thickness, item.row, item.thickness, item.height);
        break;
      case 'line':
        ctx.fillStyle = '#000';
        if (item.direction === 'horizontal') ctx.fillRect(item.column, item.row, item.length, item.thickness);
        else ctx.fillRect(item.column, item.row, item.thickness, item.length);
        break;
      case 'qr':
        drawQr(ctx, item.data, item.column, item.row, item.pointSize);
        break;
      case 'code128':
        drawCode128(ctx, item.data, item.column, item.row, item.barWidth, item.units * 8, item.orientation);
        break;
      case 'graphic':
        ctx.fillStyle = '#000';
        item.bytes.forEach((byte, i) => {
          for (let bit = 0; bit < 8; bit++)
            if (byte & (0x80 >> bit)) ctx.fillRect(item.column + i, item.row + bit, 1, 1);
        });
        break;
    }
  }
  return canvas.encode('png');
};

export const startFglPrinter = async (options: FglPrinterOptions = {}): Promise<FglPrinter> => {
  const dpi = options.dpi ?? 200;
  const ticketAck = options.ticketAck ?? true;
  const printed = printedLog<PrintedTicket>('FGL printer', 'tickets');
  const errors: string[] = [];
  const heldTickets: { items: FglItem[]; cut: boolean }[] = [];
  const sockets = new Set<net.Socket>();
  let fault: FglFault | null = null;
  let planned: { fault: FglFault; after: number } | null = null;

  // Status goes to every connected host, as the printer has one output buffer for its port.
  const say = (byte: number) => {
    for (const socket of sockets) socket.write(Uint8Array.of(byte));
  };
  const print = (ticket: { items: FglItem[]; cut: boolean }) => {
    if (fault === null && planned !== null) {
      if (planned.after === 0) {
        fault = planned.fault;
        planned = null;
        say(FAULT_STATUS[fault]);
      } else planned.after -= 1;
    }
    if (fault !== null) {
      heldTickets.push(ticket);
      return;
    }
    printed.add({ ...ticket, rendered: renderTicket(ticket.items, dpi) });
    if (ticketAck) say(FGL_STATUS.ticketAck);
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    const parser = new FglParser();
    let items: FglItem[] = [];
    socket.on('data', (chunk) => {
      for (const event of parser.push(chunk)) {
        if (event.kind === 'item') {
          items.push(event.item);
          const off = offTheStock(event.item, dpi);
          if (off !== undefined) errors.push(off);
        } else if (event.kind === 'print') {
          print({ items, cut: event.cut });
          items = [];
        } else if (event.kind === 'status-request') {
          if (fault === null) socket.write(Uint8Array.of(FGL_STATUS.xOn));
        } else if (event.kind === 'count-request') {
          // Like <S1>, answered only while ready: its count of tickets printed, and firmware.
          if (fault === null)
            socket.write(`${String(printed.items.length).padStart(7, '0')} PROM = FGL46G42\r`, 'latin1');
        } else {
          errors.push(event.message);
          socket.write(Uint8Array.of(FGL_STATUS.illegalData));
        }
      }
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the FGL printer has no TCP port');

  return {
    port: address.port,
    tickets: printed.items,
    errors,
    get held() {
      return heldTickets.length;
    },
    get fault() {
      return fault;
    },
    failAfter(kind, afterTickets = 0) {
      planned = { fault: kind, after: afterTickets };
    },
    recover() {
      if (fault === null) return;
      fault = null;
      say(FGL_STATUS.xOn);
      for (const ticket of heldTickets.splice(0)) print(ticket);
    },
    waitForTickets: (count, timeoutMs) => printed.waitFor(count, timeoutMs),
    saveTickets: (directory, prefix = 'ticket') => printed.save(directory, prefix),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
