import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escposReceipt } from '../adapters/printing/escpos.ts';
import { fglTicket } from '../adapters/printing/fgl.ts';
import { orderDocumentFactory } from '../core/orders/test-factories.ts';
import { designSaleReceipt } from '../core/printing/receipt-design.ts';
import { designTicket } from '../core/printing/ticket-design.ts';
import { startEscposPrinter, type EscposPrinter } from '../test/stand-ins/printers/escpos-printer.ts';
import { startFglPrinter, type FglPrinter } from '../test/stand-ins/printers/fgl-printer.ts';
import { FglParser, type FglItem } from '../test/stand-ins/printers/fgl-parser.ts';
import { setPrinters } from './config.ts';
import { startBridge, type RunningBridge } from './server.ts';
import { callBridge, writePairedConfig } from './test-client.ts';

// sendprinterdata and opendrawer against the printer stand-ins (test/stand-ins/printers/), over
// TCP and over a serial line: a pseudo-terminal made by socat whose other end is the stand-in.

const doc = orderDocumentFactory({ currencyLocale: 'en-gb', currency: 'GBP' });
const ticketFgl = (dpi: 200 | 300) =>
  fglTicket(designTicket({ doc, ticket: doc.tickets[0]!, usherMessage: 'Enter by door C' }, dpi));
const receipt = () =>
  Buffer.from(
    escposReceipt(
      designSaleReceipt({
        doc,
        header: {
          name: 'The Grand Théâtre',
          lines: ['1 Strand, London WC2'],
          timeZone: 'Europe/London',
          printedAt: new Date('2026-11-26T15:00:00Z'),
          cashier: 'Sam',
        },
        payments: [{ method: 'card', amount: 15000, cardBrand: 'Visa', last4: '4242' }],
      }),
    ),
  ).toString('base64');
const texts = (items: readonly FglItem[]) =>
  items.flatMap((item) => (item.kind === 'text' ? [item.text] : []));

let home: string;
let bridge: RunningBridge | undefined;
let fgl: FglPrinter | undefined;
let escpos: EscposPrinter | undefined;
const children: ChildProcess[] = [];
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'foyer-bridge-print-'));
  await writePairedConfig(home);
  bridge = await startBridge({ home, port: 0, printTimeouts: { connectMs: 2_000, ackMs: 5_000 } });
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
  await bridge?.close();
  await fgl?.close();
  await escpos?.close();
  bridge = fgl = escpos = undefined;
  await rm(home, { recursive: true, force: true });
});

const call = (query: string, options?: Parameters<typeof callBridge>[3]) =>
  callBridge(bridge!.url, home, query, options);

