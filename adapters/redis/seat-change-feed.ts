import { Effect, Layer } from 'effect';
import { Redis } from 'ioredis';
import { z } from 'zod';
import {
  SeatChangeFeed,
  type SeatChange,
  type SeatChangeFeedShape,
} from '../../core/inventory/seat-change-feed.ts';

const channelOf = (eventId: number) => `foyer:seats:${eventId}`;

// Messages come from other nodes: parse them like any outside input.
const SeatChangeMessage = z.object({
  eventId: z.number().int(),
  keys: z.array(z.string()),
  status: z.enum(['Open', 'Unavailable', 'Hold', 'Sold']),
  at: z.string(),
});

/**
 * Redis pub/sub: one publishing connection and one subscribing connection per process; a
 * channel per event, subscribed while at least one local listener wants it.
 */
export const makeRedisSeatChangeFeed = (url: string) => {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const listeners = new Map<string, Set<(change: SeatChange) => void>>();
  // Resolves once Redis confirmed the channel's subscription: a second subscriber of the
  // channel waits for it too, so subscribe() never returns before changes can be heard.
  const subscribed = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, message: string) => {
    const parsed = SeatChangeMessage.safeParse(JSON.parse(message));
    if (!parsed.success) return;
    for (const listener of listeners.get(channel) ?? []) listener(parsed.data);
  });
  const feed: SeatChangeFeedShape = {
    publish: (change: SeatChange) =>
      Effect.promise(() => publisher.publish(channelOf(change.eventId), JSON.stringify(change))).pipe(
        Effect.asVoid,
      ),
    subscribe: (eventId: number, listener: (change: SeatChange) => void) =>
      Effect.promise(async () => {
        const channel = channelOf(eventId);
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          const confirmed = subscriber.subscribe(channel);
          subscribed.set(channel, confirmed);
          const unheard = set;
          confirmed.catch(() => {
            // Not subscribed: the next subscriber tries again.
            if (subscribed.get(channel) === confirmed) subscribed.delete(channel);
            if (listeners.get(channel) === unheard && unheard.size === 0) listeners.delete(channel);
          });
        }
        await subscribed.get(channel);
        set.add(listener);
        return async () => {
          set.delete(listener);
          if (set.size === 0 && listeners.get(channel) === set) {
            listeners.delete(channel);
            subscribed.delete(channel);
            await subscriber.unsubscribe(channel);
          }
        };
      }),
  };
  return {
    feed,
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
};

export const RedisSeatChangeFeed = (url: string) =>
  Layer.effect(
    SeatChangeFeed,
    Effect.acquireRelease(
      Effect.sync(() => makeRedisSeatChangeFeed(url)),
      (redis) => Effect.promise(() => redis.close()),
    ).pipe(Effect.map((redis) => redis.feed)),
  );
