import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  can,
  PERMISSIONS,
  permissionsOf,
  rolesWith,
  ROLE_PERMISSIONS,
  screenRulesOf,
} from './permissions.ts';
import { STAFF_ROLES } from './roles.ts';

const role = fc.constantFrom(...STAFF_ROLES);
const permission = fc.constantFrom(...PERMISSIONS);

describe('the permission table', () => {
  it('gives manage-staff to no role but SuperAdmin', () => {
    fc.assert(fc.property(role, (r) => can(r, 'manageStaff') === (r === 'SuperAdmin')));
    expect(rolesWith('manageStaff')).toEqual(['SuperAdmin']);
  });

  it('gives SuperAdmin everything, and every other role a subset of what SuperAdmin holds', () => {
    fc.assert(fc.property(permission, (p) => can('SuperAdmin', p)));
    fc.assert(fc.property(role, permission, (r, p) => !can(r, p) || can('SuperAdmin', p)));
  });

  it('keeps the supervisor within the manager and the seller within the supervisor', () => {
    fc.assert(
      fc.property(permission, (p) => {
        if (can('Seller', p)) expect(can('BoxOfficeSupervisor', p)).toBe(true);
        if (can('BoxOfficeSupervisor', p)) expect(can('BoxOfficeManager', p)).toBe(true);
      }),
    );
  });

  it('lets the point-of-sale device print, take terminal payments and check in, and nothing else', () => {
    expect(permissionsOf('PointOfSale')).toEqual(['terminalPayment', 'print', 'checkIn']);
  });

  it('answers the same through can, permissionsOf and rolesWith', () => {
    fc.assert(
      fc.property(role, permission, (r, p) => {
        const held = can(r, p);
        expect(permissionsOf(r).includes(p)).toBe(held);
        expect(rolesWith(p).includes(r)).toBe(held);
        expect(ROLE_PERMISSIONS[r].has(p)).toBe(held);
      }),
    );
  });

  it('shows the Edit button to SuperAdmin, Admin, EventAdmin and BoxOfficeSupervisor only', () => {
    const edit = new Set(['SuperAdmin', 'Admin', 'EventAdmin', 'BoxOfficeSupervisor']);
    fc.assert(fc.property(role, fc.boolean(), (r, b) => screenRulesOf(r, b).editButton === edit.has(r)));
  });

  it('fixes the seat-info popover for the five admin roles and moves it for all but BoxOfficeManager', () => {
    const fixed = new Set(['SuperAdmin', 'Admin', 'EventAdmin', 'BoxOfficeManager', 'BoxOfficeSupervisor']);
    fc.assert(
      fc.property(role, fc.boolean(), (r, b) => {
        const rules = screenRulesOf(r, b);
        expect(rules.fixedSeatInfo).toBe(fixed.has(r));
        expect(rules.movingSeatInfo).toBe(r !== 'BoxOfficeManager');
      }),
    );
  });

  it('shows stack traces only with the backend-user flag, whatever the role', () => {
    fc.assert(fc.property(role, fc.boolean(), (r, b) => screenRulesOf(r, b).stackTraces === b));
  });
});
