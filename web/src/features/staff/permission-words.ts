import { PERMISSIONS, type Permission } from '../../../../core/accounts/staff/permissions.ts';

// A role's permissions as the admin home lists them: in the table's order, each with its words.

const known = new Set<string>(PERMISSIONS);

export const isPermission = (value: string): value is Permission => known.has(value);

/** The admin string key saying what a permission lets someone do. */
export const permissionKey = (permission: Permission): `permission.${Permission}` =>
  `permission.${permission}`;

/** Known permissions in PERMISSIONS order, then any the web app has no words for, as sent. */
export const orderedPermissions = (permissions: readonly string[]): string[] => {
  const given = new Set(permissions);
  return [...PERMISSIONS.filter((p) => given.has(p)), ...permissions.filter((p) => !known.has(p))];
};
