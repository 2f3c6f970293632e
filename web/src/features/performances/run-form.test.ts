import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyRunForm, runBodyOf, weekdayOfDay } from './run-form.ts';

const day = fc
  .integer({ min: Date.UTC(2026, 0, 1) / 86_400_000, max: Date.UTC(2030, 0, 1) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('the add-performances form', () => {
  it('one performance is a run of its one day, on its own weekday', () => {
    fc.assert(
      fc.property(day, (d) => {
        const body = runBodyOf({ ...emptyRunForm(d), mode: 'one', date: d, time: '20:15' });
        expect(body.From).toBe(d);
        expect(body.To).toBe(d);
        expect(body.Days).toEqual([{ Weekday: weekdayOfDay(d), Time: '20:15' }]);
        expect(new Date(`${d}T12:00:00Z`).getUTCDay() % 7).toBe(weekdayOfDay(d) % 7);
      }),
    );
  });

  it('a run sends the days chosen, each with its time', () => {
    const v = emptyRunForm('2026-12-08');
    const body = runBodyOf({
      ...v,
      to: '2026-12-20',
      days: { ...v.days, 2: { on: true, time: '19:30' }, 7: { on: true, time: '14:00' } },
      onSaleNow: false,
      onSaleAt: '2026-11-01T10:00',
      offSaleMinutesBefore: '30',
    });
    expect(body).toMatchObject({
      Days: [
        { Weekday: 2, Time: '19:30' },
        { Weekday: 7, Time: '14:00' },
      ],
      OnSale: '2026-11-01T10:00',
      OffSaleMinutesBefore: 30,
      DurationMinutes: null,
    });
  });
});
