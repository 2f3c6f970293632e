import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExchangeCompleted } from '../contract/exchanges.ts';
import { OutboxList, OutboxMessage } from '../contract/outbox.ts';
import { cashSale, exchangeWorld, holdSeats, startExchange, type ExchangeWorld } from './test-exchange.ts';

// After an exchange completes the customer is e-mailed (core/orders/exchanges/email.ts): the
// tickets given up, the new ones as a PDF, the difference. It lands in the demo outbox like the
// other e-mails; a mail server that refuses it never undoes the exchange.

type Setup = ExchangeWorld;
const setUp = exchangeWorld;
const hold = (s: Setup, eventId: number, count: number) => holdSeats(s.db, s.clerk, eventId, count);

/** A cash order of `count` seats on night one, its tickets e-mailed (a PDF delivery). */
const emailedOrder = async (s: Setup, count: number, email: string) => {
  await hold(s, s.nightOne, count);
  const emailed = await s.db('delivery_methods').where({ type: 'Email' }).first('id');
  expect(emailed).toBeTruthy();
  const changed = await s.clerk.call('PUT', `/api/baskets/changedeliverymethod/${emailed.id}`);
  expect(changed.status, changed.raw).toBe(200);
  return cashSale(s.clerk, { FirstName: 'Edith', LastName: 'Exchange', Email: email });
};

/** Two tickets of night one for one of night two: money owed back. */
const exchangeOneForTwo = async (s: Setup, orderId: number) => {
  const exchangeId = (await startExchange(s.clerk, orderId)).ExchangeGlobalID;
  const [newSeat] = await hold(s, s.nightTwo, 1);
  const res = await s.clerk.call('POST', `/api/admin/exchanges/${exchangeId}/complete`);
  return { res, newSeat: newSeat! };
};

describe('with the demo outbox', () => {
  let s: Setup;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-exchange-mail-'));
    s = await setUp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await s?.api.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the customer gets the old tickets, the new ones as a PDF and what is owed back', async () => {
    const email = `edith-${randomUUID().slice(0, 8)}@example.com`;
    const order = await emailedOrder(s, 2, email);
    const { res, newSeat } = await exchangeOneForTwo(s, order.ID);
    expect(res.status, res.raw).toBe(200);
    const done = ExchangeCompleted.parse(res.body);
    expect(done.Difference).toBeLessThan(0);

    const list = OutboxList.parse(JSON.parse((await s.api.server.inject('/api/outbox')).payload));
    const mails = list.Messages.filter((m) => m.Subject === `Your exchange for order ${order.Name}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ To: email });
    expect(mails[0]!.Attachments).toEqual([
      expect.objectContaining({ FileName: `tickets-${order.Name}.pdf` }),
    ]);
    const opened = await s.api.server.inject(`/api/outbox/${encodeURIComponent(mails[0]!.Name)}`);
    expect(opened.statusCode, opened.payload).toBe(200);
    const message = OutboxMessage.parse(JSON.parse(opened.payload));
    const text = message.Text ?? '';
    const [given, received] = text.split('Your new tickets:');
    expect(given).toContain('The tickets you gave up');
    // Both tickets given up are listed (read before the swap), without prices.
    expect(given!.match(/^ {4}Section .*, Seat \d+ - [^$\n]+$/gm)).toHaveLength(2);
    expect(received).toContain(`Seat ${newSeat.key.split('-').at(-1)}`);
    expect(text).toMatch(/less\. This is owed back to you/);
  });
});

describe('with a mail server that refuses', () => {
  let s: Setup;
  beforeAll(async () => {
    // Nothing listens on port 9: every send fails.
    s = await setUp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await s?.api.close();
  });

  test('the exchange still completes and stays done', async () => {
    const order = await emailedOrder(s, 2, 'edith-nomail@example.com');
    const { res } = await exchangeOneForTwo(s, order.ID);
    expect(res.status, res.raw).toBe(200);
    const statuses = await s.db('order_tickets').where({ order_id: order.ID }).orderBy('id').pluck('status');
    expect(statuses).toEqual(['Exchanged', 'Exchanged', 'Active']);
  });
});
