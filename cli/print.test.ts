import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { addPrinter } from '../adapters/postgres/printing/print-jobs.ts';
import { saleEventId } from '../test/basket.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import {
  startFglPrinter,
  type FglPrinter,
  type PrintedTicket,
} from '../test/stand-ins/printers/fgl-printer.ts';
import { cliWorld, foyerOnTerminal, startFoyer, worldEnv } from './test-cli.ts';

// `foyer print order|batch` against the FGL stand-in on loopback: what the stand-in's log shows is
// what came out of the printer. Fast settings: printers that confirm each ticket (1 ms apart),
// or PRINT_TICKET_DELAY_MS where a run must be caught between two tickets.
const world = cliWorld('foyer-print-cli-');
const sims: FglPrinter[] = [];
let printerNo = 0;
afterAll(async () => {
  for (const sim of sims) await sim.close();
});

/** `foyer <args>` started, its stdin closed: no terminal, no keys. */
const start = (args: string[], env: Record<string, string> = {}) => {
  const started = startFoyer(args, worldEnv(world, { PRINT_ACK_TIMEOUT_MS: '5000', ...env }));
  started.child.stdin.end();
  return started;
};
const foyer = (args: string[], env?: Record<string, string>) => start(args, env).exited;

const until = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const ticketPrinter = async (verify: boolean) => {
  const sim = await startFglPrinter({ ticketAck: verify });
  sims.push(sim);
  const name = `Window ${++printerNo}`;
  await addPrinter(world.db, { name, kind: 'fgl', address: `tcp://127.0.0.1:${sim.port}`, verify });
  return { sim, name };
};

const barcodesOf = (tickets: readonly PrintedTicket[]) =>
  tickets.map((t) => t.items.find((i) => i.kind === 'qr')).map((i) => (i?.kind === 'qr' ? i.data : null));

const ticketsOf = (orderIds: readonly number[]) =>
  world
    .db('order_tickets')
    .whereIn('order_id', orderIds)
    .orderBy(['order_id', 'id'])
    .select('barcode', 'print_count');

