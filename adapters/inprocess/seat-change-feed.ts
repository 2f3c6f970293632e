import { Effect, Layer } from 'effect';
import { EventEmitter } from 'node:events';
import {
  SeatChangeFeed,
  type SeatChange,
  type SeatChangeFeedShape,
} from '../../core/inventory/seat-change-feed.ts';

/** One process, no Redis: an event emitter per event id. */
export const makeInProcessSeatChangeFeed = (): SeatChangeFeedShape => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open seat map
  return {
    publish: (change: SeatChange) => Effect.sync(() => void emitter.emit(String(change.eventId), change)),
    subscribe: (eventId: number, listener: (change: SeatChange) => void) =>
      Effect.sync(() => {
        emitter.on(String(eventId), listener);
        return async () => void emitter.off(String(eventId), listener);
      }),
  };
};

export const InProcessSeatChangeFeed = () => Layer.succeed(SeatChangeFeed, makeInProcessSeatChangeFeed());
