import { describe, expect, it } from 'vitest';
import { afterpayNextStep, afterpayReturnOf, carriesAfterpayReturn } from './afterpay-return.ts';

describe('the Afterpay return', () => {
  it('processes the checkout for an authorised intent waiting for capture', () => {
    expect(afterpayNextStep({ Status: 'requires_capture', LatestChargeStatus: 'succeeded' })).toBe(
      'checkout',
    );
    expect(afterpayNextStep({ Status: 'succeeded', LatestChargeStatus: 'succeeded' })).toBe('checkout');
  });

  it('needs the latest charge to have succeeded', () => {
    expect(afterpayNextStep({ Status: 'requires_capture', LatestChargeStatus: null })).toBe('failed');
    expect(afterpayNextStep({ Status: 'succeeded', LatestChargeStatus: 'pending' })).toBe('failed');
    expect(afterpayNextStep({ Status: 'requires_capture', LatestChargeStatus: 'failed' })).toBe('failed');
  });

  it('treats any other status as a failed payment, whatever the charge says', () => {
    for (const status of ['requires_payment_method', 'requires_action', 'canceled', 'processing'])
      expect(afterpayNextStep({ Status: status, LatestChargeStatus: 'succeeded' }), status).toBe('failed');
  });

  it('reads the intent from Stripe’s return parameters or the older paymentIntent, with its own client secret', () => {
    const secret = 'pi_1_secret_abc';
    expect(
      afterpayReturnOf(
        { payment_intent: 'pi_1', payment_intent_client_secret: secret, redirect_status: 'failed' },
        null,
      ),
    ).toEqual({ paymentIntentId: 'pi_1', clientSecret: secret });
    expect(afterpayReturnOf({ paymentIntent: 'pi_1' }, secret)).toEqual({
      paymentIntentId: 'pi_1',
      clientSecret: secret,
    });
    expect(afterpayReturnOf({ paymentIntent: 'pi_1' }, null)).toBeNull();
    expect(
      afterpayReturnOf({ payment_intent: 'pi_2', payment_intent_client_secret: secret }, null),
    ).toBeNull();
    expect(afterpayReturnOf({}, secret)).toBeNull();
  });

  it('tells an address without the intent from a return', () => {
    expect(carriesAfterpayReturn({})).toBe(false);
    expect(carriesAfterpayReturn({ payment_intent: ' ', redirect_status: 'succeeded' })).toBe(false);
    expect(carriesAfterpayReturn({ payment_intent: 'pi_1' })).toBe(true);
    expect(carriesAfterpayReturn({ paymentIntent: 'pi_1' })).toBe(true);
  });
});
