import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { stringsFor } from '../../../../core/i18n/strings/index.ts';
import {
  carriesWorldPayReturn,
  isWebUrl,
  redirectTarget,
  WORLD_PAY_ERROR_SECONDS,
  worldPayReturnOf,
} from './world-pay.ts';

const wording = async (language: string) => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { consumer: stringsFor('consumer', language) } },
    ns: ['consumer'],
    defaultNS: 'consumer',
    keySeparator: false,
    nsSeparator: false,
  });
  return (count: number) => i18n.t('worldPayError.redirecting', { count });
};

describe('the WorldPay error countdown', () => {
  it('counts 7 seconds in singular and plural words', async () => {
    expect(WORLD_PAY_ERROR_SECONDS).toBe(7);
    const en = await wording('en');
    expect(en(7)).toBe('Redirecting in 7 seconds');
    expect(en(2)).toBe('Redirecting in 2 seconds');
    expect(en(1)).toBe('Redirecting in 1 second');
    const fr = await wording('fr');
    expect(fr(1)).toBe('Redirection dans 1 seconde');
    expect(fr(5)).toBe('Redirection dans 5 secondes');
  });

  it('goes to redirectUrl when it is a path of this site, else to the payment page', () => {
    expect(redirectTarget('/checkout/basket', '/checkout/payment')).toBe('/checkout/basket');
    expect(redirectTarget(undefined, '/checkout/payment')).toBe('/checkout/payment');
    for (const elsewhere of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ])
      expect(redirectTarget(elsewhere, '/checkout/payment')).toBe('/checkout/payment');
  });

  it('hands off only to a web address', () => {
    expect(isWebUrl('https://secure.worldpay.com/wcc/dispatcher?x=1')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl(42)).toBe(false);
  });
});

describe('the WorldPay return', () => {
  it('reads orderKey, mac2 and paymentStatus, with the amount and currency when sent', () => {
    expect(
      worldPayReturnOf({
        orderKey: 'ADMIN^MERCHANT^F-1',
        mac2: 'ab12',
        paymentStatus: 'AUTHORISED',
        paymentAmount: 9000,
        paymentCurrency: 'USD',
      }),
    ).toEqual({
      orderKey: 'ADMIN^MERCHANT^F-1',
      mac2: 'ab12',
      paymentStatus: 'AUTHORISED',
      paymentAmount: '9000',
      paymentCurrency: 'USD',
    });
    expect(worldPayReturnOf({ orderKey: 'k', mac2: 'm', paymentStatus: 'REFUSED' })).toEqual({
      orderKey: 'k',
      mac2: 'm',
      paymentStatus: 'REFUSED',
    });
  });

  it('refuses a return without one of the three', () => {
    expect(worldPayReturnOf({ orderKey: 'k', mac2: 'm' })).toBeNull();
    expect(worldPayReturnOf({ orderKey: 'k', paymentStatus: 'AUTHORISED', mac2: ' ' })).toBeNull();
  });

  it('tells an address without any of the return from a return that is incomplete', () => {
    expect(carriesWorldPayReturn({})).toBe(false);
    expect(carriesWorldPayReturn({ orderKey: ' ', planCode: '7', utm_source: 'mail' })).toBe(false);
    expect(carriesWorldPayReturn({ orderKey: 'k' })).toBe(true);
    expect(carriesWorldPayReturn({ paymentStatus: 'CANCELLED' })).toBe(true);
    expect(carriesWorldPayReturn({ orderKey: 'k', mac2: 'm', paymentStatus: 'REFUSED' })).toBe(true);
  });
});
