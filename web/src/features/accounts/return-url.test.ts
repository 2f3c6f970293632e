import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterSignInPath, headerReturnUrl, returnUrlOf } from './return-url.ts';

describe('the returnUrl a sign-in goes back to', () => {
  it('keeps a path of this site, query and all', () => {
    expect(returnUrlOf({ returnUrl: '/checkout/basket' })).toBe('/checkout/basket');
    expect(returnUrlOf({ returnUrl: '/tickets/series/HAMLET?promo=X' })).toBe(
      '/tickets/series/HAMLET?promo=X',
    );
  });

  it('ignores other origins, scheme-relative links, backslashes and non-strings', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'account/details',
      '',
      '/\u0000x',
    ])
      expect(returnUrlOf({ returnUrl: bad }), bad).toBeUndefined();
    expect(returnUrlOf({ returnUrl: 42 })).toBeUndefined();
    expect(returnUrlOf({})).toBeUndefined();
    expect(returnUrlOf(undefined)).toBeUndefined();
  });

  it('never answers anything but a single-slash path', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const path = returnUrlOf({ returnUrl: text });
        if (path !== undefined) {
          expect(path.startsWith('/')).toBe(true);
          expect(path.startsWith('//')).toBe(false);
          expect(new URL(path, 'https://foyer.example').origin).toBe('https://foyer.example');
        }
      }),
    );
  });

  it('sends staff to the box office and customers to their account when there is no returnUrl', () => {
    expect(afterSignInPath('staff', undefined)).toBe('/admin');
    expect(afterSignInPath('customer', undefined)).toBe('/account/details');
    expect(afterSignInPath('staff', '/checkout/basket')).toBe('/checkout/basket');
    expect(afterSignInPath('customer', '/checkout/basket')).toBe('/checkout/basket');
  });

  it('lets a header sign-in come back to the page it was opened on, except the sign-in pages', () => {
    expect(headerReturnUrl('/tickets/series/HAMLET', '?promo=X')).toBe('/tickets/series/HAMLET?promo=X');
    expect(headerReturnUrl('/account/login', '?returnUrl=/x')).toBeUndefined();
    expect(headerReturnUrl('/Account/AccountDeletedConfirmation', '')).toBeUndefined();
    expect(headerReturnUrl('/account/resetpassword/', '?token=abc')).toBeUndefined();
  });
});
