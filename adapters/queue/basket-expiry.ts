import { Effect, Layer } from 'effect';
import type { PgBoss } from 'pg-boss';
import { BasketExpiry } from '../../core/basket/ports.ts';
import type { Logger } from '../log.ts';
import { queues, type BasketExpiryJob } from './jobs.ts';

// A pg-boss job at each basket's expiry. Sends are gathered for a moment and inserted together:
// on an on-sale thousands of baskets are made each second, and a job lost in a crash within
// that moment is covered by the periodic sweep (the holds are free at expiry either way).

const FLUSH_MS = 200;
const BATCH = 500;
/** Run a moment after the expiry, so the database agrees the time has run out. */
const AFTER_EXPIRY_MS = 1000;

export const makePgBossBasketExpiry = (boss: PgBoss, log: Logger) => {
  let pending: { data: BasketExpiryJob; startAfter: Date; singletonKey: string }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight = Promise.resolve();
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const jobs = pending;
    pending = [];
    if (jobs.length === 0) return inFlight;
    inFlight = inFlight
      .then(() => boss.insert(queues.basketExpiry, jobs))
      .then(
        () => undefined,
        (error: unknown) => log.error(`could not enqueue ${jobs.length} basket expiry jobs`, error),
      );
    return inFlight;
  };
  return {
    schedule: (basketId: string, expiresAt: Date) =>
      Effect.sync(() => {
        pending.push({
          data: { basketId },
          startAfter: new Date(expiresAt.getTime() + AFTER_EXPIRY_MS),
          singletonKey: basketId,
        });
        if (pending.length >= BATCH) void flush();
        else timer ??= setTimeout(() => void flush(), FLUSH_MS);
      }),
    flush,
  };
};

export const PgBossBasketExpiry = (boss: PgBoss, log: Logger) =>
  Layer.effect(
    BasketExpiry,
    Effect.acquireRelease(
      Effect.sync(() => makePgBossBasketExpiry(boss, log)),
      (expiry) => Effect.promise(() => expiry.flush()),
    ).pipe(Effect.map((expiry) => BasketExpiry.of({ schedule: expiry.schedule }))),
  );
