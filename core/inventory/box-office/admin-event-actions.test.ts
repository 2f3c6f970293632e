import fc from 'fast-check';
import { expect, test } from 'vitest';
import { can, PERMISSIONS, type Permission } from '../../accounts/staff/permissions.ts';
import { STAFF_ROLES } from '../../accounts/staff/roles.ts';
import {
  ACTION_PERMISSION,
  ADMIN_EVENT_ACTIONS,
  adminEventActionPath,
  adminEventActions,
} from './admin-event-actions.ts';

test('an action is listed exactly when the caller holds its permission, in the fixed order', () => {
  fc.assert(
    fc.property(fc.subarray([...PERMISSIONS]), (held) => {
      const granted = new Set<Permission>(held);
      const listed = adminEventActions((p) => granted.has(p));
      expect(listed).toEqual(ADMIN_EVENT_ACTIONS.filter((a) => granted.has(ACTION_PERMISSION[a])));
    }),
  );
});

test('by role: a seller sees none; holds, accessible seating and seat tags go with managing holds', () => {
  expect(adminEventActions((p) => can('Seller', p))).toEqual([]);
  for (const role of STAFF_ROLES) {
    const listed = adminEventActions((p) => can(role, p));
    expect(listed.includes('Holds')).toBe(can(role, 'manageHolds'));
    expect(listed.includes('PriceLevels')).toBe(can(role, 'manageEvents'));
    expect(listed.includes('AttendanceMap')).toBe(can(role, 'viewReports'));
  }
  expect(adminEventActionPath('AccessibleSeating', 12)).toBe('/admin/v2/event/12/accessible-seating');
});
