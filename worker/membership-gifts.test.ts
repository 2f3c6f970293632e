import type { PgBoss } from 'pg-boss';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Logger } from '../adapters/log.ts';
import { MEMBERSHIP_GIFT_QUEUE } from '../adapters/postgres/memberships/gift-jobs.ts';
import { browser, checkoutBody } from '../adapters/http/checkout/test-browser.ts';
import { sentMail } from '../adapters/http/gift-certificates/test-gifts.ts';
import { staffOfRole } from '../adapters/http/checkout/test-people.ts';
import { MembershipCard } from '../adapters/http/contract/memberships.ts';
import {
  addMembership,
  dayFromToday,
  demoMembership,
  queuedWorld,
} from '../adapters/http/memberships/test-memberships.ts';
import { giftDeliveryInstant } from '../core/memberships/gift-delivery.ts';
import { clockOffsetOf, deliverDueGifts, runGiftJob, startMembershipGiftWorker } from './membership-gifts.ts';

// A gift dated tomorrow, bought through the checkout: the order's issuing step makes its
// membership undelivered and queues its job; nothing is sent before its instant (09:00 tomorrow
// in the venue's time zone), it is delivered once at or after it, with its e-mail in the outbox.

let world: Awaited<ReturnType<typeof queuedWorld>>;
let db: Knex;
let boss: PgBoss;
let log: Logger;

beforeAll(async () => {
  world = await queuedWorld();
  ({ db, boss, log } = world);
});

afterAll(async () => {
  await world?.close();
});

const mailsTo = async (email: string) =>
  (await sentMail(world.outbox)).filter((m) => m.headers['to']?.includes(email));

