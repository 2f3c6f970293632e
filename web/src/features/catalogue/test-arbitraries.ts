import fc from 'fast-check';
import { daysInMonth, type Day, type Month } from './calendar-month.ts';

// Shared generators for the calendar's property tests.

export const anyMonth: fc.Arbitrary<Month> = fc.record({
  year: fc.integer({ min: 1900, max: 2200 }),
  month: fc.integer({ min: 1, max: 12 }),
});

export const dayIn = (m: Month): fc.Arbitrary<Day> =>
  fc.integer({ min: 1, max: daysInMonth(m.year, m.month) }).map((day) => ({ ...m, day }));

export const anyDay: fc.Arbitrary<Day> = anyMonth.chain(dayIn);
