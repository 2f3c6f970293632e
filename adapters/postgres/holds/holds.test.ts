import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSeats } from '../../../core/basket/add-seats.ts';
import { outcomeFor, type HoldAction } from '../../../core/holds/hold-action.ts';
import {
  applyHolds,
  createHoldClass,
  createHoldSubclass,
  updateHoldSubclass,
} from '../../../core/holds/holds.ts';
import type { HoldsActor, HoldSubclass } from '../../../core/holds/ports.ts';
import type { EventSeatStatus } from '../../../core/inventory/seat-status.ts';
import { loadConfig } from '../../config.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createDatabase } from '../database.ts';
import { applyStaffHold } from '../inventory/seat-status/staff-holds.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { outcomeOf, plainOpenSeats, saleEventId } from '../../../test/basket.ts';

// The Holds page's statements against real PostgreSQL: the apply statement agrees with the rule
// of core/holds/hold-action.ts on every seat state; archiving a subclass moves every seat held on
// it in every performance; a stale edit changes nothing; and an admin holding seats while
// customers put the same seats in baskets never leaves a seat both held and in a basket. The
// control shows the race a read-then-write hold would have.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let runtime: AppRuntime;
let actor: HoldsActor;
let press: HoldSubclass;
let board: HoldSubclass;
let eventId: number;
let nextSeat = 0;

const run = async <A, E>(program: Parameters<typeof outcomeOf<A, E>>[1]) => {
  const outcome = await outcomeOf(runtime, program);
  if (!outcome.ok) throw new Error(`refused: ${outcome.tag}`);
  return outcome.value;
};

const freshSeats = async (count: number) => {
  const seats = await plainOpenSeats(db, eventId, count, nextSeat);
  nextSeat += count;
  return seats;
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, { max: 20 });
  runtime = makeAppRuntime({ db, config: loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }) });
  const staff: { id: number; email: string } = await db('staff_users').orderBy('id').first('id', 'email');
  actor = { staffUserId: staff.id, email: staff.email };
  const holdClass = await run(createHoldClass('Test holds', actor));
  press = await run(createHoldSubclass({ name: 'Press', holdClassId: holdClass.id, isKill: false }, actor));
  board = await run(createHoldSubclass({ name: 'Board', holdClassId: holdClass.id, isKill: false }, actor));
  eventId = await saleEventId(db, 'HAMLET', 0);
}, 120_000);

afterAll(async () => {
  await runtime?.dispose();
  await db?.destroy();
  await database?.drop();
});

/** A customer's basket that ends in 15 minutes (or ended a minute ago). */
const newBasket = async (live = true): Promise<string> => {
  const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
  const [row] = await db('baskets')
    .insert({
      sales_channel_id: web.id,
      expires_at: db.raw(live ? `now() + interval '15 minutes'` : `now() - interval '1 minute'`),
    })
    .returning('id');
  return (row as { id: string }).id;
};

const seatRows = async (event: number, keys: readonly string[]) =>
  (await db('event_seats as es')
    .join('seats as s', 's.id', 'es.seat_id')
    .where('es.event_id', event)
    .whereIn('s.key', keys)
    .select('s.key', 'es.status', 'es.hold_subclass_id', 'es.basket_id', 'es.held_until')) as {
    key: string;
    status: EventSeatStatus;
    hold_subclass_id: number | null;
    basket_id: string | null;
    held_until: Date | null;
  }[];