/** A serial port at `link` whose far end is TCP `port` on loopback (socat), once it exists. */
const serialTo = async (port: number): Promise<string> => {
  const link = path.join(home, `tty-${port}`);
  const child = spawn('socat', [`pty,raw,echo=0,link=${link}`, `TCP:127.0.0.1:${port}`], { stdio: 'ignore' });
  children.push(child);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await access(link);
      return link;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`socat made no ${link}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};

describe('sendprinterdata', () => {
  it.each([
    { dpi: 300 as const, verify: false },
    { dpi: 200 as const, verify: true },
  ])(
    'prints an FGL ticket sent as text on the ticket printer (%o) and answers Printed',
    async ({ dpi, verify }) => {
      fgl = await startFglPrinter({ dpi, ticketAck: verify });
      await setPrinters(home, {
        ticket: `tcp://127.0.0.1:${fgl.port}`,
        ticketDpi: dpi,
        ticketVerify: verify,
      });
      const answer = await call('rpc=sendprinterdata&printer=ticket&encoding=text', { body: ticketFgl(dpi) });
      expect(answer).toMatchObject({ status: 200, json: { Printed: true } });
      // Printed before the answer: the bridge waited for the printer's word.
      expect(fgl.tickets).toHaveLength(1);
      expect(fgl.errors).toEqual([]);
      expect(fgl.tickets[0]!.cut).toBe(true);
      expect(texts(fgl.tickets[0]!.items)).toContain('Enter by door C');
    },
  );

  it('prints a Japanese ticket sent as text, its graphics bytes as they left the server', async () => {
    fgl = await startFglPrinter({ dpi: 200 });
    await setPrinters(home, { ticket: `tcp://127.0.0.1:${fgl.port}`, ticketDpi: 200, ticketVerify: true });
    const jaDoc = orderDocumentFactory({
      events: doc.events.map((e) => ({ ...e, name: 'ハムレット', venueTimeZone: 'Asia/Tokyo' })),
    });
    // Graphics bytes are any of 0 .. 255, carried as the Latin-1 characters of the FGL text.
    const ticket = fglTicket(
      designTicket({ doc: jaDoc, ticket: jaDoc.tickets[0]!, usherMessage: '山田太郎様' }, 200),
    );
    expect(ticket).toMatch(/[\x80-\xff]/);
    const answer = await call('rpc=sendprinterdata&printer=ticket&encoding=text&dpi=200', { body: ticket });
    expect(answer).toMatchObject({ status: 200, json: { Printed: true } });
    expect(fgl.errors).toEqual([]);
    const graphics = (items: readonly FglItem[]) => items.filter((i) => i.kind === 'graphic');
    const sent = new FglParser()
      .push(Buffer.from(ticket, 'latin1'))
      .flatMap((e) => (e.kind === 'item' ? [e.item] : []));
    expect(graphics(sent).length).toBeGreaterThan(5);
    expect(graphics(fgl.tickets[0]!.items)).toEqual(graphics(sent));
  });

  it('refuses a ticket laid out for another dpi than its ticket printer, printing nothing', async () => {
    fgl = await startFglPrinter({ dpi: 200 });
    await setPrinters(home, { ticket: `tcp://127.0.0.1:${fgl.port}`, ticketDpi: 200, ticketVerify: true });
    const ticket = 'rpc=sendprinterdata&printer=ticket&encoding=text';
    expect(await call(`${ticket}&dpi=300`, { body: ticketFgl(300) })).toMatchObject({
      status: 409,
      json: {
        Message:
          'This ticket was laid out for a 300 dpi ticket printer, but this counter’s ticket printer is 200 dpi: nothing was printed. Print it again.',
      },
    });
    expect(fgl.tickets).toHaveLength(0);
    expect(await call(`${ticket}&dpi=250`, { body: ticketFgl(200) })).toMatchObject({
      status: 400,
      json: { Message: 'dpi: must be 200 or 300, not "250".' },
    });
    const tail = (await call('rpc=openlogfile')).json.Tail as string[];
    expect(tail.at(-1)).toMatch(/WARN {2}ticket printer: This ticket was laid out for a 300 dpi/);

    // Laid out for its own dpi: printed whole, the QR code and the order number on the stock.
    expect(await call(`${ticket}&dpi=200`, { body: ticketFgl(200) })).toMatchObject({
      status: 200,
      json: { Printed: true },
    });
    expect(fgl.errors).toEqual([]);
    expect(fgl.tickets[0]!.items.some((i) => i.kind === 'qr' && i.data === 'FYR7Q2M9K4XW1TB8')).toBe(true);
    expect(texts(fgl.tickets[0]!.items)).toContain('Order F-104242');
  });

  it('prints an ESC/POS receipt sent as base64 on the receipt printer', async () => {
    escpos = await startEscposPrinter();
    await setPrinters(home, { receipt: `tcp://127.0.0.1:${escpos.port}` });
    expect(
      await call('rpc=sendprinterdata&printer=receipt&encoding=base64', { body: receipt() }),
    ).toMatchObject({
      status: 200,
      json: { Printed: true },
    });
    expect(escpos.receipts).toHaveLength(1);
    expect(escpos.receipts[0]!.lines.map((l) => l.text)).toContain('   The Grand Théâtre');
    expect(escpos.receipts[0]!.partialCut).toBe(true);
    expect(escpos.errors).toEqual([]);
  });

  it("answers 503 with the printer's words when it runs out of paper, and prints the kept piece later", async () => {
    fgl = await startFglPrinter({ dpi: 300 });
    escpos = await startEscposPrinter();
    await setPrinters(home, {
      ticket: `tcp://127.0.0.1:${fgl.port}`,
      receipt: `tcp://127.0.0.1:${escpos.port}`,
    });
    fgl.failAfter('paper-out');
    expect(await call('rpc=sendprinterdata&printer=ticket', { body: ticketFgl(300) })).toMatchObject({
      status: 503,
      json: {
        Message: 'Ticket printer: The printer is out of paper. Load paper, then print again.',
        Fault: 'paper-out',
      },
    });
    expect(fgl.held).toBe(1);

    escpos.runOutOfPaper();
    expect(
      await call('rpc=sendprinterdata&printer=receipt&encoding=base64', { body: receipt() }),
    ).toMatchObject({
      status: 503,
      json: {
        Message: 'Receipt printer: The printer is out of paper. Load paper, then print again.',
        Fault: 'paper-out',
      },
    });
    escpos.loadPaper();
    await escpos.waitForReceipts(1);

    const tail = (await call('rpc=openlogfile')).json.Tail as string[];
    expect(tail.at(-1)).toMatch(/WARN {2}receipt printer: Receipt printer: The printer is out of paper/);
  });

  it('says which printer is missing, which cannot be reached, and what is wrong with the request', async () => {
    expect(await call('rpc=sendprinterdata&printer=ticket', { body: '<p>' })).toMatchObject({
      status: 404,
      json: {
        Message:
          'No ticket printer is set on this bridge: npm run bridge -- printers --ticket tcp://host:9100',
      },
    });
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await setPrinters(home, { receipt: `tcp://127.0.0.1:${port}` });
    expect(await call('rpc=opendrawer')).toMatchObject({
      status: 503,
      json: {
        Message:
          'Receipt printer: The printer cannot be reached. Check its power and network cable, then print again.',
        Fault: 'unreachable',
      },
    });
    expect(await call('rpc=sendprinterdata&printer=kitchen', { body: 'x' })).toMatchObject({
      status: 400,
      json: { Message: 'printer: must be ticket or receipt, not "kitchen".' },
    });
    expect(await call('rpc=sendprinterdata&printer=receipt&encoding=base64', { body: '' })).toMatchObject({
      status: 400,
      json: { Message: 'The body is empty: send the print data as text/plain.' },
    });
    expect(await call('rpc=sendprinterdata&printer=receipt&encoding=base64', { body: '<p>' })).toMatchObject({
      status: 400,
    });
  });
});

