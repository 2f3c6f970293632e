import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfLocal } from './local-instant.ts';
import { expandRun, localClockOf, runLength, weekdayOf, type Run, type Weekday } from './run-expansion.ts';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Europe/Paris',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Tokyo',
  'America/Sao_Paulo',
  'UTC',
];

const day = fc
  .integer({ min: Date.UTC(2025, 0, 1) / 86_400_000, max: Date.UTC(2029, 11, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// One time per weekday, so each matching day is exactly one performance.
const slots = fc
  .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
  .chain((days) => fc.tuple(...days.map((d) => time.map((t) => ({ weekday: d as Weekday, time: t })))));
const run: fc.Arbitrary<Run> = fc
  .record({ from: day, length: fc.integer({ min: 1, max: 60 }), slots, timeZone: fc.constantFrom(...ZONES) })
  .map(({ from, length, slots, timeZone }) => ({
    from,
    to: new Date(Date.parse(from) + (length - 1) * 86_400_000).toISOString().slice(0, 10),
    slots,
    timeZone,
  }));

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('a run expanded to its starts', () => {
  it("every start shows the day's weekday and the chosen time on the venue's clock (or later by a spring-forward gap)", () => {
    fc.assert(
      fc.property(run, (r) => {
        for (const start of expandRun(r, [])) {
          const clock = localClockOf(start.startsAt, r.timeZone);
          expect(clock.day).toBe(start.day);
          expect(clock.weekday).toBe(weekdayOf(start.day));
          expect(r.slots.some((s) => s.weekday === clock.weekday && s.time === start.time)).toBe(true);
          const late = minutes(clock.time) - minutes(start.time);
          // Equal, except in a gap, which is at most an hour (Lord Howe's is half of one).
          expect(late === 0 || (late > 0 && late <= 60)).toBe(true);
        }
      }),
    );
  });

  it('has one performance per matching day, none twice', () => {
    fc.assert(
      fc.property(run, (r) => {
        const starts = expandRun(r, []);
        let matching = 0;
        for (let i = 0; i < runLength(r.from, r.to); i++) {
          const d = new Date(Date.parse(r.from) + i * 86_400_000).toISOString().slice(0, 10);
          if (r.slots.some((s) => s.weekday === weekdayOf(d))) matching++;
        }
        expect(starts).toHaveLength(matching);
        expect(new Set(starts.map((s) => s.startsAt.getTime())).size).toBe(starts.length);
        expect(starts.map((s) => s.startsAt.getTime())).toEqual(
          starts.map((s) => s.startsAt.getTime()).sort((a, b) => a - b),
        );
      }),
    );
  });

  it('marks a start that already has a performance, and never doubles it', () => {
    fc.assert(
      fc.property(run, fc.nat(), (r, pick) => {
        const fresh = expandRun(r, []);
        fc.pre(fresh.length > 0);
        const existing = fresh[pick % fresh.length]!.startsAt;
        const again = expandRun(r, [existing]);
        expect(again).toHaveLength(fresh.length);
        expect(again.filter((s) => s.exists).map((s) => s.startsAt)).toEqual([existing]);
      }),
    );
  });

  it('a run whose last day is before its first has no performances', () => {
    expect(
      expandRun(
        { from: '2026-12-10', to: '2026-12-09', slots: [{ weekday: 3, time: '19:30' }], timeZone: 'UTC' },
        [],
      ),
    ).toEqual([]);
  });

  it('reads "Tue–Sat 19:30, Sun 14:00" over two weeks as 12 performances', () => {
    const starts = expandRun(
      {
        from: '2026-12-08',
        to: '2026-12-20',
        slots: [
          ...([2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, time: '19:30' })),
          { weekday: 7, time: '14:00' },
        ],
        timeZone: 'Europe/London',
      },
      [],
    );
    expect(starts).toHaveLength(12);
    expect(starts[0]!.startsAt.toISOString()).toBe('2026-12-08T19:30:00.000Z');
    expect(starts.at(-1)!.startsAt.toISOString()).toBe('2026-12-20T14:00:00.000Z');
  });
});

describe('a local time on the days the clocks change', () => {
  it('a time in the spring-forward gap moves forward by the gap (02:30 becomes 03:30)', () => {
    const instant = instantOfLocal('2026-03-08', '02:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(localClockOf(instant, 'America/New_York').time).toBe('03:30');
  });

  it('a time shown twice when the clocks fall back is the first of the two', () => {
    expect(instantOfLocal('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantOfLocal('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('the same evening time keeps its wall clock across a change (19:30 before and after)', () => {
    expect(instantOfLocal('2026-10-24', '19:30', 'Europe/London').toISOString()).toBe(
      '2026-10-24T18:30:00.000Z',
    );
    expect(instantOfLocal('2026-10-26', '19:30', 'Europe/London').toISOString()).toBe(
      '2026-10-26T19:30:00.000Z',
    );
  });
});
