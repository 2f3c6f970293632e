import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { PrinterFault } from '../../core/printing/print-queue.ts';
import { escposStatusOf, escposStatusRequest, type EscposStatusKind } from './escpos-status.ts';
import { FGL_FAULTS, FGL_STATUS, fglStatusOf, type FglStatus } from './fgl-status.ts';
import { FGL_COUNT_REQUEST, FGL_STATUS_REQUEST } from './fgl.ts';
import { openSerialPort, parseSerialAddress } from './serial-port.ts';

// The print worker's connection to one printer, on TCP port 9100 or a serial line
// (adapters/printing/serial-port.ts), used by worker/print-queue.ts and the point-of-sale bridge: one
// piece (a ticket, a receipt) written at a time, then the printer's own word that it printed
// it. A Boca printer says it by itself (adapters/printing/fgl-status.ts): a ticket ACK when it
// verifies each ticket, else X-ON to a status request, which it answers only when ready; a
// fault byte (out of paper, jams) means the ticket is kept in the printer and printed once
// someone attends to it, so the link waits for that ticket's ACK rather than sending it again.
// An ESC/POS printer answers DLE EOT at once (adapters/printing/escpos-status.ts): after a
// receipt, "not offline" means it was printed; offline, the cause says which fault.

export type PrintOutcome =
  { readonly printed: true } | { readonly printed: false; readonly fault: PrinterFault };

export interface PrinterLink {
  /** Writes one piece and waits for the printer to say it printed it. */
  print(bytes: Uint8Array, timeoutMs: number): Promise<PrintOutcome>;
  /** After a fault: waits for the piece the printer kept to be printed (paper loaded, jam cleared). */
  awaitRecovery(timeoutMs: number): Promise<boolean>;
  /**
   * The printer's own count of tickets printed (FGL <S2>), once it has printed what it received;
   * undefined from a printer that does not count (ESC/POS) or does not answer in time.
   */
  ticketCount(timeoutMs: number): Promise<number | undefined>;
  /** False once the printer or the line closed it: open a new link. */
  readonly open: boolean;
  close(): void;
}

export interface PrinterAddress {
  readonly kind: 'fgl' | 'escpos';
  /** tcp://host:port, or serial:/dev/ttyS0[?baud=9600] (serial:COM3 on Windows) */
  readonly address: string;
  /** FGL: the printer sends a ticket ACK after every ticket. */
  readonly verify: boolean;
}

/** A network printer's tcp://host:port (serial addresses: adapters/printing/serial-port.ts). */
export const parseAddress = (address: string): { host: string; port: number } => {
  const m = /^tcp:\/\/([^/:]+):(\d{1,5})$/.exec(address);
  if (!m) throw new RangeError(`a printer address is tcp://host:port, not ${JSON.stringify(address)}`);
  return { host: m[1]!, port: Number(m[2]) };
};

/** The bytes the printer sends, read in order from a cursor, with a wait for the next one. */
const byteReader = (socket: Duplex) => {
  const bytes: number[] = [];
  let cursor = 0;
  let wake: (() => void) | null = null;
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    bytes.push(...chunk);
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  return {
    /** The next byte from the cursor on, or undefined at the deadline or when the link closes. */
    next: (deadline: number): Promise<number | undefined> =>
      new Promise((resolve) => {
        const check = () => {
          if (cursor < bytes.length) return finish(bytes[cursor++]);
          if (closed || Date.now() >= deadline) return finish(undefined);
        };
        const finish = (byte: number | undefined) => {
          clearTimeout(timer);
          wake = null;
          resolve(byte);
        };
        const timer = setTimeout(check, Math.max(0, deadline - Date.now()));
        wake = check;
        check();
      }),
    /** Forgets what came before: only answers to what is sent next count. */
    skip: () => {
      cursor = bytes.length;
    },
    get closed() {
      return closed;
    },
  };
};

const FGL_FAULT_OF: Partial<Record<FglStatus, PrinterFault>> = {
  outOfPaper: 'paper-out',
  paperJam: 'paper-jam',
  cutterJam: 'cutter-jam',
  powerUpProblem: 'printer-error',
};

const write = (socket: Duplex, bytes: Uint8Array | string) =>
  new Promise<void>((resolve, reject) =>
    socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes, (e) =>
      e ? reject(e) : resolve(),
    ),
  );

