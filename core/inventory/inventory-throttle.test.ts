import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  INVENTORY_THROTTLE_WINDOW_MS as WINDOW,
  emptyInventoryThrottle,
  throttleInventoryRequest,
} from './inventory-throttle.ts';
import type { InventoryThrottleState } from './inventory-throttle.ts';

// Runs requests at the given times through the throttle; answers which were allowed.
const run = (times: readonly number[], start: InventoryThrottleState = emptyInventoryThrottle) => {
  let state = start;
  return times.map((now) => {
    const decision = throttleInventoryRequest(state, now);
    state = decision.state;
    return { now, decision };
  });
};
const allowedTimes = (times: readonly number[]) =>
  run(times)
    .filter((r) => r.decision.allowed)
    .map((r) => r.now);

// Times in ms that never go backwards: a start and non-negative gaps.
const steadyTimes = (maxGap: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 1e12 }),
      fc.array(fc.integer({ min: 0, max: maxGap }), { maxLength: 60 }),
    )
    .map(([start, gaps]) =>
      gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? start) + gap], [start]),
    );

describe('inventory throttle', () => {
  it('lets 4 quick requests through and answers the 5th with a simulated 429', () => {
    const results = run([0, 10, 20, 30, 40]);
    expect(results.map((r) => r.decision.allowed)).toEqual([true, true, true, true, false]);
    expect(results[4]?.decision).toEqual({
      allowed: false,
      status: 429,
      retryAfterMs: 210,
      state: { sent: [0, 10, 20, 30] },
    });
  });

  it('lets a request through once the oldest of the last 4 is 250 ms old', () => {
    expect(run([0, 10, 20, 30, 249, 250]).map((r) => r.decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
  });

  it('does not count blocked requests, so hammering does not block for ever', () => {
    const everyMs = Array.from({ length: 600 }, (_, t) => t);
    expect(allowedTimes(everyMs)).toEqual([0, 1, 2, 3, 250, 251, 252, 253, 500, 501, 502, 503]);
  });

  it('keeps only the last 4 allowed request times', () => {
    expect(run([0, 100, 200, 300, 400]).at(-1)?.decision.state).toEqual({ sent: [100, 200, 300, 400] });
  });

  it('forgets times from a clock that was set back', () => {
    const decision = throttleInventoryRequest({ sent: [5000, 5001, 5002, 5003] }, 10);
    expect(decision).toEqual({ allowed: true, state: { sent: [10] } });
  });

  it('never lets 5 requests through within any 250 ms window', () => {
    fc.assert(
      fc.property(steadyTimes(120), (times) => {
        const allowed = allowedTimes(times);
        for (let i = 0; i + 4 < allowed.length; i += 1) {
          expect((allowed[i + 4] ?? 0) - (allowed[i] ?? 0)).toBeGreaterThanOrEqual(WINDOW);
        }
      }),
    );
  });

  it('blocks exactly when 4 requests already went through in the last 250 ms (full-history model)', () => {
    fc.assert(
      fc.property(steadyTimes(120), (times) => {
        const history: number[] = [];
        for (const { now, decision } of run(times)) {
          const recent = history.filter((t) => t > now - WINDOW).length;
          expect(decision.allowed).toBe(recent < 4);
          if (decision.allowed) history.push(now);
        }
      }),
    );
  });

  it('never blocks requests spaced at least 250 / 4 ms apart', () => {
    // Gaps in 1/1024 ms keep every sum exact in floating point, 62.5 ms itself included.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: (WINDOW / 4) * 1024, max: 10_000 * 1024 }), { maxLength: 40 }),
        (start, gaps) => {
          const times = gaps.reduce<number[]>(
            (ts, gap) => [...ts, (ts.at(-1) ?? start) + gap / 1024],
            [start],
          );
          expect(run(times).every((r) => r.decision.allowed)).toBe(true);
        },
      ),
    );
    expect(run([0, 62.5, 125, 187.5, 250, 312.5]).every((r) => r.decision.allowed)).toBe(true);
  });

  it('blocks the 5th of requests spaced 62 ms apart', () => {
    expect(run([0, 62, 124, 186, 248]).map((r) => r.decision.allowed)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('holds at most 4 times, oldest first, none later than now', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 60 }), (times) => {
        for (const { now, decision } of run(times)) {
          const sent = decision.state.sent;
          expect(sent.length).toBeLessThanOrEqual(4);
          expect([...sent].sort((a, b) => a - b)).toEqual(sent);
          expect(sent.every((t) => t <= now)).toBe(true);
        }
      }),
    );
  });

  it('leaves the state alone when it blocks, and says when to try again', () => {
    fc.assert(
      fc.property(steadyTimes(80), (times) => {
        let state = emptyInventoryThrottle;
        for (const now of times) {
          const decision = throttleInventoryRequest(state, now);
          if (!decision.allowed) {
            expect(decision.state.sent).toEqual(state.sent);
            expect(decision.retryAfterMs).toBeGreaterThan(0);
            expect(decision.retryAfterMs).toBeLessThanOrEqual(WINDOW);
            expect(throttleInventoryRequest(state, now + decision.retryAfterMs).allowed).toBe(true);
            expect(throttleInventoryRequest(state, now + decision.retryAfterMs - 1).allowed).toBe(false);
          }
          state = decision.state;
        }
      }),
    );
  });
});
