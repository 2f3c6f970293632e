import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliWorld, runFoyer } from './test-cli.ts';
import { insertEventOrders } from '../test/event-orders.ts';
import { saleEventId } from '../test/basket.ts';

// `foyer event cancel` as an operator types it, against a fresh demo database.
const world = cliWorld('foyer-event-cancel-cli-');
const foyer = (args: string[]) => runFoyer(world, args);

const statusOf = async (eventId: number) =>
  (await world.db('events').where({ id: eventId }).first('status')).status;

describe('foyer event cancel', { timeout: 180_000 }, () => {
  it('refuses bad arguments with exit code 2 before touching anything', async () => {
    const eventId = await saleEventId(world.db, 'HAMLET', 0);
    const fee = await foyer(['event', 'cancel', String(eventId), '--fee', '-2']);
    expect(fee).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--fee: must be an amount like 2\.50/),
    });
    const decimals = await foyer(['event', 'cancel', String(eventId), '--fee', '2.505', '--dry-run']);
    expect(decimals).toMatchObject({ code: 2, stderr: expect.stringMatching(/--fee: USD has 2 decimals/) });
    const concurrency = await foyer(['event', 'cancel', String(eventId), '--concurrency', '0']);
    expect(concurrency).toMatchObject({ code: 2, stderr: expect.stringMatching(/--concurrency/) });
    const unknown = await foyer(['event', 'cancel', '999999', '--dry-run']);
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringMatching(/no event has the id 999999/) });
    expect(await statusOf(eventId)).toBe('Active');
  });

  it('says what a dry run would do, and without --yes and a terminal refuses with exit code 3', async () => {
    const eventId = await saleEventId(world.db, 'HAMLET', 1);
    await insertEventOrders(world.db, { eventId, orders: 3 });
    const dry = await foyer(['event', 'cancel', String(eventId), '--refund', '--fee', '1.50', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/3 orders lose their 6 tickets of it/);
    // Money as the venue's currency locale writes it; the performance on its venue's clock.
    expect(dry.stdout).toMatch(/a fee of \$1\.50 /);
    expect(dry.stdout).toMatch(/paid \$165\.00 in all/);
    expect(dry.stdout).toMatch(
      /^Event \d+ "Hamlet" \(\d{4}-\d\d-\d\d (1[0-2]|[1-9]):\d\d [AP]M New York time\):$/m,
    );
    expect(dry.stdout).not.toContain('USD');
    expect(dry.stdout).toMatch(/Dry run: nothing was changed\./);
    const refused = await foyer(['event', 'cancel', String(eventId), '--refund']);
    expect(refused).toMatchObject({ code: 3, stderr: expect.stringMatching(/Pass --yes/) });
    expect(await statusOf(eventId)).toBe('Active');
    expect(await world.db('event_cancellations').where({ event_id: eventId })).toHaveLength(0);
  });

  it('cancels and refunds every order, prints the summary and writes the CSV report', async () => {
    const eventId = await saleEventId(world.db, 'HAMLET', 2);
    const orders = await insertEventOrders(world.db, { eventId, orders: 6, cash: (i) => i === 0 });
    const report = path.join(world.dir, 'report.csv');
    const res = await foyer([
      'event',
      'cancel',
      String(eventId),
      '--refund',
      '--fee',
      '1.50',
      '--yes',
      '--report',
      report,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/Run \d+ started: event \d+ is Cancelled, 6 orders to work\./);
    expect(res.stdout).toMatch(/6 done, 0 failed, 0 to do, of 6/);
    expect(res.stdout).toMatch(/Tickets cancelled: 12\. Refunded by this run: \$321\.00\./);
    expect(res.stdout).toContain(`Report: ${report}`);
    // Without a terminal the progress is plain lines.
    expect(res.stderr).toMatch(/6\/6 done, 0 failed/);
    const csv = (await readFile(report, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('Order,Email,TicketsCancelled,Refunded,Status,Error');
    expect(csv.slice(1, 7)).toEqual(
      orders.map((o, i) => `F${String(o.orderId).padStart(7, '0')},buyer${i}@example.com,2,53.50,done,`),
    );
    expect(await statusOf(eventId)).toBe('Cancelled');

    const again = await foyer(['event', 'cancel', String(eventId), '--refund', '--yes']);
    expect(again).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/already cancelled .* Nothing to do\./),
    });
  });

  it('exits 1 when orders failed, and the same command again finishes them', async () => {
    const eventId = await saleEventId(world.db, 'HAMLET', 3);
    const orders = await insertEventOrders(world.db, { eventId, orders: 3 });
    const lost = orders[1]!;
    await world
      .db('offline_payments')
      .where({ ref: lost.paymentRef })
      .update({ ref: `${lost.paymentRef}-away` });
    const first = await foyer(['event', 'cancel', String(eventId), '--refund', '--yes']);
    expect(first).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/1 orders failed .* run the same command again/),
    });
    await world
      .db('offline_payments')
      .where({ ref: `${lost.paymentRef}-away` })
      .update({ ref: lost.paymentRef });
    const second = await foyer(['event', 'cancel', String(eventId), '--refund', '--yes']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/resumed: 2 done, 0 failed, 1 to do, of 3 \(1 failed orders tried again\)/);
    expect(second.stdout).toMatch(/Every order is done; the run is finished\./);
    const refunds = await world
      .db('refunds')
      .where({ payment_id: lost.paymentId })
      .whereNot('status', 'failed');
    expect(refunds.map((r) => r.amount)).toEqual([lost.amount]);
  });
});