describe('the apply statement', () => {
  test('agrees with the rule on every seat state, for every action', async () => {
    const states: { status: EventSeatStatus; subclass: 'press' | 'board' | null }[] = [
      { status: 'Open', subclass: null },
      { status: 'Hold', subclass: 'press' },
      { status: 'Hold', subclass: 'board' },
      { status: 'Sold', subclass: null },
      { status: 'Reserved', subclass: null },
      { status: 'Inquiry', subclass: null },
    ];
    const baskets = ['none', 'live', 'expired'] as const;
    const actions: HoldAction[] = [
      { kind: 'hold', subclassId: press.id },
      { kind: 'move', subclassId: press.id },
      { kind: 'release' },
    ];
    for (const action of actions) {
      const cases = states.flatMap((state) => baskets.map((basket) => ({ ...state, basket })));
      const seats = await freshSeats(cases.length);
      for (const [i, c] of cases.entries())
        await db('event_seats')
          .where({ event_id: eventId, seat_id: seats[i]!.seat_id })
          .update({
            status: c.status,
            hold_subclass_id: c.subclass === null ? null : c.subclass === 'press' ? press.id : board.id,
            basket_id: c.basket === 'none' ? null : await newBasket(c.basket === 'live'),
            held_until:
              c.basket === 'none'
                ? null
                : db.raw(
                    c.basket === 'live' ? `now() + interval '10 minutes'` : `now() - interval '1 minute'`,
                  ),
          });
      const keys = seats.map((s) => s.key);
      const rows = await db.transaction((trx) =>
        applyStaffHold(trx, eventId, keys, action.kind, action.kind === 'release' ? null : action.subclassId),
      );
      expect(rows).toHaveLength(cases.length);
      for (const [i, c] of cases.entries()) {
        const row = rows.find((r) => r.key === keys[i])!;
        const expected = outcomeFor(
          {
            status: c.status,
            holdSubclassId: row.hold_subclass_id,
            liveBasketHold: c.basket === 'live',
          },
          action,
        ).apply;
        expect({ case: c, action: action.kind, applied: row.applied }).toEqual({
          case: c,
          action: action.kind,
          applied: expected,
        });
      }
      // What changed is what the rule said, and nothing else.
      const after = await seatRows(eventId, keys);
      for (const [i, c] of cases.entries()) {
        const row = after.find((r) => r.key === keys[i])!;
        const applied = rows.find((r) => r.key === keys[i])!.applied;
        if (applied)
          expect([row.status, row.hold_subclass_id]).toEqual(
            action.kind === 'release' ? ['Open', null] : ['Hold', press.id],
          );
        else expect(row.status).toBe(c.status);
      }
    }
  });

  test('answers applied and skipped seats with their reasons, and writes one audit row', async () => {
    const seats = await freshSeats(5);
    const keys = seats.map((s) => s.key);
    await db('event_seats')
      .where({ event_id: eventId, seat_id: seats[0]!.seat_id })
      .update({ basket_id: await newBasket(), held_until: db.raw(`now() + interval '10 minutes'`) });
    await db('event_seats')
      .where({ event_id: eventId, seat_id: seats[1]!.seat_id })
      .update({ status: 'Sold' });
    const before = Number((await db('audit_log').count({ n: '*' }))[0]!.n);
    const summary = await run(
      applyHolds(eventId, [...keys, 'NO-SUCH-SEAT'], { kind: 'hold', subclassId: press.id }, actor),
    );
    expect(summary.applied).toEqual(keys.slice(2));
    expect(summary.skipped).toEqual([
      { reason: 'inBasket', keys: [keys[0]] },
      { reason: 'sold', keys: [keys[1]] },
      { reason: 'unknownSeat', keys: ['NO-SUCH-SEAT'] },
    ]);
    const audit = await db('audit_log').where('id', '>', 0).orderBy('id', 'desc').first();
    expect(Number((await db('audit_log').count({ n: '*' }))[0]!.n)).toBe(before + 1);
    expect(audit).toMatchObject({ action: 'holds.hold', staff_user_id: actor.staffUserId });
    expect(audit.details).toMatchObject({ eventId, holdSubclassId: press.id, applied: 3 });
  });
});

