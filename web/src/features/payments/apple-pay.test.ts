import { describe, expect, it } from 'vitest';
import { applePayAmount, deviceCanPay } from './apple-pay.ts';

describe('the wallet button', () => {
  it('shows only where the device can pay', () => {
    expect(deviceCanPay({})).toBe(false);
    const session = (can: boolean) =>
      ({ ApplePaySession: { canMakePayments: () => can } }) as unknown as Pick<Window, 'ApplePaySession'>;
    expect(deviceCanPay(session(true))).toBe(true);
    expect(deviceCanPay(session(false))).toBe(false);
    const throwing = {
      ApplePaySession: {
        canMakePayments: () => {
          throw new Error('InvalidAccessError');
        },
      },
    } as unknown as Pick<Window, 'ApplePaySession'>;
    expect(deviceCanPay(throwing)).toBe(false);
  });

  it('writes the total as Apple Pay wants it, two decimal digits', () => {
    expect(applePayAmount(9000)).toBe('90.00');
    expect(applePayAmount(5)).toBe('0.05');
    expect(applePayAmount(123456)).toBe('1234.56');
  });
});