describe('opendrawer', () => {
  it('kicks the cash drawer through the receipt printer', async () => {
    escpos = await startEscposPrinter();
    await setPrinters(home, { receipt: `tcp://127.0.0.1:${escpos.port}` });
    expect(await call('rpc=opendrawer')).toMatchObject({ status: 200, json: { Opened: true } });
    expect(escpos.drawerKicks).toBe(1);
    expect(escpos.drawerOpen).toBe(true);
    expect(escpos.receipts).toHaveLength(0);
  });
});

describe('serial printers', () => {
  it('prints a ticket and a receipt and kicks the drawer over serial lines', async () => {
    fgl = await startFglPrinter({ dpi: 300 });
    escpos = await startEscposPrinter();
    const ticketTty = await serialTo(fgl.port);
    const receiptTty = await serialTo(escpos.port);
    await setPrinters(home, { ticket: `serial:${ticketTty}?baud=115200`, receipt: `serial:${receiptTty}` });
    expect(await call('rpc=systeminfo')).toMatchObject({
      json: { Printers: { ticket: `serial:${ticketTty}?baud=115200`, receipt: `serial:${receiptTty}` } },
    });

    expect(await call('rpc=sendprinterdata&printer=ticket', { body: ticketFgl(300) })).toMatchObject({
      status: 200,
      json: { Printed: true },
    });
    expect(texts(fgl.tickets[0]!.items)).toContain('Enter by door C');
    expect(
      await call('rpc=sendprinterdata&printer=receipt&encoding=base64', { body: receipt() }),
    ).toMatchObject({
      status: 200,
    });
    expect(escpos.receipts).toHaveLength(1);
    expect(await call('rpc=opendrawer')).toMatchObject({ status: 200 });
    expect(escpos.drawerKicks).toBe(1);

    fgl.failAfter('paper-out');
    expect(await call('rpc=sendprinterdata&printer=ticket', { body: ticketFgl(300) })).toMatchObject({
      status: 503,
      json: { Fault: 'paper-out' },
    });
  });

  it('answers unreachable for a serial port that does not exist', async () => {
    await setPrinters(home, { ticket: 'serial:/dev/foyer-no-such-tty' });
    expect(await call('rpc=sendprinterdata&printer=ticket', { body: '<p>' })).toMatchObject({
      status: 503,
      json: { Fault: 'unreachable' },
    });
  });
});
