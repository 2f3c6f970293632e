import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestTicketNotification } from '../core/accounts/notifications/ticket-notifications.ts';
import { addSeats } from '../core/basket/add-seats.ts';
import { loadConfig } from '../adapters/config.ts';
import { createLogger } from '../adapters/log.ts';
import { outboxDir } from '../adapters/mail/mail-sender.ts';
import { listOutbox, readOutboxMessage } from '../adapters/mail/outbox-folder.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { openJobQueue } from '../adapters/queue/job-queue.ts';
import { queues } from '../adapters/queue/jobs.ts';
import { makeAppRuntime, type AppRuntime } from '../adapters/wiring.ts';
import { createTestDatabase } from '../test/database.ts';
import { outcomeOf, plainOpenSeats, saleEventId } from '../test/basket.ts';
import { releaseExpiredHolds, startWorkers, type Workers } from './jobs.ts';
import { runTicketsAvailableJob } from './tickets-available.ts';

// The sold-out e-mail with the real pieces: pg-boss on PostgreSQL, the basket expiry job that
// frees a held seat, the tickets-available job, and the outbox folder the default setup mails to.

const log = createLogger('silent');
const PUBLIC_URL = 'https://tickets.foyer.test';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let boss: PgBoss;
let runtime: AppRuntime;
let workers: Workers;
let tmp: string;
let outbox: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 5 });
  boss = await openJobQueue(database.url, { log, supervise: true });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'foyer-tickets-available-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    DATA_DIR: tmp,
    PUBLIC_URL,
  });
  outbox = outboxDir(config);
  runtime = makeAppRuntime({ db, config, jobQueue: { boss, log } });
  workers = await startWorkers({ boss, runtime, log, publicUrl: PUBLIC_URL, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await workers?.stop();
  await runtime?.dispose();
  await boss?.stop({ graceful: false, timeout: 2_000 });
  await db?.destroy();
  await database?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(100);
  return check();
};

/** Every seat and standing place of the event sold, but `keepSeatId` (and kills, which stay). */
const sellOutBut = async (eventId: number, keepSeatId: number | null) => {
  await db('event_seats')
    .where({ event_id: eventId, status: 'Open' })
    .modify((q) => (keepSeatId === null ? q : q.whereNot({ seat_id: keepSeatId })))
    .update({ status: 'Sold', basket_id: null, held_until: null });
  await db('event_ga_holds').where({ event_id: eventId }).del();
  await db('event_ga_sections')
    .where({ event_id: eventId })
    .update({ sold: db.raw('capacity') });
};

const ask = async (eventId: number, email: string) => {
  const receipt = await runtime.runPromise(requestTicketNotification({ eventId, email }));
  expect(receipt.AlreadyRequested).toBe(false);
};

const holdFor = async (eventId: number, key: string, holdSeconds: number) => {
  const held = await outcomeOf(
    runtime,
    addSeats({
      caller: { basketId: null, staff: false },
      holdSeconds,
      eventId,
      salesChannel: 'Web',
      seats: [{ key }],
    }),
  );
  if (!held.ok) throw new Error(`hold refused: ${held.tag}`);
  return held.value.basketId;
};

const mailTo = async (email: string) =>
  (await listOutbox(outbox)).messages.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

const request = (eventId: number, email: string) =>
  db('ticket_notification_requests')
    .where({ event_id: eventId })
    .whereRaw('lower(email) = lower(?)', [email])
    .first('notified_at', 'claimed_at', 'attempts', 'refused_at');

const eventName = async (eventId: number): Promise<string> =>
  (await db('events').where({ id: eventId }).first('name')).name;

describe('the tickets-available e-mail', () => {
  test("a buyer waiting for a sold-out performance gets one e-mail when a held seat's basket expires", async () => {
    const eventId = await saleEventId(db, 'HAMLET', 0);
    const [seat] = await plainOpenSeats(db, eventId, 1);
    await sellOutBut(eventId, seat!.seat_id);
    // The last seat goes into a basket for a second: the performance is sold out.
    const basketId = await holdFor(eventId, seat!.key, 1);
    expect(
      Number(
        (
          await db('event_seats')
            .where({ event_id: eventId, status: 'Open' })
            .whereNull('basket_id')
            .count({ n: '*' })
        )[0]!.n,
      ),
    ).toBe(0);
    await ask(eventId, 'waiting.one@example.com');
    await ask(eventId, 'Waiting.Two@example.com');

    // The basket's expiry job frees the seat; its release queues the e-mail job.
    expect(await until(async () => (await mailTo('waiting.two@example.com')).length > 0, 15_000)).toBe(true);
    expect(await until(async () => (await mailTo('waiting.one@example.com')).length > 0, 15_000)).toBe(true);
    expect(await db('baskets').where({ id: basketId }).first('status')).toEqual({ status: 'Expired' });

    const [mail] = await mailTo('waiting.one@example.com');
    const name = await eventName(eventId);
    expect(mail!.subject).toMatch(
      new RegExp(`^Tickets are available again for ${name} on \\w+, \\w+ \\d{1,2}, \\d{4}, `),
    );
    const message = await readOutboxMessage(outbox, mail!.name);
    expect(message?.text).toContain(`Choose your seats: ${PUBLIC_URL}/tickets/series/HAMLET/${eventId}`);
    expect(await request(eventId, 'waiting.one@example.com')).toMatchObject({
      claimed_at: null,
      attempts: 1,
    });
    expect((await request(eventId, 'waiting.one@example.com'))!.notified_at).toBeInstanceOf(Date);

    // The seat is held and freed again: no second e-mail.
    await holdFor(eventId, seat!.key, 1);
    const sentJobs = async () =>
      Number(
        (
          await db.raw<{ rows: { n: string }[] }>(
            `select count(*) as n from pgboss.job where name = ? and state = 'completed' and data->>'eventId' = ?`,
            [queues.ticketsAvailable, String(eventId)],
          )
        ).rows[0]!.n,
      );
    const before = await sentJobs();
    expect(await until(async () => (await sentJobs()) > before, 15_000)).toBe(true);
    expect(await mailTo('waiting.one@example.com')).toHaveLength(1);
    expect(await mailTo('waiting.two@example.com')).toHaveLength(1);
  });

  test('no e-mail when nothing comes back, even when the job runs', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 1);
    await sellOutBut(eventId, null);
    await ask(eventId, 'still.waiting@example.com');
    // The sweep finds nothing to free; a job for the event (as if announced) finds nothing open.
    await releaseExpiredHolds(runtime);
    const id = await boss.send(queues.ticketsAvailable, { eventId });
    expect(id).not.toBeNull();
    expect(
      await until(
        async () => (await boss.getJobById(queues.ticketsAvailable, id!))?.state === 'completed',
        10_000,
      ),
    ).toBe(true);
    expect(await mailTo('still.waiting@example.com')).toEqual([]);
    expect(await request(eventId, 'still.waiting@example.com')).toMatchObject({
      notified_at: null,
      claimed_at: null,
      attempts: 0,
    });
  });

  test('two runs at once send each e-mail once', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 2);
    const emails = Array.from({ length: 6 }, (_, i) => `twice.${i}@example.com`);
    for (const email of emails) await ask(eventId, email);
    const runs = await Promise.allSettled([
      runTicketsAvailableJob(runtime, eventId, PUBLIC_URL, log),
      runTicketsAvailableJob(runtime, eventId, PUBLIC_URL, log),
    ]);
    // A run that finds requests claimed by another throws, so that pg-boss retries it later.
    for (const run of runs)
      if (run.status === 'rejected') expect(String(run.reason)).toMatch(/held by another run/);
    // The workers run beside these two (the hold sweep may queue this event's job when it frees
    // a demo hold), so a request may be sent by either run or by the job: each exactly once.
    const sent = runs.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value.sent : 0), 0);
    expect(sent).toBeLessThanOrEqual(emails.length);
    const allNotified = async () =>
      (await db('ticket_notification_requests').where({ event_id: eventId }).whereNull('notified_at'))
        .length === 0;
    expect(await until(allNotified, 10_000)).toBe(true);
    for (const email of emails) expect(await mailTo(email), email).toHaveLength(1);
  });

  test('takes over a claim whose run died mid-send, but not a fresh one', async () => {
    const eventId = await saleEventId(db, 'HAMLET', 3);
    await ask(eventId, 'crashed.run@example.com');
    await db('ticket_notification_requests')
      .where({ event_id: eventId })
      .update({ claimed_at: db.fn.now(), attempts: 1 });
    await expect(runTicketsAvailableJob(runtime, eventId, PUBLIC_URL, log)).rejects.toThrow(
      /held by another run/,
    );
    expect(await mailTo('crashed.run@example.com')).toEqual([]);
    await db('ticket_notification_requests')
      .where({ event_id: eventId })
      .update({ claimed_at: db.raw(`now() - interval '10 minutes'`) });
    expect(await runTicketsAvailableJob(runtime, eventId, PUBLIC_URL, log)).toMatchObject({
      sent: 1,
      others: 0,
    });
    expect(await mailTo('crashed.run@example.com')).toHaveLength(1);
    expect(await request(eventId, 'crashed.run@example.com')).toMatchObject({
      attempts: 2,
      claimed_at: null,
    });
  });

  test('a job whose payload is not an event id is dropped, not retried', async () => {
    const id = await boss.send(queues.ticketsAvailable, { eventId: 'seven' });
    expect(
      await until(
        async () => (await boss.getJobById(queues.ticketsAvailable, id!))?.state === 'completed',
        10_000,
      ),
    ).toBe(true);
  });
});
