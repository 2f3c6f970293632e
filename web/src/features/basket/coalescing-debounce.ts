// Product quantity updates are debounced by 1000 ms. The buyer's
// clicks on one stepper (and on other products meanwhile) become one request: each key keeps
// its last value, and the batch goes when no change came for the delay. Requests never overlap,
// so the server sees the changes in the order they were made: a batch that falls due while one
// is in flight waits for it to settle, then goes.

export const PRODUCT_UPDATE_DEBOUNCE_MS = 1000;

export interface Timers {
  readonly set: (run: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CoalescingDebounce<K, V> {
  /** Sets the key's value for the next batch and restarts the wait. */
  readonly put: (key: K, value: V) => void;
  /** Sends what is waiting now (after any request in flight); settles when it has been sent. */
  readonly flush: () => Promise<void>;
  /** Drops what is waiting (the page is going away). */
  readonly cancel: () => void;
  /** Whether anything is waiting or in flight. */
  readonly busy: () => boolean;
}

export const coalescingDebounce = <K, V>(options: {
  readonly delayMs: number;
  /** Sends one batch; its failures are its own to report (a rejection is ignored here). */
  readonly send: (batch: ReadonlyMap<K, V>) => Promise<unknown>;
  readonly timers?: Timers;
}): CoalescingDebounce<K, V> => {
  const timers = options.timers ?? realTimers;
  let waiting = new Map<K, V>();
  let timer: unknown;
  let inFlight: Promise<void> | null = null;

  const stopTimer = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };

  /** `now`: a flush, sent even if a newer change restarted the wait meanwhile. */
  const sendWaiting = (now: boolean): Promise<void> => {
    if (now) stopTimer();
    // Due while another is in flight: go once it settles (unless a newer change restarted the wait).
    if (inFlight) return inFlight.then(() => (now || timer === undefined ? sendWaiting(now) : undefined));
    if (waiting.size === 0) return Promise.resolve();
    const batch = waiting;
    waiting = new Map();
    const settled = options.send(batch).then(
      () => {
        inFlight = null;
      },
      () => {
        inFlight = null;
      },
    );
    inFlight = settled;
    return settled;
  };

  return {
    put: (key, value) => {
      // A re-put moves the key to the end: the batch lists keys in the order they were last changed.
      waiting.delete(key);
      waiting.set(key, value);
      stopTimer();
      timer = timers.set(() => {
        timer = undefined;
        void sendWaiting(false);
      }, options.delayMs);
    },
    flush: () => sendWaiting(true),
    cancel: () => {
      stopTimer();
      waiting = new Map();
    },
    busy: () => waiting.size > 0 || inFlight !== null,
  };
};
