import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../core/accounts/staff/permissions.ts';
import { adminEn } from '../../../../core/i18n/strings/admin/en.ts';
import { isPermission, orderedPermissions, permissionKey } from './permission-words.ts';

describe('permissions in words', () => {
  it('has words for every permission in the admin table', () => {
    for (const p of PERMISSIONS) expect(adminEn).toHaveProperty([permissionKey(p)]);
  });

  it('lists known permissions in the table’s order, then any others as sent', () => {
    expect(orderedPermissions(['viewReports', 'future', 'sell'])).toEqual(['sell', 'viewReports', 'future']);
    expect(isPermission('future')).toBe(false);
    expect(isPermission('manageStaff')).toBe(true);
  });
});
