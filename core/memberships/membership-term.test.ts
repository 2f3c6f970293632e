import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isLocalDate } from './gift-delivery.ts';
import { addMonths, membershipStatus, membershipTerm, renewalOf, renewedTerm } from './membership-term.ts';

const localDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const months = fc.integer({ min: 1, max: 120 });

describe('membership term', () => {
  it('ends the day before the same date months later, never before it starts', () => {
    fc.assert(
      fc.property(localDate, months, (start, n) => {
        const term = membershipTerm(start, n);
        expect(isLocalDate(term.endsOn)).toBe(true);
        expect(term.endsOn > term.startsOn).toBe(true);
        expect(addDays(term.endsOn, 1)).toBe(addMonths(start, n));
      }),
    );
  });

  it('adds months keeping the day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(localDate, months, (start, n) => {
        const end = addMonths(start, n);
        const [y, m, d] = start.split('-').map(Number) as [number, number, number];
        const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
        expect((ey - y) * 12 + (em - m)).toBe(n);
        expect(ed <= d).toBe(true);
        if (ed < d) expect(addDays(end, 1).slice(8)).toBe('01');
      }),
    );
    expect(membershipTerm('2027-01-31', 1)).toEqual({ startsOn: '2027-01-31', endsOn: '2027-02-27' });
    expect(membershipTerm('2026-11-27', 12)).toEqual({ startsOn: '2026-11-27', endsOn: '2027-11-26' });
  });

  it('renews from the day after the current term ends, else from the planned day (property)', () => {
    fc.assert(
      fc.property(localDate, months, fc.option(localDate, { nil: null }), (start, n, currentEnd) => {
        const term = renewedTerm(start, n, currentEnd);
        // Never before the planned day, never overlapping the current term, always the type's months.
        expect(term.startsOn >= start).toBe(true);
        if (currentEnd !== null) expect(term.startsOn > currentEnd).toBe(true);
        expect(term).toEqual(membershipTerm(term.startsOn, n));
        // Contiguous with a current term still running on the planned day; else the planned term.
        if (currentEnd !== null && currentEnd >= start) expect(term.startsOn).toBe(addDays(currentEnd, 1));
        else expect(term.startsOn).toBe(start);
      }),
    );
    expect(renewedTerm('2027-10-01', 12, '2027-11-26')).toEqual({
      startsOn: '2027-11-27',
      endsOn: '2028-11-26',
    });
  });

  it('tells a member from when a term bought today would run, as the store makes it (property)', () => {
    fc.assert(
      fc.property(fc.array(localDate, { maxLength: 4 }), localDate, months, (ends, today, n) => {
        const renewal = renewalOf(ends, today);
        const latest = [...ends].sort().at(-1) ?? null;
        expect(renewal === null).toBe(latest === null || latest < today);
        if (renewal) {
          expect(renewal.until).toBe(latest);
          expect(renewal.from).toBe(renewedTerm(today, n, latest).startsOn);
        }
      }),
    );
  });

  it('is Scheduled before delivery or its first day, Active through its last day, Expired after', () => {
    fc.assert(
      fc.property(
        localDate,
        months,
        fc.integer({ min: -400, max: 4000 }),
        fc.boolean(),
        (start, n, offset, delivered) => {
          const term = membershipTerm(start, n);
          const today = addDays(start, offset);
          const status = membershipStatus({ ...term, delivered }, today);
          if (!delivered || offset < 0) expect(status).toBe('Scheduled');
          else if (today > term.endsOn) expect(status).toBe('Expired');
          else expect(status).toBe('Active');
        },
      ),
    );
  });
});
