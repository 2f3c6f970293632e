import net from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { EscposParser, type EscposLine } from './escpos-parser.ts';
import { drawCells, drawQr, qrSide } from './render.ts';
import { printedLog } from './printed-log.ts';

// An 80 mm ESC/POS receipt printer on 127.0.0.1 for tests. It reads what
// adapters/printing/escpos.ts sends (escpos-parser.ts), records each receipt up to its cut with
// its lines, QR codes and drawer kicks, counts every drawer kick, and answers DLE EOT n at once
// as a real printer does, whatever state it is in (adapters/printing/escpos-status.ts has the
// bits): drawer open, cover open, paper near its end and paper end. At paper end it goes
// offline and keeps the receipts it receives, printing them once paper is loaded. Raster images
// (GS v 0: the lines its code page lacks, drawn by the encoder) are drawn dot for dot, where they
// come. Automatic status back (ASB, GS a) is not implemented: the printer reports it as an
// unknown command.

const DOTS = 576; // 72 mm printable at 203 dpi: 48 characters of 12 dots
const CELL = { width: 12, height: 24 };
const LINE_GAP = 6;

/** Where a raster image is on the rendered receipt, in its pixels. */
export interface PrintedRaster {
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface PrintedReceipt {
  readonly lines: readonly EscposLine[];
  /** The raster images, in order. */
  readonly rasters: readonly PrintedRaster[];
  readonly qrCodes: readonly string[];
  readonly partialCut: boolean;
  readonly drawerKicks: number;
  readonly rendered: Promise<Buffer>;
}

type Block =
  | { kind: 'line'; line: EscposLine }
  | { kind: 'qr'; data: string; moduleSize: number; align: EscposLine['align'] }
  | { kind: 'raster'; width: number; height: number; dots: Uint8Array };

export interface EscposPrinter {
  readonly port: number;
  readonly receipts: readonly PrintedReceipt[];
  readonly errors: readonly string[];
  readonly drawerKicks: number;
  readonly held: number;
  /** Paper runs out now: offline, receipts kept until `loadPaper`. */
  runOutOfPaper(): void;
  paperNearEnd(near: boolean): void;
  loadPaper(): void;
  openCover(open: boolean): void;
  /** The drawer's switch as the printer reads it (a kick opens it; someone closes it). */
  closeDrawer(): void;
  readonly drawerOpen: boolean;
  waitForReceipts(count: number, timeoutMs?: number): Promise<readonly PrintedReceipt[]>;
  saveReceipts(directory: string, prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

const TOP = 10;

/** Pixels a block takes down the receipt: a line and its spacing, a QR code and a gap, an image as it is. */
const heightOf = (block: Block) =>
  block.kind === 'line'
    ? CELL.height * block.line.height + LINE_GAP
    : block.kind === 'qr'
      ? qrSide(block.data, block.moduleSize) + LINE_GAP
      : block.height;

/** Where each block starts down the rendered receipt. */
const topsOf = (blocks: readonly Block[]): number[] => {
  let y = TOP;
  return blocks.map((block) => {
    const top = y;
    y += heightOf(block);
    return top;
  });
};

const rastersOf = (blocks: readonly Block[]): PrintedRaster[] => {
  const tops = topsOf(blocks);
  return blocks.flatMap((b, i) =>
    b.kind === 'raster' ? [{ top: tops[i]!, width: b.width, height: b.height }] : [],
  );
};

const renderReceipt = async (blocks: readonly Block[]): Promise<Buffer> => {
  const total = blocks.reduce((sum, block) => sum + heightOf(block), 0) + 40;
  const canvas = createCanvas(DOTS, total);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, DOTS, total);
  const tops = topsOf(blocks);
  blocks.forEach((block, i) => {
    const y = tops[i]!;
    if (block.kind === 'line') {
      const { line } = block;
      const width = Array.from(line.text).length * CELL.width * line.width;
      const x = line.align === 'center' ? (DOTS - width) / 2 : line.align === 'right' ? DOTS - width : 0;
      ctx.save();
      ctx.translate(x, y);
      drawCells(ctx, line.text, CELL.width * line.width, CELL.height * line.height);
      if (line.bold) {
        ctx.translate(1, 0);
        drawCells(ctx, line.text, CELL.width * line.width, CELL.height * line.height);
      }
      ctx.restore();
    } else if (block.kind === 'qr') {
      const side = qrSide(block.data, block.moduleSize);
      const x = block.align === 'center' ? (DOTS - side) / 2 : block.align === 'right' ? DOTS - side : 0;
      drawQr(ctx, block.data, x, y, block.moduleSize);
    } else {
      ctx.fillStyle = '#000';
      block.dots.forEach((dot, d) => {
        if (dot) ctx.fillRect(d % block.width, y + Math.floor(d / block.width), 1, 1);
      });
    }
  });
  // The cut.
  ctx.strokeStyle = '#888';
  ctx.setLineDash([8, 6]);
  ctx.beginPath();
  ctx.moveTo(0, total - 10);
  ctx.lineTo(DOTS, total - 10);
  ctx.stroke();
  return canvas.encode('png');
};

export const startEscposPrinter = async (): Promise<EscposPrinter> => {
  const printed = printedLog<PrintedReceipt>('ESC/POS printer', 'receipts');
  const errors: string[] = [];
  const heldReceipts: { receipt: Omit<PrintedReceipt, 'rendered'>; blocks: Block[] }[] = [];
  const sockets = new Set<net.Socket>();
  let drawerKicks = 0;
  let paperEnd = false;
  let nearEnd = false;
  let coverOpen = false;
  let drawerOpen = false;

  const print = (receipt: Omit<PrintedReceipt, 'rendered'>, blocks: Block[]) => {
    if (paperEnd) {
      heldReceipts.push({ receipt, blocks });
      return;
    }
    printed.add({ ...receipt, rendered: renderReceipt(blocks) });
  };

  const status = (n: 1 | 2 | 3 | 4): number => {
    const fixed = 0x12;
    const offline = paperEnd || coverOpen;
    switch (n) {
      case 1:
        return fixed | (drawerOpen ? 0x04 : 0) | (offline ? 0x08 : 0);
      case 2:
        return fixed | (coverOpen ? 0x04 : 0) | (paperEnd ? 0x20 : 0);
      case 3:
        return fixed;
      case 4:
        return fixed | (nearEnd || paperEnd ? 0x0c : 0) | (paperEnd ? 0x60 : 0);
    }
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    const parser = new EscposParser();
    let blocks: Block[] = [];
    let kicks = 0;
    socket.on('data', (chunk) => {
      for (const event of parser.push(chunk)) {
        switch (event.kind) {
          case 'line':
            blocks.push({ kind: 'line', line: event.line });
            break;
          case 'qr':
            blocks.push({ kind: 'qr', data: event.data, moduleSize: event.moduleSize, align: event.align });
            break;
          case 'raster':
            blocks.push({ kind: 'raster', width: event.width, height: event.height, dots: event.dots });
            break;
          case 'drawer':
            drawerKicks += 1;
            kicks += 1;
            drawerOpen = true;
            break;
          case 'cut':
            print(
              {
                lines: blocks.flatMap((b) => (b.kind === 'line' ? [b.line] : [])),
                rasters: rastersOf(blocks),
                qrCodes: blocks.flatMap((b) => (b.kind === 'qr' ? [b.data] : [])),
                partialCut: event.partial,
                drawerKicks: kicks,
              },
              blocks,
            );
            blocks = [];
            kicks = 0;
            break;
          case 'status-request':
            socket.write(Uint8Array.of(status(event.n)));
            break;
          case 'init':
            break;
          case 'error':
            errors.push(event.message);
            break;
        }
      }
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the ESC/POS printer has no TCP port');

  return {
    port: address.port,
    receipts: printed.items,
    errors,
    get drawerKicks() {
      return drawerKicks;
    },
    get held() {
      return heldReceipts.length;
    },
    get drawerOpen() {
      return drawerOpen;
    },
    runOutOfPaper() {
      paperEnd = true;
    },
    paperNearEnd(near) {
      nearEnd = near;
    },
    loadPaper() {
      paperEnd = false;
      nearEnd = false;
      for (const { receipt, blocks } of heldReceipts.splice(0)) print(receipt, blocks);
    },
    openCover(open) {
      coverOpen = open;
    },
    closeDrawer() {
      drawerOpen = false;
    },
    waitForReceipts: (count, timeoutMs) => printed.waitFor(count, timeoutMs),
    saveReceipts: (directory, prefix = 'receipt') => printed.save(directory, prefix),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
