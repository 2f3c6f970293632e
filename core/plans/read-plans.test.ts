import fc from 'fast-check';
import { Effect, Exit, Layer } from 'effect';
import { TestClock } from 'effect/testing';
import { describe, expect, it } from 'vitest';
import { quantityRange } from './seat-quantity.ts';
import { PlanStore, type PlanEventRecord, type PlanRecord, type PlanSlotRecord } from './ports.ts';
import { planCalendar, planDetails, planInventory, plansByMonth, requirePlanEvent } from './read-plans.ts';

// The plan reads over a hand-made plan store and a fixed clock: the limits and slot counts the
// plan states, each performance's availability and sale state, and the month's performances.

const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 3_600_000;

const run = <A, E>(
  program: Effect.Effect<A, E, PlanStore>,
  plans: readonly PlanRecord[],
  slots: readonly PlanSlotRecord[],
) =>
  Effect.runPromiseExit(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW.getTime());
      return yield* program;
    }).pipe(
      Effect.provide(
        Layer.merge(
          Layer.succeed(PlanStore, {
            plans: () => Effect.succeed(plans),
            planById: (id) => Effect.succeed(plans.find((p) => p.id === id) ?? null),
            planByCode: (code) =>
              Effect.succeed(plans.find((p) => p.code.toLowerCase() === code.toLowerCase()) ?? null),
            slots: () => Effect.succeed(slots),
            isPlanEvent: (eventId) =>
              Effect.succeed(slots.some((s) => s.events.some((e) => e.id === eventId))),
          }),
          TestClock.layer(),
        ),
      ),
    ),
  );

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) throw new Error('expected a failure');
  const error = exit.cause.reasons.find((r) => r._tag === 'Fail');
  return (error as { error: E } | undefined)?.error;
};

const value = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (!Exit.isSuccess(exit)) throw new Error(`expected a success, got ${String(exit.cause)}`);
  return exit.value;
};

const optionalCount = fc.option(fc.integer({ min: 1, max: 20 }), { nil: null });
const instant = fc.integer({ min: -60 * 24, max: 60 * 24 }).map((h) => new Date(NOW.getTime() + h * HOUR));

const planArb = fc.record({
  id: fc.constant(1),
  code: fc.constant('SEASON'),
  name: fc.constant('Season'),
  displayName: fc.constant('The Season'),
  description: fc.constant(null),
  planType: fc.constantFrom('subscription' as const, 'paired' as const),
  minQuantity: optionalCount,
  maxQuantity: optionalCount,
  defaultSeatQty: optionalCount,
  minSlotsForPurchase: optionalCount,
  maxSlotsForPurchase: optionalCount,
  requireSameSeatQty: fc.boolean(),
  specialLinkedEventSetup: fc.boolean(),
  seriesId: fc.constant(null),
  onSaleAt: fc.option(instant, { nil: null }),
  offSaleAt: fc.option(instant, { nil: null }),
  imageUrl: fc.constant(null),
  timeZone: fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo'),
}) satisfies fc.Arbitrary<PlanRecord>;

const eventArb = (id: number): fc.Arbitrary<PlanEventRecord> =>
  fc
    .record({
      startsAt: instant,
      onSaleAt: instant,
      status: fc.constantFrom('Active' as const, 'Cancelled' as const),
      total: fc.integer({ min: 0, max: 500 }),
      openShare: fc.double({ min: 0, max: 1, noNaN: true }),
      seriesId: fc.constantFrom(10, 11),
      useHeavyOnSale: fc.boolean(),
    })
    .map((e) => ({
      id,
      name: `Show ${id}`,
      urlSafeName: `show-${id}`,
      seriesId: e.seriesId,
      seriesCode: e.seriesId === 10 ? 'HAMLET' : 'COMEDY',
      seriesName: 'Series',
      seriesDescription: null,
      startsAt: e.startsAt,
      onSaleAt: e.onSaleAt,
      useHeavyOnSale: e.useHeavyOnSale,
      status: e.status,
      timeZone: 'UTC',
      places: { total: e.total, open: Math.floor(e.total * e.openShare) },
    }));

const slotsArb: fc.Arbitrary<PlanSlotRecord[]> = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: 5 })
  .chain((sizes) => {
    let next = 100;
    return fc.tuple(
      ...sizes.map((size, i) =>
        fc
          .tuple(
            fc.boolean(),
            fc.boolean(),
            fc.tuple(...Array.from({ length: size }, () => eventArb(next++))),
          )
          .map(([required, linked, events]) => ({
            id: i + 1,
            position: i + 1,
            name: `Slot ${i + 1}`,
            required,
            specialLinkedEvent: linked,
            events: [...events].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
          })),
      ),
    );
  });

