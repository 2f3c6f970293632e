import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { fetchExpirationTime } from './basket-api.ts';
import { deadlineOf, secondsLeftAt } from './countdown.ts';

// The footer cart's countdown: it counts each second; at expiry the consumer goes to
// /basket/expired. It ticks on the second boundary of the
// deadline, and asks the server again every minute and whenever the tab comes back, so a
// sleeping laptop or a throttled tab never shows time that is not there.

const RESYNC_MS = 60_000;

export const useBasketTimer = (input: {
  /** SecondsTilExpiration of the latest answer, and when it arrived (performance.now()). */
  seconds: number;
  receivedAt: number;
  onExpired: () => void;
}): number => {
  const [deadline, setDeadline] = useState(() => deadlineOf(input.seconds, input.receivedAt));
  const [left, setLeft] = useState(() => secondsLeftAt(deadline, performance.now()));
  const onExpired = useRef(input.onExpired);
  onExpired.current = input.onExpired;
  const expired = useRef(false);

  // A new answer from the server restarts the count from its figure.
  useEffect(() => {
    setDeadline(deadlineOf(input.seconds, input.receivedAt));
  }, [input.seconds, input.receivedAt]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = performance.now();
      const seconds = secondsLeftAt(deadline, now);
      setLeft(seconds);
      if (seconds <= 0) {
        if (!expired.current) {
          expired.current = true;
          onExpired.current();
        }
        return;
      }
      // Wake just after the next whole second of the deadline.
      const untilNext = ((deadline - now) % 1000) + 20;
      timer = setTimeout(tick, untilNext);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);

  useEffect(() => {
    let controller = new AbortController();
    const resync = () => {
      controller.abort();
      controller = new AbortController();
      const asked = performance.now();
      fetchExpirationTime(controller.signal).then(
        (answer) => setDeadline(deadlineOf(answer.SecondsTilExpiration, asked)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.status === 404) setDeadline(performance.now());
        },
      );
    };
    const every = setInterval(resync, RESYNC_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') resync();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearInterval(every);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return left;
};
