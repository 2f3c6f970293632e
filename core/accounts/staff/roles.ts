// Who can act in Foyer: staff roles (people at the box office and in the back office) and the
// point-of-sale device (a counter computer paired through bridge/, not a person).
export const STAFF_ROLES = [
  'SuperAdmin',
  'Admin',
  'EventAdmin',
  'BoxOfficeManager',
  'BoxOfficeSupervisor',
  'Seller',
  'PointOfSale',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** What a role is called on screen (the admin header, `foyer staff list`). */
export const ROLE_LABELS: Record<StaffRole, string> = {
  SuperAdmin: 'Super admin',
  Admin: 'Admin',
  EventAdmin: 'Event admin',
  BoxOfficeManager: 'Box-office manager',
  BoxOfficeSupervisor: 'Box-office supervisor',
  Seller: 'Seller',
  PointOfSale: 'Point-of-sale terminal',
};
