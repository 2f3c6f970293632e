import { can, permissionsOf, type Permission } from '../../../../core/accounts/staff/permissions.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../core/accounts/staff/roles.ts';

// Whom a clerk should ask for an action their role may not take: the role with the fewest
// permissions that has this one (core/accounts/staff/permissions.ts ROLE_PERMISSIONS), as
// { Role, RoleName } for role-name.ts to say in the page's language. Pure.

export const lowestRoleThatMay = (
  permission: Permission,
): { readonly Role: StaffRole; readonly RoleName: string } | null => {
  const able = STAFF_ROLES.filter((role) => role !== 'PointOfSale' && can(role, permission));
  if (able.length === 0) return null;
  const lowest = able.reduce((a, b) => (permissionsOf(b).length < permissionsOf(a).length ? b : a));
  return { Role: lowest, RoleName: ROLE_LABELS[lowest] };
};
