import { Effect, Layer } from 'effect';
import { releaseExpiredBaskets } from '../../core/basket/expire-basket.ts';
import { Baskets, BasketExpiry } from '../../core/basket/ports.ts';
import { SeatChangeFeed } from '../../core/inventory/seat-change-feed.ts';
import { TicketsAvailableMail } from '../../core/accounts/notifications/ticket-notifications.ts';

// Without a job queue (tests, a single process with no pg-boss): a timer in this process frees
// and announces each basket's holds at its expiry. A restart loses the timers; the holds are
// free at expiry anyway (every hold statement checks held_until), only the announcement waits
// for the next sweep.

const AFTER_EXPIRY_MS = 1000;

export const InProcessBasketExpiry = () =>
  Layer.effect(
    BasketExpiry,
    Effect.gen(function* () {
      const baskets = yield* Baskets;
      const feed = yield* SeatChangeFeed;
      const ticketsMail = yield* TicketsAvailableMail;
      const timers = new Set<NodeJS.Timeout>();
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          for (const timer of timers) clearTimeout(timer);
          timers.clear();
        }),
      );
      return BasketExpiry.of({
        schedule: (basketId, expiresAt) =>
          Effect.sync(() => {
            const timer = setTimeout(
              () => {
                timers.delete(timer);
                void Effect.runPromise(
                  releaseExpiredBaskets(basketId).pipe(
                    Effect.provideService(Baskets, baskets),
                    Effect.provideService(SeatChangeFeed, feed),
                    Effect.provideService(TicketsAvailableMail, ticketsMail),
                    Effect.ignoreCause,
                  ),
                );
              },
              Math.max(0, expiresAt.getTime() - Date.now()) + AFTER_EXPIRY_MS,
            );
            timer.unref();
            timers.add(timer);
          }),
      });
    }),
  );
