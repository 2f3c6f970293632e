import { describe, expect, it } from 'vitest';
import { signedInKindFrom } from './signed-in-cookie.ts';

describe('the login-state cookie', () => {
  it('names a customer or a staff session among other cookies', () => {
    expect(signedInKindFrom('foyer_csrf=abc; foyer_signed_in=customer')).toBe('customer');
    expect(signedInKindFrom('foyer_signed_in=staff; lang=fr')).toBe('staff');
  });

  it('means nobody is signed in when absent, empty or unknown', () => {
    expect(signedInKindFrom('')).toBeUndefined();
    expect(signedInKindFrom('foyer_csrf=abc')).toBeUndefined();
    expect(signedInKindFrom('foyer_signed_in=')).toBeUndefined();
    expect(signedInKindFrom('foyer_signed_in=admin')).toBeUndefined();
    expect(signedInKindFrom('xfoyer_signed_in=customer')).toBeUndefined();
  });
});