describe('archiving a subclass', () => {
  test('moves every seat held on it, in every performance, to the chosen subclass, in one transaction', async () => {
    const holdClass = await run(createHoldClass('Archive test', actor));
    const old = await run(
      createHoldSubclass({ name: 'Old', holdClassId: holdClass.id, isKill: false }, actor),
    );
    const other = await saleEventId(db, 'HAMLET', 1);
    const here = (await freshSeats(4)).map((s) => s.key);
    const there = (await plainOpenSeats(db, other, 3, 50)).map((s) => s.key);
    await run(applyHolds(eventId, here, { kind: 'hold', subclassId: old.id }, actor));
    await run(applyHolds(other, there, { kind: 'hold', subclassId: old.id }, actor));
    const loaded = (
      await run(createHoldSubclass({ name: 'Spare', holdClassId: holdClass.id, isKill: false }, actor))
    ).id;
    const current: { version: string } = (
      await db.raw(`select xmin::text as version from hold_subclasses where id = ?`, [old.id])
    ).rows[0];

    // Archiving without saying where the seats go is refused, naming the field; nothing moves.
    const refused = await outcomeOf(
      runtime,
      updateHoldSubclass(old.id, Number(current.version), { isArchived: true }, actor),
    );
    expect(refused).toMatchObject({
      ok: false,
      tag: 'HoldInputInvalid',
      error: { field: 'AssignSeatsToSubclassID' },
    });

    const updated = await run(
      updateHoldSubclass(old.id, Number(current.version), { isArchived: true, assignSeatsTo: loaded }, actor),
    );
    expect(updated.subclass).toMatchObject({ isArchived: true, heldSeats: 0 });
    expect(updated.moved.map((m) => [m.eventId, [...m.keys].sort()]).sort()).toEqual(
      [
        [eventId, [...here].sort()],
        [other, [...there].sort()],
      ].sort(),
    );
    for (const row of [...(await seatRows(eventId, here)), ...(await seatRows(other, there))])
      expect([row.status, row.hold_subclass_id]).toEqual(['Hold', loaded]);
    const left = await db('event_seats').where({ hold_subclass_id: old.id }).count({ n: '*' });
    expect(Number(left[0]!.n)).toBe(0);
    const audit = await db('audit_log')
      .where({ action: 'holds.archiveSubclass' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.details).toMatchObject({
      holdSubclassId: old.id,
      assignSeatsToSubclassId: loaded,
      seatsMoved: 7,
    });
  });

  test('to open: the seats go back on sale', async () => {
    const holdClass = await run(createHoldClass('Archive to open', actor));
    const gone = await run(
      createHoldSubclass({ name: 'Gone', holdClassId: holdClass.id, isKill: false }, actor),
    );
    const keys = (await freshSeats(3)).map((s) => s.key);
    await run(applyHolds(eventId, keys, { kind: 'hold', subclassId: gone.id }, actor));
    const version = Number(
      (await db.raw(`select xmin::text as v from hold_subclasses where id = ?`, [gone.id])).rows[0].v,
    );
    await run(updateHoldSubclass(gone.id, version, { isArchived: true, assignSeatsTo: null }, actor));
    for (const row of await seatRows(eventId, keys))
      expect([row.status, row.hold_subclass_id]).toEqual(['Open', null]);
  });

  test('a second edit from the same version is refused as stale and changes nothing', async () => {
    const holdClass = await run(createHoldClass('Stale test', actor));
    const made = await run(
      createHoldSubclass({ name: 'First', holdClassId: holdClass.id, isKill: false }, actor),
    );
    await run(updateHoldSubclass(made.id, made.version, { name: 'Second' }, actor));
    const stale = await outcomeOf(
      runtime,
      updateHoldSubclass(made.id, made.version, { name: 'Third' }, actor),
    );
    expect(stale).toMatchObject({ ok: false, tag: 'HoldSubclassStale' });
    expect(await db('hold_subclasses').where({ id: made.id }).first('name')).toEqual({ name: 'Second' });
  });
});

describe('an admin holding seats while customers put the same seats in baskets', () => {
  const customerPair = (keys: readonly string[]) =>
    outcomeOf(
      runtime,
      addSeats({
        caller: { basketId: null, staff: false },
        holdSeconds: 900,
        eventId,
        salesChannel: 'Web',
        seats: keys.map((key) => ({ key })),
      }),
    );

  test('the control: a read-then-write hold puts a seat in a basket on hold as well', async () => {
    const keys = (await freshSeats(2)).map((s) => s.key);
    // Read which seats look free, in a statement of its own ...
    const free = (await seatRows(eventId, keys)).filter((r) => r.status === 'Open' && r.basket_id === null);
    expect(free).toHaveLength(2);
    // ... a customer takes them in between ...
    expect((await customerPair(keys)).ok).toBe(true);
    // ... and the write trusts the read.
    await db.raw(
      `update event_seats es set status = 'Hold', hold_subclass_id = ? from seats s
        where s.id = es.seat_id and es.event_id = ? and s.key = any(?::text[])`,
      [press.id, eventId, `{${free.map((r) => r.key).join(',')}}`],
    );
    const rows = await seatRows(eventId, keys);
    expect(rows.filter((r) => r.status === 'Hold' && r.basket_id !== null)).toHaveLength(2);
  });

  test('a customer waiting on the locked seats finds them held and is refused', async () => {
    const keys = (await freshSeats(2)).map((s) => s.key);
    let customer: ReturnType<typeof customerPair> | undefined;
    await db.transaction(async (trx) => {
      const rows = await applyStaffHold(trx, eventId, keys, 'hold', press.id);
      expect(rows.every((r) => r.applied)).toBe(true);
      // The customer's statement reaches the locked rows before this transaction commits.
      customer = customerPair(keys);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await customer).toMatchObject({ ok: false, tag: 'SeatsTaken' });
    for (const row of await seatRows(eventId, keys))
      expect([row.status, row.basket_id]).toEqual(['Hold', null]);
  });

  test('40 customers and the admin at once: each seat ends held or in one basket, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const keys = (await freshSeats(80)).map((s) => s.key);
      const pairs = Array.from({ length: 40 }, (_, i) => keys.slice(2 * i, 2 * i + 2));
      const halves = [keys.slice(0, 40), keys.slice(40)];
      const [customers, admin] = await Promise.all([
        Promise.all(pairs.map(customerPair)),
        Promise.all(
          halves.map((half) => run(applyHolds(eventId, half, { kind: 'hold', subclassId: press.id }, actor))),
        ),
      ]);
      const rows = await seatRows(eventId, keys);
      // Nothing both held and in a basket.
      expect(rows.filter((r) => r.status === 'Hold' && r.basket_id !== null)).toEqual([]);
      // Every customer told "yours" has both seats in a basket; every refused one has neither.
      const inBaskets = new Set(rows.filter((r) => r.basket_id !== null).map((r) => r.key));
      const won = pairs.filter((_, i) => customers[i]!.ok).flat();
      expect([...inBaskets].sort()).toEqual([...won].sort());
      for (const [i, pair] of pairs.entries())
        if (!customers[i]!.ok) expect(customers[i]).toMatchObject({ tag: 'SeatsTaken' });
        else expect(pair.every((k) => inBaskets.has(k))).toBe(true);
      // The admin's answer is the truth: applied seats are held, skipped ones are in baskets.
      const applied = admin.flatMap((a) => a.applied);
      const skipped = admin.flatMap((a) => a.skipped.flatMap((g) => g.keys.map((key) => [g.reason, key])));
      expect([...applied].sort()).toEqual(
        rows
          .filter((r) => r.status === 'Hold')
          .map((r) => r.key)
          .sort(),
      );
      expect(skipped.map(([reason]) => reason).every((r) => r === 'inBasket')).toBe(true);
      expect(skipped.map(([, key]) => key).sort()).toEqual([...won].sort());
      expect(applied.length + skipped.length).toBe(80);
    }
  }, 60_000);
});
