import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRunRequest, type RunRequest } from './run-request.ts';

const valid: RunRequest = {
  from: '2026-12-08',
  to: '2026-12-20',
  slots: [{ weekday: 2, time: '19:30' }],
  onSale: 'now',
  durationMinutes: null,
  offSaleMinutesBefore: null,
  isPresale: false,
};

describe('a run as staff ask for it', () => {
  it('is accepted when its dates are real and in order and every time is HH:mm', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(checkRunRequest({ ...valid, slots: [{ weekday: 5, time }] })).toBeNull();
      }),
    );
  });

  it('names the field that is wrong', () => {
    expect(checkRunRequest({ ...valid, from: '2026-02-30' })?.field).toBe('From');
    expect(checkRunRequest({ ...valid, to: '2026-12-07' })?.field).toBe('To');
    expect(checkRunRequest({ ...valid, to: '2028-12-07' })?.field).toBe('To');
    expect(checkRunRequest({ ...valid, slots: [] })?.field).toBe('Days');
    expect(checkRunRequest({ ...valid, slots: [{ weekday: 2, time: '24:00' }] })?.field).toBe('Days[0].Time');
    expect(checkRunRequest({ ...valid, durationMinutes: 0 })?.field).toBe('DurationMinutes');
    fc.assert(
      fc.property(fc.string(), (text) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}$/.test(text));
        expect(checkRunRequest({ ...valid, from: text })?.field).toBe('From');
      }),
    );
  });
});
