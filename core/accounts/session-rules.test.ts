import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SESSION_LIFETIMES,
  sessionEndsAt,
  sessionIsLive,
  shouldTouch,
  TOUCH_EVERY_MS,
} from './session-rules.ts';

const MINUTE = 60_000;
const START = 1_800_000_000_000;
const kind = fc.constantFrom('staff' as const, 'customer' as const, 'device' as const);

describe('session lifetimes', () => {
  it('ends staff sessions after 30 idle minutes or 12 hours, customer sessions after 30 days', () => {
    expect(SESSION_LIFETIMES.staff).toEqual({ idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE });
    expect(SESSION_LIFETIMES.customer.absoluteMs).toBe(30 * 24 * 60 * MINUTE);
    expect(sessionIsLive('staff', START, START, START + 30 * MINUTE - 1)).toBe(true);
    expect(sessionIsLive('staff', START, START, START + 30 * MINUTE)).toBe(false);
  });

  it('keeps a paired device for 30 idle days and a year at most', () => {
    const DAY = 24 * 60 * MINUTE;
    expect(SESSION_LIFETIMES.device).toEqual({ idleMs: 30 * DAY, absoluteMs: 365 * DAY });
    expect(sessionIsLive('device', START, START, START + 30 * DAY - 1)).toBe(true);
    expect(sessionIsLive('device', START, START, START + 30 * DAY)).toBe(false);
    // Used every day, it still ends a year after pairing.
    expect(sessionIsLive('device', START, START + 364 * DAY, START + 365 * DAY - 1)).toBe(true);
    expect(sessionIsLive('device', START, START + 364 * DAY, START + 365 * DAY)).toBe(false);
  });

  it('never lets a device session outlive a year, nor end before a staff one would', () => {
    fc.assert(
      fc.property(fc.nat(400 * 24 * 60), (seenAfter) => {
        const lastSeen = START + seenAfter * MINUTE;
        const ends = sessionEndsAt('device', START, lastSeen);
        expect(ends).toBeLessThanOrEqual(START + SESSION_LIFETIMES.device.absoluteMs);
        if (seenAfter * MINUTE < SESSION_LIFETIMES.staff.absoluteMs)
          expect(ends).toBeGreaterThanOrEqual(sessionEndsAt('staff', START, lastSeen));
      }),
    );
  });

  it('is live exactly before both the idle and the absolute limit, however busy', () => {
    fc.assert(
      fc.property(kind, fc.nat(400 * 24 * 60), fc.nat(400 * 24 * 60), (k, seenAfter, checkAfter) => {
        const lastSeen = START + seenAfter * MINUTE;
        const now = lastSeen + checkAfter * MINUTE;
        const life = SESSION_LIFETIMES[k];
        const live = now - lastSeen < life.idleMs && now - START < life.absoluteMs;
        expect(sessionIsLive(k, START, lastSeen, now)).toBe(live);
        expect(sessionEndsAt(k, START, lastSeen)).toBeLessThanOrEqual(START + life.absoluteMs);
      }),
    );
  });

  it('records a request at most once a minute, and always when a minute has passed', () => {
    fc.assert(
      fc.property(fc.nat(10 * MINUTE), (elapsed) => {
        expect(shouldTouch(START, START + elapsed)).toBe(elapsed >= TOUCH_EVERY_MS);
      }),
    );
  });
});
