import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cardFieldOfStripeError, createPaymentMethodWithRetry } from './stripe-js.ts';

describe('Stripe card errors as field errors', () => {
  test('each of the six codes lands on its field', () => {
    expect(cardFieldOfStripeError({ type: 'validation_error', code: 'invalid_number' })).toEqual({
      field: 'CardNumber',
      code: 'invalid_number',
    });
    expect(cardFieldOfStripeError({ type: 'validation_error', code: 'incomplete_number' })?.field).toBe(
      'CardNumber',
    );
    expect(cardFieldOfStripeError({ type: 'validation_error', code: 'incomplete_expiry' })?.field).toBe(
      'CardExpiry',
    );
    expect(cardFieldOfStripeError({ type: 'validation_error', code: 'invalid_expiry_year' })?.field).toBe(
      'CardExpiry',
    );
    expect(
      cardFieldOfStripeError({ type: 'validation_error', code: 'invalid_expiry_year_past' })?.field,
    ).toBe('CardExpiry');
    expect(cardFieldOfStripeError({ type: 'validation_error', code: 'incomplete_cvc' })?.field).toBe(
      'CardCvc',
    );
  });

  test('a decline or any other code is not a field error', () => {
    expect(cardFieldOfStripeError({ type: 'card_error', code: 'card_declined' })).toBeNull();
    expect(cardFieldOfStripeError(undefined)).toBeNull();
  });
});

describe('createPaymentMethodWithRetry', () => {
  const rateLimited = { error: { type: 'invalid_request_error', code: 'rate_limit' } };
  const made = { paymentMethod: { id: 'pm_1' } };

  test('429s are retried up to 4 times, 1000 ms doubling, then the answer is given up on', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 8 }), async (limited) => {
        const slept: number[] = [];
        let calls = 0;
        const answer = await createPaymentMethodWithRetry(
          async () => (++calls <= limited ? rateLimited : made),
          async (ms) => void slept.push(ms),
        );
        expect(calls).toBe(Math.min(limited, 4) + 1);
        expect(slept).toEqual([1000, 2000, 4000, 8000].slice(0, Math.min(limited, 4)));
        expect(answer).toEqual(limited <= 4 ? made : rateLimited);
      }),
    );
  });

  test('a decline is answered at once', async () => {
    let calls = 0;
    const declined = { error: { type: 'card_error', code: 'card_declined' } };
    expect(
      await createPaymentMethodWithRetry(
        async () => (calls++, declined),
        async () => undefined,
      ),
    ).toBe(declined);
    expect(calls).toBe(1);
  });
});