describe('a gift dated tomorrow', () => {
  test('is not delivered before 09:00 tomorrow in the venue zone, then delivered once with its e-mail', async () => {
    const demo = await demoMembership(db);
    const day = dayFromToday(demo.timeZone, 1);
    const instant = giftDeliveryInstant(day, demo.timeZone);
    const b = await browser(world.server);
    const added = await addMembership(b, {
      priceLevelID: demo.friend,
      isGift: true,
      giftFirstName: 'Tom',
      giftLastName: 'Morrow',
      giftEmail: 'tom.morrow@example.com',
      giftDeliveryLocalDate: day,
    });
    expect(added.status, added.raw).toBe(200);
    const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(paid.status, paid.raw).toBe(200);
    const [issued] = await db('memberships').where({ order_id: paid.body.Order.ID });
    expect(issued.deliver_at.getTime()).toBe(instant.getTime());
    expect(issued.delivered_at).toBeNull();
    expect(await mailsTo('tom.morrow@example.com')).toEqual([]);
    const recipient = await db('customers').where({ email: 'tom.morrow@example.com' }).first();
    const tagged = () =>
      db('customer_tags').where({ customer_id: recipient.id, customer_tag_type_id: demo.tagTypeId });
    expect(await tagged()).toEqual([]);
    // The card of an undelivered gift is not shown to anyone but staff.
    const cardPath = `/api/memberships/${issued.id}/customer/${recipient.id}`;
    expect((await b.call('GET', cardPath)).status).toBe(404);
    const staff = await staffOfRole(world.server, db, 'Seller');
    const scheduled = await staff.call('GET', cardPath);
    expect(scheduled.status).toBe(200);
    expect(MembershipCard.parse(scheduled.body)).toMatchObject({ Status: 'Scheduled', StartsOn: day });

    // The issuing step queued its job, to start at the instant.
    const [job] = await boss.findJobs(MEMBERSHIP_GIFT_QUEUE, { key: `membership-${issued.id}` });
    expect(job?.startAfter.getTime()).toBe(instant.getTime());

    // Before its instant: now, and a minute before it. The sweep's clock is offset from the real
    // one, so it runs on by however long the call takes: the exact boundary is the store's test
    // (adapters/postgres/memberships/memberships.test.ts), with fixed instants.
    expect(await deliverDueGifts(world.runtime)).toBe(0);
    expect(await deliverDueGifts(world.runtime, new Date(instant.getTime() - 60_000))).toBe(0);
    const early = instant.getTime() - 60_000 - Date.now();
    expect(await runGiftJob(boss, world.runtime, issued.id, log, early)).toBe('NotDue');
    expect((await db('memberships').where({ id: issued.id }).first()).delivered_at).toBeNull();
    expect(await mailsTo('tom.morrow@example.com')).toEqual([]);

    // At its instant: the job and the sweep racing deliver it once.
    const late = instant.getTime() + 1_000 - Date.now();
    const outcomes = await Promise.all([
      runGiftJob(boss, world.runtime, issued.id, log, late),
      deliverDueGifts(world.runtime, new Date(instant.getTime() + 1_000)),
      runGiftJob(boss, world.runtime, issued.id, log, late),
    ]);
    expect(outcomes.filter((o) => o === 'Delivered' || o === 1)).toHaveLength(1);
    expect(await deliverDueGifts(world.runtime, new Date(instant.getTime() + 86_400_000))).toBe(0);
    expect((await db('memberships').where({ id: issued.id }).first()).delivered_at).not.toBeNull();
    const mails = await mailsTo('tom.morrow@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/tickets/membership/${issued.id}/customer/${recipient.id}`);
    expect(await tagged()).toHaveLength(1);
  });

  test("the worker takes a gift's job and delivers it when its Clock says it is due", async () => {
    const demo = await demoMembership(db);
    const day = dayFromToday(demo.timeZone, 2);
    const b = await browser(world.server);
    const added = await addMembership(b, {
      priceLevelID: demo.patron,
      isGift: true,
      giftFirstName: 'Wendy',
      giftLastName: 'Worker',
      giftEmail: 'wendy.worker@example.com',
      giftDeliveryLocalDate: day,
    });
    expect(added.status, added.raw).toBe(200);
    const paid = await b.checkout(checkoutBody(await b.token('4242424242424242')));
    expect(paid.status, paid.raw).toBe(200);
    const [issued] = await db('memberships').where({ order_id: paid.body.Order.ID });
    // The worker's clock three days ahead (as FOYER_CLOCK_OFFSET_MS under NODE_ENV=test); its job
    // is sent again to start now, as if its instant had come.
    const previous = { env: process.env.NODE_ENV, offset: process.env.FOYER_CLOCK_OFFSET_MS };
    process.env.NODE_ENV = 'test';
    process.env.FOYER_CLOCK_OFFSET_MS = String(3 * 86_400_000);
    const stop = await startMembershipGiftWorker({
      boss,
      runtime: world.runtime,
      log,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await boss.send(MEMBERSHIP_GIFT_QUEUE, { membershipId: issued.id });
      await expect
        .poll(async () => (await db('memberships').where({ id: issued.id }).first()).delivered_at, {
          timeout: 20_000,
        })
        .not.toBeNull();
    } finally {
      await stop();
      process.env.NODE_ENV = previous.env;
      if (previous.offset === undefined) delete process.env.FOYER_CLOCK_OFFSET_MS;
      else process.env.FOYER_CLOCK_OFFSET_MS = previous.offset;
    }
    expect(await mailsTo('wendy.worker@example.com')).toHaveLength(1);
  });

  test('the clock offset is read only under NODE_ENV=test', () => {
    expect(clockOffsetOf({ NODE_ENV: 'test', FOYER_CLOCK_OFFSET_MS: '86400000' })).toBe(86_400_000);
    expect(clockOffsetOf({ NODE_ENV: 'production', FOYER_CLOCK_OFFSET_MS: '86400000' })).toBe(0);
    expect(clockOffsetOf({ FOYER_CLOCK_OFFSET_MS: '86400000' })).toBe(0);
  });
});
