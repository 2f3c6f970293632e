import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  foldBudget,
  isAdmitted,
  queueScore,
  viewTicket,
  type AdmissionBudget,
  type Room,
} from './waiting-room.ts';

// The queue rules as properties; the stores' shared behaviour is in adapters/waiting-room.contract.test.ts.

const T0 = Date.UTC(2026, 11, 1, 10);
const room = (ratePerMinute: number, paused = false, version = 1, changedAt = T0 - 1): Room => ({
  eventId: 1,
  opensAt: T0,
  settings: { enabled: true, ratePerMinute, paused, admittedTtlSeconds: 600, version, changedAt },
});

const stepsArb = fc.array(
  fc.record({ dt: fc.integer({ min: 0, max: 120_000 }), joins: fc.integer({ min: 0, max: 50 }) }),
  { maxLength: 40 },
);

const replay = (r: Room, steps: { dt: number; joins: number }[], start = T0 - 60_000) => {
  let budget: AdmissionBudget | null = null;
  let queued = 0;
  let now = start;
  const seen: { now: number; budget: number; queued: number }[] = [];
  for (const step of steps) {
    now += step.dt;
    budget = foldBudget(budget, r, now, queued);
    queued += step.joins;
    seen.push({ now, budget: budget.budget, queued });
  }
  return seen;
};

describe('waiting-room admission budget', () => {
  test('never admits more people than have queued, and never takes an admission back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), stepsArb, (rate, steps) => {
        const seen = replay(room(rate), steps);
        seen.forEach((s, i) => {
          expect(s.budget).toBeLessThanOrEqual(s.queued);
          if (i > 0) expect(s.budget).toBeGreaterThanOrEqual(seen[i - 1]!.budget);
        });
      }),
    );
  });

  test('admits nobody before opening, and nobody while paused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), stepsArb, (rate, steps) => {
        for (const s of replay(room(rate), steps, T0 - 10 * 60_000))
          if (s.now <= T0) expect(s.budget).toBe(0);
        for (const s of replay(room(rate, true), steps)) expect(s.budget).toBe(0);
      }),
    );
  });

  test('with people waiting, admits exactly the rate per minute', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        (rate, elapsed) => {
          const queued = 1_000_000;
          const start = foldBudget(null, room(rate), T0, queued);
          const later = foldBudget(start, room(rate), T0 + elapsed, queued);
          expect(later.budget).toBeCloseTo((rate * elapsed) / 60_000, 6);
        },
      ),
    );
  });

  test('a new rate applies from the moment it was set, the old one until then', () => {
    const queued = 1_000_000;
    const first = foldBudget(null, room(60), T0, queued);
    const changed = room(120, false, 2, T0 + 60_000);
    expect(foldBudget(first, changed, T0 + 120_000, queued).budget).toBeCloseTo(60 + 120, 6);
  });
});

describe('queue order and tickets', () => {
  test('everyone who came before opening is ahead of everyone who came after, who keep their order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 - 1 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (lottery, a, b) => {
          const r = room(100);
          const early = queueScore(r, T0 - 1, lottery, 0);
          expect(early).toBeLessThan(queueScore(r, T0, 0, a));
          expect(queueScore(r, T0, 0, a) < queueScore(r, T0, 0, b)).toBe(a < b);
        },
      ),
    );
  });

  test('a ticket is admitted exactly when its place is within the budget; unused, it lapses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.double({ min: 0, max: 1_000, noNaN: true }),
        (position, budget) => {
          const r = room(100);
          const now = T0 + 60_000;
          const view = viewTicket(r, { position, budget, queued: 1_000, admittedAt: now, usedAt: null }, now);
          expect(view.state === 'Admitted').toBe(isAdmitted(position, budget));
          if (view.state === 'Admitted') {
            const later = viewTicket(
              r,
              { position, budget, queued: 1_000, admittedAt: now, usedAt: null },
              now + 601_000,
            );
            expect(later.state).toBe('Expired');
          } else expect(view.ahead).toBe(Math.max(0, position - Math.floor(budget) - 1));
        },
      ),
    );
  });
});
