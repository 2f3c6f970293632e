import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkSeatAlerts } from './seat-alerts.ts';
import { pricingData } from '../test-factories.ts';

const alerts = pricingData().seatAlerts; // 1 needs acknowledging, 2 does not

describe('seat alerts must be acknowledged', () => {
  test('a restricted-view seat needs its acknowledgement; a mere notice does not', () => {
    const refused = checkSeatAlerts([{ key: 'DRESS-K-1', seatAlertId: 1, acknowledged: false }], alerts);
    expect(refused?.alertName).toBe('Restricted view');
    expect(refused?.keys).toEqual(['DRESS-K-1']);
    expect(checkSeatAlerts([{ key: 'DRESS-K-1', seatAlertId: 1, acknowledged: true }], alerts)).toBeNull();
    expect(checkSeatAlerts([{ key: 'UPPER-A-1', seatAlertId: 2, acknowledged: false }], alerts)).toBeNull();
  });

  test('refused exactly when some seat with an alert needing acknowledgement was not acknowledged', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.string({ minLength: 1, maxLength: 6 }),
            seatAlertId: fc.constantFrom(null, 1, 2, 99),
            acknowledged: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        (seats) => {
          const missing = seats.filter((s) => s.seatAlertId === 1 && !s.acknowledged);
          const result = checkSeatAlerts(seats, alerts);
          expect(result === null).toBe(missing.length === 0);
          if (result) expect(result.keys).toEqual(missing.map((s) => s.key));
        },
      ),
    );
  });
});
