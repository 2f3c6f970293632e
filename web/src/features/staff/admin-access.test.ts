import { describe, expect, it } from 'vitest';
import type { AccountAnswer, StaffSummary } from '../../../../adapters/http/contract/account.ts';
import {
  adminAccessOf,
  hasPermission,
  loginHref,
  MissingPermissionError,
  requirePermission,
} from './admin-access.ts';

const staff: StaffSummary = {
  ID: 2,
  Name: 'Bo Boxoffice',
  Email: 'boxoffice@foyer.local',
  Role: 'BoxOfficeManager',
  RoleName: 'Box-office manager',
  Permissions: ['sell', 'viewReports'],
  BackendUser: false,
  ScreenRules: { editButton: false, fixedSeatInfo: true, movingSeatInfo: false, stackTraces: false },
};

const signedOut: AccountAnswer = { SignedIn: false, Kind: null, Customer: null, Staff: null };

describe('who may open the admin pages', () => {
  it('lets staff in with their summary', () => {
    expect(adminAccessOf({ SignedIn: true, Kind: 'staff', Customer: null, Staff: staff })).toEqual({
      kind: 'staff',
      staff,
    });
  });

  it('tells a signed-in customer from a signed-out visitor', () => {
    const customer: AccountAnswer = {
      SignedIn: true,
      Kind: 'customer',
      Customer: { ID: 1, FirstName: 'Casey', LastName: 'Customer', Email: 'c@x.org', customerTags: [] },
      Staff: null,
    };
    expect(adminAccessOf(customer)).toEqual({ kind: 'customer' });
    expect(adminAccessOf(signedOut)).toEqual({ kind: 'signedOut' });
  });

  it('treats a staff answer without its summary as signed out (nothing to show)', () => {
    expect(adminAccessOf({ SignedIn: true, Kind: 'staff', Customer: null, Staff: null })).toEqual({
      kind: 'signedOut',
    });
  });

  it('sends the visitor to the login page with the admin path to come back to', () => {
    expect(loginHref('/admin/staff')).toBe('/account/login?returnUrl=%2Fadmin%2Fstaff');
    const back = new URL(loginHref('/admin/orders/7/audit?x=1&y=2'), 'http://foyer.test');
    expect(back.pathname).toBe('/account/login');
    expect(back.searchParams.get('returnUrl')).toBe('/admin/orders/7/audit?x=1&y=2');
  });

  it('checks a page’s permission against the role’s', () => {
    expect(hasPermission(staff, 'viewReports')).toBe(true);
    expect(hasPermission(staff, 'manageStaff')).toBe(false);
    expect(() => requirePermission(staff, 'viewReports')).not.toThrow();
    expect(() => requirePermission(staff, 'manageStaff')).toThrow(MissingPermissionError);
  });
});
