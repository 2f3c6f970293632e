// After a failed submit the first invalid field is scrolled to; the lookup
// starts after 500 ms and retries every 200 ms, up to 20 times (the field may still be
// rendering: a card form that opens, an address block that appears with a delivery choice).

export const FIRST_LOOKUP_MS = 500;
export const RETRY_MS = 200;
export const MAX_LOOKUPS = 20;

export interface Timers {
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Looks for something until it is there: first after `FIRST_LOOKUP_MS`, then every `RETRY_MS`,
 * at most `MAX_LOOKUPS` times. Calls `found` once with it; answers a function that stops looking.
 */
export const findWithRetries = <T>(
  lookup: () => T | null | undefined,
  found: (thing: T) => void,
  timers: Timers = realTimers,
): (() => void) => {
  let lookups = 0;
  let handle: unknown;
  let stopped = false;
  const attempt = () => {
    if (stopped) return;
    lookups += 1;
    const thing = lookup();
    if (thing !== null && thing !== undefined) {
      found(thing);
      return;
    }
    if (lookups < MAX_LOOKUPS) handle = timers.setTimeout(attempt, RETRY_MS);
  };
  handle = timers.setTimeout(attempt, FIRST_LOOKUP_MS);
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
};