const fglLink = (socket: Duplex, verify: boolean): PrinterLink => {
  const reader = byteReader(socket);
  const ready = verify ? FGL_STATUS.ticketAck : FGL_STATUS.xOn;
  /** Reads until the printer says printed (or ready) or a fault; undefined at the deadline. */
  const answer = async (deadline: number): Promise<PrintOutcome | undefined> => {
    for (;;) {
      const byte = await reader.next(deadline);
      if (byte === undefined) return undefined;
      if (byte === ready) return { printed: true };
      const status = fglStatusOf(byte);
      if (status !== undefined && FGL_FAULTS.has(status))
        return { printed: false, fault: FGL_FAULT_OF[status] ?? 'printer-error' };
    }
  };
  return {
    async print(bytes, timeoutMs) {
      reader.skip();
      await write(socket, verify ? bytes : Buffer.concat([bytes, Buffer.from(FGL_STATUS_REQUEST, 'latin1')]));
      return (await answer(Date.now() + timeoutMs)) ?? { printed: false, fault: 'no-answer' };
    },
    async awaitRecovery(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const byte = await reader.next(deadline);
        if (byte === undefined) return false;
        if (verify && byte === FGL_STATUS.ticketAck) return true;
        // Without ticket ACKs the kept ticket is printed after X-ON: ask once more, as for any ticket.
        if (!verify && byte === FGL_STATUS.xOn) {
          reader.skip();
          await write(socket, FGL_STATUS_REQUEST);
          const outcome = await answer(deadline);
          return outcome?.printed === true;
        }
      }
    },
    get open() {
      return !reader.closed && !socket.destroyed;
    },
    async ticketCount(timeoutMs) {
      reader.skip();
      await write(socket, FGL_COUNT_REQUEST);
      const deadline = Date.now() + timeoutMs;
      // Status bytes may come between; the answer is the text `NNNNNNN PROM`.
      let text = '';
      for (;;) {
        const byte = await reader.next(deadline);
        if (byte === undefined) return undefined;
        if (byte < 0x20) continue;
        text = (text + String.fromCharCode(byte)).slice(-12);
        const count = /(\d{7}) PROM$/.exec(text);
        if (count) return Number(count[1]);
      }
    },
    close: () => socket.destroy(),
  };
};

const escposLink = (socket: Duplex): PrinterLink => {
  const reader = byteReader(socket);
  const ask = async (n: EscposStatusKind, deadline: number) => {
    reader.skip();
    await write(socket, escposStatusRequest(n));
    const byte = await reader.next(deadline);
    return byte === undefined ? undefined : escposStatusOf(n, byte);
  };
  const state = async (deadline: number): Promise<PrintOutcome | undefined> => {
    const printer = await ask(1, deadline);
    if (printer === undefined) return undefined;
    if (!printer.offline) return { printed: true };
    const cause = await ask(2, deadline);
    if (cause?.stoppedAtPaperEnd) return { printed: false, fault: 'paper-out' };
    if (cause?.coverOpen) return { printed: false, fault: 'cover-open' };
    const error = await ask(3, deadline);
    return { printed: false, fault: error?.cutterError ? 'cutter-jam' : 'printer-error' };
  };
  return {
    async print(bytes, timeoutMs) {
      // The printer reads in order: its answer to the status request comes after the receipt.
      await write(socket, bytes);
      return (await state(Date.now() + timeoutMs)) ?? { printed: false, fault: 'no-answer' };
    },
    async awaitRecovery(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const outcome = await state(deadline);
        if (outcome?.printed) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    },
    get open() {
      return !reader.closed && !socket.destroyed;
    },
    ticketCount: async () => undefined,
    close: () => socket.destroy(),
  };
};

const openTcp = async (address: string, timeoutMs: number): Promise<Duplex | undefined> => {
  const { host, port } = parseAddress(address);
  const socket = net.connect({ host, port });
  const connected = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!connected) {
    socket.destroy();
    return undefined;
  }
  socket.setNoDelay(true);
  return socket;
};

/**
 * Opens the link, or answers 'unreachable' when the printer does not take the connection (or
 * its serial port cannot be opened). A malformed address is a RangeError.
 */
export const openPrinterLink = async (
  printer: PrinterAddress,
  timeoutMs: number,
): Promise<PrinterLink | 'unreachable'> => {
  const serial = parseSerialAddress(printer.address);
  const stream = serial ? await openSerialPort(serial, timeoutMs) : await openTcp(printer.address, timeoutMs);
  if (stream === undefined) return 'unreachable';
  stream.on('error', () => stream.destroy());
  return printer.kind === 'fgl' ? fglLink(stream, printer.verify) : escposLink(stream);
};
