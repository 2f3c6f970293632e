import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROBOT_CHECK_LASTS_MS, robotCheckMissing } from './robot-check.ts';

const now = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2030-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const anyBuyer = fc.constantFrom('customer' as const, 'guest' as const, 'staff' as const);
const buyer = fc.constantFrom('customer' as const, 'guest' as const);
const offset = fc.integer({ min: -2 * ROBOT_CHECK_LASTS_MS, max: 2 * ROBOT_CHECK_LASTS_MS });
const passedAt = (at: Date, ago: number | null) => (ago === null ? null : new Date(at.getTime() - ago));

describe('robotCheckMissing', () => {
  it('never asks when no provider is configured', () => {
    fc.assert(
      fc.property(now, anyBuyer, fc.option(offset), (at, kind, ago) => {
        expect(
          robotCheckMissing({ configured: false, buyer: kind, passedAt: passedAt(at, ago), now: at }),
        ).toBe(false);
      }),
    );
  });

  it('never asks staff selling for a customer', () => {
    fc.assert(
      fc.property(now, fc.option(offset), (at, ago) => {
        expect(
          robotCheckMissing({ configured: true, buyer: 'staff', passedAt: passedAt(at, ago), now: at }),
        ).toBe(false);
      }),
    );
  });

  it('lets a customer or guest pay only within the half hour after a pass', () => {
    fc.assert(
      fc.property(now, buyer, offset, (at, kind, ago) => {
        const missing = robotCheckMissing({
          configured: true,
          buyer: kind,
          passedAt: passedAt(at, ago),
          now: at,
        });
        expect(missing).toBe(ago < 0 || ago > ROBOT_CHECK_LASTS_MS);
      }),
    );
  });

  it('asks a customer or guest who never passed', () => {
    fc.assert(
      fc.property(now, buyer, (at, kind) => {
        expect(robotCheckMissing({ configured: true, buyer: kind, passedAt: null, now: at })).toBe(true);
      }),
    );
  });
});
