import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { orderDocumentFactory } from '../../core/orders/test-factories.ts';
import { designTicket } from '../../core/printing/ticket-design.ts';
import { startFglPrinter, type FglPrinter } from '../../test/stand-ins/printers/fgl-printer.ts';
import { fglTicket } from './fgl.ts';
import { openPrinterLink, type PrinterLink } from './printer-link.ts';
import { parseSerialAddress } from './serial-port.ts';

// Serial printer addresses, and the printer link over a serial line: a pseudo-terminal made by
// socat whose far end is the FGL printer stand-in, with the same acknowledgement rules as TCP.

describe('serial printer addresses', () => {
  it('reads serial:PATH with an optional baud rate, 9600 by default', () => {
    expect(parseSerialAddress('serial:/dev/ttyS0')).toEqual({ path: '/dev/ttyS0', baudRate: 9600 });
    expect(parseSerialAddress('serial:COM3?baud=115200')).toEqual({ path: 'COM3', baudRate: 115200 });
    expect(parseSerialAddress('tcp://127.0.0.1:9100')).toBeUndefined();
  });

  it('says what is wrong with a malformed one', () => {
    expect(() => parseSerialAddress('serial:')).toThrow(
      'a serial printer address is serial:/dev/ttyS0 or serial:COM3, optionally ?baud=9600, not "serial:"',
    );
    expect(() => parseSerialAddress('serial:/dev/ttyS0?baud=9601')).toThrow(
      'the baud rate of "serial:/dev/ttyS0?baud=9601" must be one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    );
  });
});

let dir: string | undefined;
let socat: ChildProcess | undefined;
let printer: FglPrinter | undefined;
let link: PrinterLink | 'unreachable' | undefined;
afterEach(async () => {
  if (link !== undefined && link !== 'unreachable') link.close();
  if (socat !== undefined) {
    const exited = new Promise((resolve) => socat!.once('exit', resolve));
    socat.kill();
    await exited;
  }
  await printer?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = socat = printer = link = undefined;
});

describe('the printer link on a serial line', () => {
  it('prints, reports paper out, and sees the kept ticket printed once paper is loaded', async () => {
    printer = await startFglPrinter({ dpi: 200, ticketAck: true });
    dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-serial-'));
    const tty = path.join(dir, 'tty');
    socat = spawn('socat', [`pty,raw,echo=0,link=${tty}`, `TCP:127.0.0.1:${printer.port}`], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (
      await access(tty).then(
        () => false,
        () => true,
      )
    ) {
      if (Date.now() > deadline) throw new Error(`socat made no ${tty}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const doc = orderDocumentFactory();
    const ticket = Buffer.from(
      fglTicket(designTicket({ doc, ticket: doc.tickets[0]!, usherMessage: null }, 200)),
      'latin1',
    );

    link = await openPrinterLink({ kind: 'fgl', address: `serial:${tty}?baud=38400`, verify: true }, 2_000);
    if (link === 'unreachable') throw new Error('the serial line did not open');
    expect(link.open).toBe(true);
    expect(await link.print(ticket, 5_000)).toEqual({ printed: true });
    expect(printer.tickets).toHaveLength(1);

    printer.failAfter('paper-out');
    expect(await link.print(ticket, 5_000)).toEqual({ printed: false, fault: 'paper-out' });
    expect(printer.held).toBe(1);
    const recovered = link.awaitRecovery(5_000);
    printer.recover();
    expect(await recovered).toBe(true);
    expect(printer.tickets).toHaveLength(2);
  });

  it('is unreachable when the port cannot be opened', async () => {
    link = await openPrinterLink({ kind: 'escpos', address: 'serial:/dev/foyer-none', verify: false }, 1_000);
    expect(link).toBe('unreachable');
  });
});
