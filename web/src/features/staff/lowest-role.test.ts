import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from '../../../../core/accounts/staff/permissions.ts';
import { lowestRoleThatMay } from './lowest-role.ts';

describe('whom to ask for an action a role may not take', () => {
  it('names the box-office supervisor for refunds and exchanges', () => {
    expect(lowestRoleThatMay('refund')?.Role).toBe('BoxOfficeSupervisor');
    expect(lowestRoleThatMay('exchange')?.Role).toBe('BoxOfficeSupervisor');
    expect(lowestRoleThatMay('refund')?.RoleName).toBe('Box-office supervisor');
  });

  it('names a seller for selling, and the super admin alone for managing staff', () => {
    expect(lowestRoleThatMay('sell')?.Role).toBe('Seller');
    expect(lowestRoleThatMay('manageStaff')?.Role).toBe('SuperAdmin');
  });

  it('always names a person’s role that may, never the counter device', () => {
    for (const permission of PERMISSIONS) {
      const role = lowestRoleThatMay(permission);
      expect(role).not.toBeNull();
      expect(role?.Role).not.toBe('PointOfSale');
      expect(can(role!.Role, permission)).toBe(true);
    }
  });
});