describe('foyer print', { timeout: 180_000 }, () => {
  it('prints an order once, marks each ticket printed once, and reprints only when asked', async () => {
    const { sim, name } = await ticketPrinter(true);
    const eventId = await saleEventId(world.db, 'HAMLET', 0);
    const [order] = await insertEventOrders(world.db, { eventId, orders: 1, ticketsPerOrder: 3 });
    const orderId = order!.orderId;

    const printed = await foyer(['print', 'order', String(orderId), '--printer', name]);
    expect(printed.stderr).toMatch(/3\/3 printed, 0 failed/);
    expect(printed).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Print job \d+: 3 tickets of F\d{7} on Window 1\./),
    });
    const tickets = await ticketsOf([orderId]);
    expect(barcodesOf(sim.tickets)).toEqual(tickets.map((t) => t.barcode));
    expect(tickets.map((t) => t.print_count)).toEqual([1, 1, 1]);

    const again = await foyer(['print', 'order', String(orderId), '--printer', name]);
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/printed already\. To print them again: --reprint/),
    });
    expect(sim.tickets).toHaveLength(3);

    const reprint = await foyer(['print', 'order', String(orderId), '--printer', name, '--reprint']);
    expect(reprint.code).toBe(0);
    expect(sim.tickets).toHaveLength(6);
    expect((await ticketsOf([orderId])).map((t) => t.print_count)).toEqual([2, 2, 2]);

    expect(await foyer(['print', 'order', '99999999', '--printer', name])).toMatchObject({
      code: 4,
      stderr: expect.stringMatching(/No order F99999999/),
    });
    expect(await foyer(['print', 'order', 'nine', '--printer', name])).toMatchObject({ code: 2 });
    expect(await foyer(['print', 'order', String(orderId), '--printer', 'Nowhere'])).toMatchObject({
      code: 4,
    });
  });

  it('says a paper-out fault and waits; once paper is loaded the run goes on, each ticket printed once', async () => {
    const { sim, name } = await ticketPrinter(true);
    const eventId = await saleEventId(world.db, 'HAMLET', 1);
    const [order] = await insertEventOrders(world.db, { eventId, orders: 1, ticketsPerOrder: 4 });
    sim.failAfter('paper-out', 2);
    const run = start(['print', 'order', String(order!.orderId), '--printer', name], {
      PRINT_FAULT_WAIT_MS: '30000',
    });
    await until(() => /out of paper\. Load paper/.test(run.ran.stderr));
    expect(sim.tickets).toHaveLength(2);
    const job = await world.db('print_jobs').where({ order_id: order!.orderId }).first('status');
    expect(job.status).toBe('paused');
    sim.recover();
    const done = await run.exited;
    expect(done.code).toBe(0);
    const tickets = await ticketsOf([order!.orderId]);
    expect(barcodesOf(sim.tickets)).toEqual(tickets.map((t) => t.barcode));
    expect(tickets.map((t) => t.print_count)).toEqual([1, 1, 1, 1]);
    expect(await world.db('print_jobs').where({ order_id: order!.orderId }).first('status')).toEqual({
      status: 'done',
    });
  });

  it('exits 1 with the fault and the command that resumes when nobody attends to the printer, or it cannot be reached', async () => {
    const { sim, name } = await ticketPrinter(true);
    const eventId = await saleEventId(world.db, 'HAMLET', 5);
    const [order, other] = await insertEventOrders(world.db, { eventId, orders: 2, ticketsPerOrder: 2 });
    sim.failAfter('paper-jam', 1);
    const jammed = await foyer(['print', 'order', String(order!.orderId), '--printer', name], {
      PRINT_FAULT_WAIT_MS: '300',
    });
    expect(jammed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /The paper is jammed in the printer\. Clear it, then resume the job\. Resume with: foyer print order \d+ --printer "Window \d+"/,
      ),
    });
    expect(await world.db('print_jobs').where({ order_id: order!.orderId }).first('status')).toEqual({
      status: 'paused',
    });
    expect(sim.tickets).toHaveLength(1);

    const closed = await startFglPrinter();
    const port = closed.port;
    await closed.close();
    await addPrinter(world.db, {
      name: 'Gone',
      kind: 'fgl',
      address: `tcp://127.0.0.1:${port}`,
      verify: true,
    });
    const unreachable = await foyer(['print', 'order', String(other!.orderId), '--printer', 'Gone'], {
      PRINT_CONNECT_TIMEOUT_MS: '1000',
    });
    expect(unreachable).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Gone: The printer cannot be reached\..*Resume with: foyer print order/),
    });
    expect((await ticketsOf([other!.orderId])).map((t) => t.print_count)).toEqual([0, 0]);
  });

  it('a batch killed mid-way and run again continues without printing any ticket twice', async () => {
    const { sim, name } = await ticketPrinter(false);
    const eventId = await saleEventId(world.db, 'HAMLET', 2);
    const orders = await insertEventOrders(world.db, { eventId, orders: 3, ticketsPerOrder: 2 });
    const orderIds = orders.map((o) => o.orderId);
    const acknowledged = async () =>
      Number(
        (
          await world
            .db('print_job_items as i')
            .join('print_jobs as j', 'j.id', 'i.job_id')
            .whereIn('j.order_id', orderIds)
            .where('i.status', 'acknowledged')
            .count({ n: '*' })
        )[0]!.n,
      );
    const env = { PRINT_TICKET_DELAY_MS: '600' };
    const first = start(
      ['print', 'batch', '--event', String(eventId), '--only-unprinted', '--printer', name],
      env,
    );
    // Killed between two tickets: the third is acknowledged (the first order done), the fourth not yet sent.
    await until(async () => (await acknowledged()) >= 3);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(sim.tickets.length).toBeLessThan(6);

    const rerun = await foyer(
      ['print', 'batch', '--event', String(eventId), '--only-unprinted', '--printer', name],
      env,
    );
    expect(rerun).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/left 2 print jobs unfinished; they are continued/),
    });
    const tickets = await ticketsOf(orderIds);
    expect(barcodesOf(sim.tickets)).toEqual(tickets.map((t) => t.barcode));
    expect(tickets.map((t) => t.print_count)).toEqual([1, 1, 1, 1, 1, 1]);

    const nothing = await foyer([
      'print',
      'batch',
      '--event',
      String(eventId),
      '--only-unprinted',
      '--printer',
      name,
    ]);
    expect(nothing).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Every ticket of event \d+ was printed already/),
    });
    const unconfirmed = await foyer(['print', 'batch', '--event', String(eventId), '--printer', name]);
    expect(unconfirmed).toMatchObject({ code: 3 });
    expect(sim.tickets).toHaveLength(6);
    expect(await foyer(['print', 'batch', '--event', '99999999'])).toMatchObject({ code: 4 });
  });
  it('Ctrl-C stops after the ticket being printed; the same command continues from the next', async () => {
    const { sim, name } = await ticketPrinter(false);
    const eventId = await saleEventId(world.db, 'HAMLET', 3);
    const [order] = await insertEventOrders(world.db, { eventId, orders: 1, ticketsPerOrder: 4 });
    const orderId = order!.orderId;
    const env = { PRINT_TICKET_DELAY_MS: '400' };
    const first = start(['print', 'order', String(orderId), '--printer', name], env);
    await until(() => sim.tickets.length >= 1);
    first.child.kill('SIGINT');
    const stopped = await first.exited;
    expect(stopped).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Stopped: [12] of 4 tickets printed/),
    });
    expect(stopped.stderr).toMatch(
      /Run the same command again to continue from the next ticket: foyer print order/,
    );
    expect(await world.db('print_jobs').where({ order_id: orderId }).first('status')).toEqual({
      status: 'running',
    });
    expect(sim.tickets.length).toBeLessThan(4);

    const rerun = await foyer(['print', 'order', String(orderId), '--printer', name], env);
    expect(rerun).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Continuing print job \d+ on Window \d+/),
    });
    const tickets = await ticketsOf([orderId]);
    expect(barcodesOf(sim.tickets)).toEqual(tickets.map((t) => t.barcode));
    expect(tickets.map((t) => t.print_count)).toEqual([1, 1, 1, 1]);
  });
  it('on a terminal: a progress bar, p pauses after the ticket being printed and r resumes', async () => {
    const { sim, name } = await ticketPrinter(false);
    const eventId = await saleEventId(world.db, 'HAMLET', 4);
    const [order] = await insertEventOrders(world.db, { eventId, orders: 1, ticketsPerOrder: 4 });
    const terminal = foyerOnTerminal(
      ['print', 'order', String(order!.orderId), '--printer', name],
      worldEnv(world, { PRINT_ACK_TIMEOUT_MS: '5000', PRINT_TICKET_DELAY_MS: '800' }),
    );
    const { child, exited } = terminal;
    await until(() => sim.tickets.length >= 1);
    // The terminal may not hand keys over until the command reads them raw: p until it pauses.
    await until(async () => {
      child.stdin.write('p');
      await new Promise((r) => setTimeout(r, 250));
      return terminal.screen().includes('paused: r resumes');
    });
    const whilePaused = sim.tickets.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(sim.tickets.length).toBe(whilePaused);
    expect(whilePaused).toBeLessThan(4);
    child.stdin.write('r');
    expect(await exited).toBe(0);
    // The 80-column terminal wraps a long frame wherever its rate's width puts the edge: read the
    // screen without its escape codes and with every run of whitespace, line ends too, as one space.
    const drawn = stripVTControlCharacters(terminal.screen()).replace(/\s+/g, ' ');
    expect(drawn).toMatch(/█+░* ?25%[^█]*1\/4 printed, 0 failed, [\d.]+ tickets\/s/);
    expect(drawn).toMatch(/Printed \d tickets in [\d.]+ s; 4 of 4 printed\./);
    const tickets = await ticketsOf([order!.orderId]);
    expect(barcodesOf(sim.tickets)).toEqual(tickets.map((t) => t.barcode));
    expect(tickets.map((t) => t.print_count)).toEqual([1, 1, 1, 1]);
  });
});
