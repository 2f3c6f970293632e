import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queueTicketJob } from '../adapters/postgres/printing/print-jobs.ts';
import { saleEventId } from '../test/basket.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { startEscposPrinter, type EscposPrinter } from '../test/stand-ins/printers/escpos-printer.ts';
import { startFglPrinter, type FglPrinter } from '../test/stand-ins/printers/fgl-printer.ts';
import { cliWorld, runFoyer } from './test-cli.ts';

// `foyer printers` as an operator types it, against the printer stand-ins on loopback.
const world = cliWorld('foyer-printers-cli-');
const sims: (FglPrinter | EscposPrinter)[] = [];
afterAll(async () => {
  for (const sim of sims) await sim.close();
});

const foyer = (args: string[]) =>
  runFoyer(world, args, { PRINT_ACK_TIMEOUT_MS: '3000', PRINT_CONNECT_TIMEOUT_MS: '1000' });

const waitForFile = async (file: string) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await access(file);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
};

const printerRows = () =>
  world.db('printers').orderBy('name').select('name', 'kind', 'address', 'dpi', 'verify', 'active');

describe('foyer printers', { timeout: 120_000 }, () => {
  it('refuses bad arguments with exit code 2, adding nothing', async () => {
    const serial = await foyer([
      'printers',
      'add',
      '--name',
      'Door',
      '--kind',
      'fgl',
      '--address',
      'serial:/dev/ttyS0?baud=1234',
    ]);
    expect(serial).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /--address: the baud rate of "serial:\/dev\/ttyS0\?baud=1234" must be one of 1200, /,
      ),
    });
    const kind = await foyer([
      'printers',
      'add',
      '--name',
      'Door',
      '--kind',
      'zpl',
      '--address',
      'tcp://127.0.0.1:9100',
    ]);
    expect(kind).toMatchObject({ code: 2, stderr: expect.stringMatching(/--kind: must be fgl or escpos/) });
    const address = await foyer([
      'printers',
      'add',
      '--name',
      'Door',
      '--kind',
      'fgl',
      '--address',
      '127.0.0.1',
    ]);
    expect(address).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--address: "127.0.0.1" is not a printer address/),
    });
    const dpi = await foyer([
      'printers',
      'add',
      '--name',
      'Door',
      '--kind',
      'fgl',
      '--address',
      'tcp://127.0.0.1:9100',
      '--dpi',
      '600',
    ]);
    expect(dpi).toMatchObject({ code: 2, stderr: expect.stringMatching(/--dpi: must be 200 or 300/) });
    expect(await printerRows()).toEqual([]);
  });

  it('adds, lists and tests a ticket and a receipt printer, and says a fault', async () => {
    const tickets = await startFglPrinter({ ticketAck: true });
    const receipts = await startEscposPrinter();
    sims.push(tickets, receipts);
    const added = await foyer([
      'printers',
      'add',
      '--name',
      'Window 1',
      '--kind',
      'fgl',
      '--address',
      `tcp://127.0.0.1:${tickets.port}`,
      '--dpi',
      '300',
      '--verify',
    ]);
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Added printer \d+: Window 1 {2}tickets \(fgl\)/),
    });
    expect(
      (
        await foyer([
          'printers',
          'add',
          '--name',
          'Receipts',
          '--kind',
          'escpos',
          '--address',
          `tcp://127.0.0.1:${receipts.port}`,
        ])
      ).code,
    ).toBe(0);
    const twice = await foyer([
      'printers',
      'add',
      '--name',
      'Window 1',
      '--kind',
      'fgl',
      '--address',
      'tcp://127.0.0.1:9100',
    ]);
    expect(twice).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/a printer is named "Window 1" already/),
    });

    const list = await foyer(['printers', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ Name: 'Receipts', Kind: 'escpos', Active: true }),
      expect.objectContaining({ Name: 'Window 1', Kind: 'fgl', Dpi: 300, Verify: true, Active: true }),
    ]);

    const ready = await foyer(['printers', 'test', 'Window 1']);
    expect(ready).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Window 1: ready \(printed a test ticket\)/),
    });
    expect(tickets.tickets).toHaveLength(1);
    expect(tickets.errors).toEqual([]);
    const receipt = await foyer(['printers', 'test', 'Receipts']);
    expect(receipt).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Receipts: ready \(printed a test receipt\)/),
    });
    expect(receipts.receipts).toHaveLength(1);

    tickets.failAfter('paper-out', 0);
    const out = await foyer(['printers', 'test', 'Window 1']);
    expect(out).toMatchObject({ code: 1, stdout: expect.stringMatching(/Window 1: paper out\./) });
    expect(out.stderr).toMatch(/out of paper\. Load paper, then test again/);
    tickets.recover();

    const unknown = await foyer(['printers', 'test', 'Nowhere']);
    expect(unknown).toMatchObject({
      code: 4,
      stderr: expect.stringMatching(/No printer is named "Nowhere"/),
    });
  });

  it('adds and tests a printer on a serial line', async () => {
    const receipts = await startEscposPrinter();
    sims.push(receipts);
    // A pseudo-terminal whose far end is the stand-in, as a printer on a serial cable would be.
    const tty = path.join(world.dir, 'tty-receipts');
    const socat = spawn('socat', [`pty,raw,echo=0,link=${tty}`, `TCP:127.0.0.1:${receipts.port}`], {
      stdio: 'ignore',
    });
    try {
      await waitForFile(tty);
      const added = await foyer([
        'printers',
        'add',
        '--name',
        'Counter receipts',
        '--kind',
        'escpos',
        '--address',
        `serial:${tty}?baud=19200`,
      ]);
      expect(added, added.stderr).toMatchObject({
        code: 0,
        stdout: expect.stringContaining(`serial:${tty}?baud=19200`),
      });
      expect(await foyer(['printers', 'test', 'Counter receipts'])).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/Counter receipts: ready \(printed a test receipt\)/),
      });
      expect(receipts.receipts).toHaveLength(1);
    } finally {
      const exited = new Promise((resolve) => socat.once('exit', resolve));
      socat.kill();
      await exited;
    }
  });

  it('removes a printer only when confirmed and when no job waits on it', async () => {
    const sim = await startFglPrinter();
    sims.push(sim);
    expect(
      (
        await foyer([
          'printers',
          'add',
          '--name',
          'Spare',
          '--kind',
          'fgl',
          '--address',
          `tcp://127.0.0.1:${sim.port}`,
        ])
      ).code,
    ).toBe(0);
    const printer = await world.db('printers').where({ name: 'Spare' }).first('id');
    const eventId = await saleEventId(world.db, 'HAMLET', 0);
    const [order] = await insertEventOrders(world.db, { eventId, orders: 1, ticketsPerOrder: 1 });
    const queued = await queueTicketJob(world.db, {
      printerId: printer.id,
      orderId: order!.orderId,
      ticketIds: null,
      reprint: false,
      actor: { staffUserId: null, name: 'test' },
    });
    expect('jobId' in queued).toBe(true);

    const unconfirmed = await foyer(['printers', 'remove', 'Spare']);
    expect(unconfirmed).toMatchObject({ code: 3, stderr: expect.stringMatching(/Pass --yes/) });
    const busy = await foyer(['printers', 'remove', 'Spare', '--yes']);
    expect(busy).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Spare has 1 print job queued, running or paused/),
    });
    expect(await world.db('printers').where({ name: 'Spare' }).first('active')).toEqual({ active: true });

    if ('jobId' in queued)
      await world.db('print_jobs').where({ id: queued.jobId }).update({ status: 'cancelled' });
    const retired = await foyer(['printers', 'remove', 'Spare', '--yes']);
    expect(retired).toMatchObject({ code: 0, stdout: expect.stringMatching(/Spare is no longer in use/) });
    expect(await world.db('printers').where({ name: 'Spare' }).first('active')).toEqual({ active: false });

    const unused = await startFglPrinter();
    sims.push(unused);
    expect(
      (
        await foyer([
          'printers',
          'add',
          '--name',
          'Unused',
          '--kind',
          'fgl',
          '--address',
          `tcp://127.0.0.1:${unused.port}`,
        ])
      ).code,
    ).toBe(0);
    expect(await foyer(['printers', 'remove', 'Unused', '--yes'])).toMatchObject({
      code: 0,
      stdout: 'Removed printer Unused.\n',
    });
    expect(await world.db('printers').where({ name: 'Unused' })).toEqual([]);
  });
});
