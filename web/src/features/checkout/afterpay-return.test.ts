import { describe, expect, it } from 'vitest';
import { afterpayNextStep } from './afterpay-return.ts';

describe('the Afterpay return (spec 001 section 4)', () => {
  it('processes the checkout for an authorised intent waiting for capture', () => {
    expect(afterpayNextStep({ status: 'requires_capture', latest_charge: { status: 'succeeded' } })).toBe(
      'checkout',
    );
    expect(afterpayNextStep({ status: 'requires_capture' })).toBe('checkout');
  });

  it('needs the latest charge to have succeeded', () => {
    expect(afterpayNextStep({ status: 'succeeded', latest_charge: { status: 'succeeded' } })).toBe(
      'checkout',
    );
    expect(afterpayNextStep({ status: 'succeeded', latestChargeStatus: 'succeeded' })).toBe('checkout');
    expect(afterpayNextStep({ status: 'succeeded', latest_charge: 'ch_1' })).toBe('failed');
    expect(afterpayNextStep({ status: 'requires_capture', latest_charge: { status: 'failed' } })).toBe(
      'failed',
    );
  });

  it('treats anything else as a failed payment', () => {
    for (const status of ['requires_payment_method', 'requires_action', 'canceled', 'processing'])
      expect(afterpayNextStep({ status }), status).toBe('failed');
  });
});
