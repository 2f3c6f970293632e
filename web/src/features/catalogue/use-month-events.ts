import { useCallback, useEffect, useRef, useState } from 'react';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { monthKey, type Month } from './calendar-month.ts';
import { withRetry } from './calendar-retry.ts';
import { fetchEventsByMonth } from './catalogue-api.ts';

export type MonthEvents =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly events: readonly Event[] }
  | { readonly status: 'error'; readonly error: unknown };

// Months seen in the last minute are shown at once (coming back from seat selection restores
// the page, scroll position included, without waiting); availability is then at most a minute
// old, and seat selection reads live inventory anyway.
const FRESH_MS = 60_000;
const seen = new Map<string, { readonly at: number; readonly events: readonly Event[] }>();

const freshMonth = (key: string): readonly Event[] | null => {
  const hit = seen.get(key);
  return hit && Date.now() - hit.at < FRESH_MS ? hit.events : null;
};

/**
 * The performances of one month, retried on the calendar's schedule (100 ms doubling to
 * 2000 ms). A new `reloadKey` (a promotion applied or cleared: it changes which performances
 * show) forgets the series' months and loads again.
 */
export const useMonthEvents = (
  seriesCode: string,
  month: Month,
  orderId: string | undefined,
  reloadKey: number,
): { state: MonthEvents; retry: () => void } => {
  const key = `${seriesCode.toUpperCase()}|${monthKey(month)}|${orderId ?? ''}`;
  const loadedFor = useRef(reloadKey);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: MonthEvents }>(() => {
    const events = freshMonth(key);
    return { key, value: events ? { status: 'ready', events } : { status: 'loading' } };
  });

  useEffect(() => {
    if (loadedFor.current !== reloadKey) {
      loadedFor.current = reloadKey;
      for (const cached of [...seen.keys()])
        if (cached.startsWith(`${seriesCode.toUpperCase()}|`)) seen.delete(cached);
    }
    const cached = freshMonth(key);
    if (cached) {
      setState((current) =>
        current.key === key && current.value.status === 'ready' && current.value.events === cached
          ? current
          : { key, value: { status: 'ready', events: cached } },
      );
      return;
    }
    // Reloading the month on screen keeps it visible until the new answer arrives.
    setState((current) =>
      current.key === key && current.value.status === 'ready'
        ? current
        : { key, value: { status: 'loading' } },
    );
    const controller = new AbortController();
    withRetry(() => fetchEventsByMonth(seriesCode, month, orderId, controller.signal), {
      signal: controller.signal,
    }).then(
      ({ Events }) => {
        seen.set(key, { at: Date.now(), events: Events });
        setState({ key, value: { status: 'ready', events: Events } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // month is read through key (its year and month).
  }, [key, reloadKey, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: state.key === key ? state.value : { status: 'loading' }, retry };
};
