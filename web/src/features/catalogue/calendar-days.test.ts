import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCalendarDays, MAX_DOTS_PER_DAY, weeksOf, type CalendarEvent } from './calendar-days.ts';
import { daysInMonth, isoDay, type Day, type Month } from './calendar-month.ts';
import { anyMonth, dayIn } from './test-arbitraries.ts';

let nextId = 1;
const eventOn = (day: Day, time = '19:30', color = '#2e7d32'): CalendarEvent => ({
  ID: nextId++,
  LocalDate: `${isoDay(day)}T${time}:00`,
  AvailabilityColor: color,
  linkedEvent: null,
});

const linkedPair = (first: Day, second: Day): [CalendarEvent, CalendarEvent] => {
  const a = eventOn(first);
  const b = eventOn(second);
  const link = (e: CalendarEvent) => ({
    id: e.ID,
    localDate: e.LocalDate,
    name: 'Part',
    urlSafeName: 'part',
    isBeforeSaleDate: false,
    IsPreSale: false,
  });
  return [
    { ...a, linkedEvent: link(b) },
    { ...b, linkedEvent: link(a) },
  ];
};

const december: Month = { year: 2026, month: 12 };

describe('the month grid of calendar days', () => {
  it('lays out December 2026 in whole weeks from Sunday, with the neighbours’ days outside the month', () => {
    const days = buildCalendarDays(december, []);
    expect(days).toHaveLength(35);
    expect(days[0]).toMatchObject({ index: 0, formattedDate: '2026-11-29', isInMonth: false });
    expect(days[2]).toMatchObject({ index: 2, formattedDate: '2026-12-01', isInMonth: true });
    expect(days.at(-1)).toMatchObject({ formattedDate: '2027-01-02', isInMonth: false });
    expect(buildCalendarDays(december, [], 1)[0]!.formattedDate).toBe('2026-11-30');
  });

  it('holds every day of the month once, in order, in whole weeks starting on the chosen weekday', () => {
    fc.assert(
      fc.property(anyMonth, fc.integer({ min: 0, max: 6 }), (month, weekStartsOn) => {
        const days = buildCalendarDays(month, [], weekStartsOn);
        expect(days.length % 7).toBe(0);
        expect(days.length).toBeLessThanOrEqual(42);
        const inMonth = days.filter((d) => d.isInMonth);
        expect(inMonth.map((d) => d.date.day)).toEqual(
          Array.from({ length: daysInMonth(month.year, month.month) }, (_, i) => i + 1),
        );
        expect(new Date(`${days[0]!.formattedDate}T00:00:00Z`).getUTCDay()).toBe(weekStartsOn);
        days.forEach((d, i) => expect(d.index).toBe(i));
        expect(weeksOf(days).every((w) => w.length === 7)).toBe(true);
      }),
    );
  });

  it('puts each event of the month on its local day and gives one dot per event, never more than six', () => {
    fc.assert(
      fc.property(
        anyMonth.chain((m) => fc.tuple(fc.constant(m), fc.array(dayIn(m), { maxLength: 60 }))),
        ([month, eventDays]) => {
          const events = eventDays.map((d) => eventOn(d));
          const days = buildCalendarDays(month, events);
          expect(days.flatMap((d) => d.events)).toHaveLength(events.length);
          for (const day of days) {
            expect(day.events.every((e) => e.LocalDate.startsWith(day.formattedDate))).toBe(true);
            expect(day.availabilityColors).toHaveLength(Math.min(day.events.length, MAX_DOTS_PER_DAY));
          }
        },
      ),
    );
  });

  it('keeps the dots in start order with each event’s own colour', () => {
    const day = { year: 2026, month: 12, day: 5 };
    const days = buildCalendarDays(december, [
      eventOn(day, '19:30', '#d84315'),
      eventOn(day, '14:30', '#2e7d32'),
    ]);
    const cell = days.find((d) => d.formattedDate === '2026-12-05')!;
    expect(cell.availabilityColors).toEqual(['#2e7d32', '#d84315']);
    expect(cell.events.map((e) => e.LocalDate.slice(11, 16))).toEqual(['14:30', '19:30']);
  });

  it('leaves out events of other months (each month is loaded on its own)', () => {
    const days = buildCalendarDays(december, [eventOn({ year: 2027, month: 1, day: 1 })]);
    expect(days.flatMap((d) => d.events)).toEqual([]);
  });

  it('highlights both days of a linked two-day event, and only those', () => {
    const [partOne, partTwo] = linkedPair(
      { year: 2026, month: 12, day: 5 },
      { year: 2026, month: 12, day: 6 },
    );
    const days = buildCalendarDays(december, [partOne, partTwo, eventOn({ year: 2026, month: 12, day: 7 })]);
    const flags = days
      .filter((d) => d.isLinkedLeft || d.isLinkedRight)
      .map((d) => [d.formattedDate, d.isLinkedLeft, d.isLinkedRight]);
    expect(flags).toEqual([
      ['2026-12-05', false, true],
      ['2026-12-06', true, false],
    ]);
  });

  it('still links a pair across a month’s edge when only one side is loaded', () => {
    const [last, first] = linkedPair({ year: 2026, month: 12, day: 31 }, { year: 2027, month: 1, day: 1 });
    const december31 = buildCalendarDays(december, [last]).find((d) => d.formattedDate === '2026-12-31')!;
    expect(december31.isLinkedRight).toBe(true);
    const january1 = buildCalendarDays({ year: 2027, month: 1 }, [first]).find(
      (d) => d.formattedDate === '2027-01-01',
    )!;
    expect(january1.isLinkedLeft).toBe(true);
  });

  it('links a day to a neighbour exactly when a linked pair spans those two days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 31 }), { maxLength: 10 }),
        (start, loose) => {
          const pair = linkedPair({ ...december, day: start }, { ...december, day: start + 1 });
          const days = buildCalendarDays(december, [
            ...pair,
            ...loose.map((day) => eventOn({ ...december, day })),
          ]);
          for (const d of days) {
            expect(d.isLinkedRight).toBe(d.isInMonth && d.date.day === start);
            expect(d.isLinkedLeft).toBe(d.isInMonth && d.date.day === start + 1);
          }
        },
      ),
    );
  });
});
