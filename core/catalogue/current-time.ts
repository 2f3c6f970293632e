import { Clock, Effect } from 'effect';

/** The use case's `now`, from Effect's Clock (tests provide a fixed one). Rules take it as data. */
export const currentTime: Effect.Effect<Date> = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms));
