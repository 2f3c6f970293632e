import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckoutOutcome } from './checkout-outcome.ts';
import { attemptAfter, attemptFor, startAttempt } from './payment-attempt.ts';

const keys = () => {
  let n = 0;
  return () => `key-${(n += 1)}`;
};

const settled: CheckoutOutcome[] = [
  { kind: 'ordered', orderId: 1 },
  { kind: 'declined', message: 'Declined' },
  { kind: 'invalid', message: null, fields: ['Email'] },
  { kind: 'expired' },
  { kind: 'seatsTaken', message: null, seats: [] },
  { kind: 'sellError' },
  { kind: 'paymentError', status: 400, message: null },
];

describe('the idempotency key of a payment attempt', () => {
  it('is made once and sent again on a retry after a network failure or a server fault', () => {
    const make = keys();
    const first = attemptFor(null, make);
    expect(first.key).toBe('key-1');
    const afterNetwork = attemptAfter(first, { kind: 'network' });
    expect(attemptFor(afterNetwork, make).key).toBe('key-1');
    const afterFault = attemptAfter(first, { kind: 'paymentError', status: 503, message: null });
    expect(attemptFor(afterFault, make).key).toBe('key-1');
  });

  it('is kept, with the payment to confirm, through the authentication step', () => {
    const make = keys();
    const attempt = startAttempt(make);
    const next = attemptAfter(attempt, {
      kind: 'requiresAction',
      paymentIntentId: 'pi_1',
      clientSecret: 's',
      actionUrl: '/offline/authenticate/pi_1',
    });
    expect(next).toEqual({ key: 'key-1', paymentIntentId: 'pi_1' });
    // The resubmission is the same attempt: same key.
    expect(attemptFor(next, make)).toBe(next);
  });

  it('ends with any answer that settles it, so the next Pay is a new attempt with a new key', () => {
    for (const outcome of settled) {
      const make = keys();
      const attempt = attemptFor(null, make);
      expect(attemptAfter(attempt, outcome), outcome.kind).toBeNull();
      expect(attemptFor(attemptAfter(attempt, outcome), make).key).toBe('key-2');
    }
  });

  it('never makes a new key while an attempt is open, whatever the open answers were', () => {
    const open = fc.constantFrom<CheckoutOutcome>(
      { kind: 'network' },
      { kind: 'paymentError', status: 500, message: null },
      { kind: 'requiresAction', paymentIntentId: 'pi', clientSecret: 's', actionUrl: null },
    );
    fc.assert(
      fc.property(fc.array(open, { maxLength: 8 }), (answers) => {
        const make = keys();
        let attempt = attemptFor(null, make);
        for (const answer of answers) attempt = attemptFor(attemptAfter(attempt, answer), make);
        expect(attempt.key).toBe('key-1');
      }),
    );
  });
});
