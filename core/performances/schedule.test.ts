import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchedule, scheduleFor } from './schedule.ts';

const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }).map((n) => new Date(n));

describe("a performance's times", () => {
  it('are accepted when on-sale < off-sale and on-sale < start < end, and refused naming the field otherwise', () => {
    fc.assert(
      fc.property(
        instant,
        instant,
        fc.option(instant),
        fc.option(instant),
        (startsAt, onSaleAt, endsAt, offSaleAt) => {
          const problem = checkSchedule({ startsAt, onSaleAt, endsAt, offSaleAt });
          const endOk = endsAt === null || endsAt > startsAt;
          const saleOk = onSaleAt < startsAt;
          const offOk = offSaleAt === null || offSaleAt > onSaleAt;
          if (endOk && saleOk && offOk) expect(problem).toBeNull();
          else expect(problem?.field).toBe(!endOk ? 'EndsAt' : !saleOk ? 'OnSaleAt' : 'OffSaleAt');
        },
      ),
    );
  });

  it("a run's length and off-sale are counted from each start", () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (startsAt, length, before) => {
          const s = scheduleFor(startsAt, {
            onSaleAt: new Date(0),
            durationMinutes: length,
            offSaleMinutesBefore: before,
          });
          expect(s.endsAt!.getTime() - startsAt.getTime()).toBe(length * 60_000);
          expect(startsAt.getTime() - s.offSaleAt!.getTime()).toBe(before * 60_000);
        },
      ),
    );
  });
});
