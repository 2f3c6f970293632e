import { isApiError } from '../../api/api-error.ts';

// The event calendar retries its data starting at 100 ms, doubling up to
// 2000 ms. Kept as plain numbers rather than an Effect Schedule: the storefront bundle stays
// free of Effect's runtime, and the schedule is a pure list that tests can read.
export const CALENDAR_RETRY_INITIAL_MS = 100;
export const CALENDAR_RETRY_MAX_MS = 2000;

/** The waits before each retry: initial, doubling, the last one capped at max (100 ... 1600, 2000). */
export const doublingDelays = (initialMs: number, maxMs: number): number[] => {
  const delays: number[] = [];
  for (let delay = initialMs; delay > 0; delay *= 2) {
    delays.push(Math.min(delay, maxMs));
    if (delay >= maxMs) break;
  }
  return delays;
};

export const calendarRetryDelays = doublingDelays(CALENDAR_RETRY_INITIAL_MS, CALENDAR_RETRY_MAX_MS);

/** Worth another try: the server was out of reach, busy or failing; never a 4xx answer. */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) ? error.status === 0 || error.status === 429 || error.status >= 500 : false;

const abortError = () => new DOMException('aborted', 'AbortError');

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/**
 * Runs `attempt`, retrying transient failures after each delay in turn; the last failure is
 * thrown once the delays are spent. An abort stops the waiting at once.
 */
export const withRetry = async <T>(
  attempt: () => Promise<T>,
  options: {
    delays?: readonly number[];
    signal?: AbortSignal;
    shouldRetry?: (error: unknown) => boolean;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  } = {},
): Promise<T> => {
  const { delays = calendarRetryDelays, signal, shouldRetry = isTransient, sleep = wait } = options;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[tries];
      if (signal?.aborted || delay === undefined || !shouldRetry(error)) throw error;
      await sleep(delay, signal);
    }
  }
};
