import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import {
  CALENDAR_RETRY_INITIAL_MS,
  CALENDAR_RETRY_MAX_MS,
  calendarRetryDelays,
  doublingDelays,
  withRetry,
} from './calendar-retry.ts';

const noSleep = async () => undefined;

describe('the calendar’s retry schedule', () => {
  it('starts at 100 ms and doubles up to 2000 ms', () => {
    expect([CALENDAR_RETRY_INITIAL_MS, CALENDAR_RETRY_MAX_MS]).toEqual([100, 2000]);
    expect(calendarRetryDelays).toEqual([100, 200, 400, 800, 1600, 2000]);
  });

  it('always doubles, never exceeds the cap, and ends on it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 100_000 }), (initial, max) => {
        const delays = doublingDelays(initial, max);
        expect(delays[0]).toBe(Math.min(initial, max));
        expect(delays.at(-1)).toBe(max);
        expect(delays.every((d) => d <= max)).toBe(true);
        for (let i = 1; i < delays.length - 1; i++) expect(delays[i]).toBe(delays[i - 1]! * 2);
      }),
    );
  });

  it('retries a failing month with each delay in turn, then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 4) throw new ApiError(503);
        return 'December';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('December');
    expect(waits).toEqual([100, 200, 400]);
  });

  it('gives up with the last error after the 2000 ms wait', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls++;
        throw new ApiError(0);
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    await expect(failing).rejects.toMatchObject({ status: 0 });
    expect(calls).toBe(calendarRetryDelays.length + 1);
    expect(waits).toEqual(calendarRetryDelays);
  });

  it('does not retry an answer that will not change (404, 400)', async () => {
    for (const status of [400, 404]) {
      let calls = 0;
      const once = withRetry(
        async () => {
          calls++;
          throw new ApiError(status);
        },
        { sleep: noSleep },
      );
      await expect(once).rejects.toMatchObject({ status });
      expect(calls).toBe(1);
    }
  });

  it('stops waiting at once when the screen moves on (abort)', async () => {
    const controller = new AbortController();
    let calls = 0;
    const run = withRetry(
      async () => {
        calls++;
        throw new ApiError(503);
      },
      { signal: controller.signal, delays: [60_000] },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
  });
});
