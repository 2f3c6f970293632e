import fc from 'fast-check';
import { Effect, Exit, Layer } from 'effect';
import { TestClock } from 'effect/testing';
import { describe, expect, it } from 'vitest';
import {
  requestTicketNotification,
  TicketNotifications,
  type RecordOutcome,
} from './ticket-notifications.ts';

// The use case over an in-memory store and a fixed clock.

const NOW = new Date('2026-11-20T12:00:00Z');

const memoryStore = (events: Record<number, { startsAt: Date; cancelled?: boolean }>) => {
  const rows: { eventId: number; email: string; requestedAt: Date }[] = [];
  const layer = Layer.succeed(TicketNotifications, {
    record: (request) =>
      Effect.sync((): RecordOutcome => {
        const event = events[request.eventId];
        if (!event || event.cancelled) return 'NoSuchEvent';
        if (event.startsAt <= request.requestedAt) return 'EventStarted';
        const same = rows.some(
          (r) => r.eventId === request.eventId && r.email.toLowerCase() === request.email.toLowerCase(),
        );
        if (same) return 'AlreadyRequested';
        rows.push({ ...request });
        return 'Created';
      }),
  });
  return { rows, layer };
};

const run = <A, E>(
  program: Effect.Effect<A, E, TicketNotifications>,
  layer: Layer.Layer<TicketNotifications>,
) =>
  Effect.runPromiseExit(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW.getTime());
      return yield* program;
    }).pipe(Effect.provide(Layer.merge(layer, TestClock.layer()))),
  );

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) throw new Error('expected a failure');
  return (exit.cause.reasons.find((r) => r._tag === 'Fail') as { error: E } | undefined)?.error;
};

const tonight = { startsAt: new Date('2026-11-20T19:30:00Z') };

describe('asking to hear when a sold-out performance has tickets again', () => {
  it('records the trimmed address, stamped with the time of asking', async () => {
    const store = memoryStore({ 7: tonight });
    const exit = await run(
      requestTicketNotification({ eventId: 7, email: '  fan@example.com ' }),
      store.layer,
    );
    expect(Exit.isSuccess(exit) && exit.value).toEqual({
      EventID: 7,
      Email: 'fan@example.com',
      AlreadyRequested: false,
    });
    expect(store.rows).toEqual([{ eventId: 7, email: 'fan@example.com', requestedAt: NOW }]);
  });

  it('asking again with the same address, in any case, records nothing new', async () => {
    const store = memoryStore({ 7: tonight });
    await run(requestTicketNotification({ eventId: 7, email: 'fan@example.com' }), store.layer);
    const again = await run(requestTicketNotification({ eventId: 7, email: 'FAN@Example.com' }), store.layer);
    expect(Exit.isSuccess(again) && again.value.AlreadyRequested).toBe(true);
    expect(store.rows).toHaveLength(1);
  });

  it('refuses an address that is not one, before touching the store', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', '   ', 'fan', 'fan@', '@example.com', 'fan@example', 'a b@example.com'),
        async (email) => {
          const store = memoryStore({ 7: tonight });
          const exit = await run(requestTicketNotification({ eventId: 7, email }), store.layer);
          expect(failure(exit)).toMatchObject({ _tag: 'InvalidRequest', field: 'Email' });
          expect(store.rows).toEqual([]);
        },
      ),
    );
  });

  it('answers not found for an unknown or cancelled performance, and refuses a started one', async () => {
    const store = memoryStore({
      8: { ...tonight, cancelled: true },
      9: { startsAt: new Date('2026-11-20T11:00:00Z') },
    });
    for (const eventId of [1, 8])
      expect(
        failure(await run(requestTicketNotification({ eventId, email: 'fan@example.com' }), store.layer)),
      ).toMatchObject({
        _tag: 'NotFound',
        entity: 'Event',
        id: String(eventId),
      });
    expect(
      failure(await run(requestTicketNotification({ eventId: 9, email: 'fan@example.com' }), store.layer)),
    ).toMatchObject({
      _tag: 'InvalidRequest',
      field: 'EventID',
    });
    expect(store.rows).toEqual([]);
  });
});
