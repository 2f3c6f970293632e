import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { venueClock, venueTimeParts } from './venue-time.ts';

describe('a time on the venue clock', () => {
  it('shows a New York evening as the venue has it, not as the browser would', () => {
    // 00:30 UTC on the 9th is 7:30 PM on the 8th in New York (EST).
    expect(venueClock('2026-12-09T00:30:00.000Z', 'America/New_York', 'en-US')).toBe(
      'Tue, Dec 8, 2026, 7:30 PM',
    );
    expect(venueTimeParts('2026-12-09T00:30:00.000Z', 'America/New_York', 'en-US').zone).toBe('New York');
    expect(venueClock('2026-12-09T00:30:00.000Z', 'Europe/London', 'en-GB')).toBe('Wed, 9 Dec 2026, 0:30');
  });

  it('never depends on the zone the process runs in', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (d) => {
          const expected = new Intl.DateTimeFormat('en-US', {
            timeZone: 'Asia/Tokyo',
            hour: 'numeric',
            minute: '2-digit',
          }).format(d);
          expect(venueClock(d, 'Asia/Tokyo', 'en-US').endsWith(expected)).toBe(true);
        },
      ),
    );
  });
});