describe('planDetails', () => {
  it('states the limits in force and slot counts within the slots there are', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, slotsArb, async (plan, slots) => {
        const view = value(await run(planDetails(1), [plan], slots));
        expect({ min: view.minQuantity, max: view.maxQuantity }).toEqual(quantityRange(plan));
        expect(view.minSlotsForPurchase).toBeGreaterThanOrEqual(1);
        expect(view.maxSlotsForPurchase).toBeLessThanOrEqual(slots.length);
        expect(view.maxSlotsForPurchase).toBe(
          Math.min(slots.length, plan.maxSlotsForPurchase ?? slots.length),
        );
        expect(view.slots.map((s) => s.eventIds)).toEqual(slots.map((s) => s.events.map((e) => e.id)));
        const onSale =
          (plan.onSaleAt === null || plan.onSaleAt <= NOW) &&
          (plan.offSaleAt === null || NOW < plan.offSaleAt);
        expect(view.isOnSale).toBe(onSale);
        const templateIds = new Set(slots.flatMap((s) => s.events.map((e) => e.seriesId)));
        expect(view.templates.map((t) => t.id).sort()).toEqual([...templateIds].sort());
      }),
    );
  });

  it('an unknown plan is NotFound', async () => {
    const exit = await run(planDetails(2), [], []);
    expect(failure(exit)).toMatchObject({ _tag: 'NotFound', entity: 'EventPlan', id: '2' });
  });
});

describe('planInventory', () => {
  it('a performance is sold out exactly when cancelled or nothing is open; on sale only when it may be sold now', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, slotsArb, async (plan, slots) => {
        const view = value(await run(planInventory(1), [plan], slots));
        const planOnSale =
          (plan.onSaleAt === null || plan.onSaleAt <= NOW) &&
          (plan.offSaleAt === null || NOW < plan.offSaleAt);
        view.Slots.forEach((slot, i) =>
          slot.Events.forEach((e, j) => {
            const record = slots[i]!.events[j]!;
            const cancelled = record.status === 'Cancelled';
            expect(e.Availability === 'SoldOut').toBe(
              cancelled || record.places.open <= 0 || record.places.total <= 0,
            );
            expect(e.AvailableCount).toBe(cancelled ? 0 : record.places.open);
            expect(e.AvailableCount).toBeLessThanOrEqual(e.Capacity);
            expect(e.IsOnSale).toBe(
              !cancelled && record.onSaleAt <= NOW && record.startsAt > NOW && planOnSale,
            );
            expect(e.SeatSelectionPath.endsWith('/bestAvailable')).toBe(record.useHeavyOnSale);
          }),
        );
      }),
    );
  });
});

describe('plansByMonth and planCalendar', () => {
  it('a month holds exactly the performances starting in it; the calendar every one in start order', async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        slotsArb,
        fc.constantFrom('2026-10-15', '2026-11-01', '2026-12-31'),
        async (plan, slots, day) => {
          const zoned = { ...plan, timeZone: 'UTC' };
          const month = value(await run(plansByMonth({ requestedTime: day }), [zoned], slots));
          const inMonth = slots.flatMap((s) =>
            s.events.filter((e) => e.startsAt.toISOString().slice(0, 7) === day.slice(0, 7)).map((e) => e.id),
          );
          expect([month.Year, month.Month]).toEqual([Number(day.slice(0, 4)), Number(day.slice(5, 7))]);
          if (inMonth.length === 0) expect(month.Plans).toEqual([]);
          else expect(month.Plans[0]!.Events.map((e) => e.EventID).sort()).toEqual(inMonth.sort());
          const calendar = value(await run(planCalendar('season'), [zoned], slots));
          const starts = calendar.Events.map((e) => e.StartDate);
          expect(starts).toEqual([...starts].sort());
          expect(calendar.Events.length).toBe(slots.reduce((n, s) => n + s.events.length, 0));
        },
      ),
    );
  });

  it('a requested time that is not a date is refused, naming it', async () => {
    const exit = await run(plansByMonth({ requestedTime: 'soon' }), [], []);
    expect(failure(exit)).toMatchObject({ _tag: 'InvalidRequest', field: 'requestedTime' });
  });

  it('requirePlanEvent fails exactly for events no slot uses', async () => {
    await fc.assert(
      fc.asyncProperty(slotsArb, fc.integer({ min: 90, max: 130 }), async (slots, eventId) => {
        const exit = await run(requirePlanEvent(eventId), [], slots);
        expect(Exit.isSuccess(exit)).toBe(slots.some((s) => s.events.some((e) => e.id === eventId)));
      }),
    );
  });
});
