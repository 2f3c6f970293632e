import { STAFF_ROLES, type StaffRole } from './roles.ts';

// Use cases and routes ask for a permission, never for a role name: this table is the one place
// that says which role may do what.
export const PERMISSIONS = [
  'sell', // sell for a customer at the counter or on the phone (staff price types, multi-event baskets)
  'saveBaskets', // save and resume baskets
  'overridePrice',
  'bulkEdit', // bulk change price type, promotion, remove items and fees
  'comp',
  'customPayment', // cash and the box office's own payment types
  'checkPayment',
  'terminalPayment',
  'changeSalesChannel',
  'exchange',
  'refund',
  'print',
  'usherMessages',
  'checkIn', // scan tickets at the door (core/checkin/)
  'manageHolds',
  'manageEvents', // event templates, events and plans
  'managePaymentMethods',
  'manageStaff',
  'viewReports', // reports and the audit log
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL = PERMISSIONS.filter((p) => p !== 'manageStaff');
const COUNTER: Permission[] = [
  'sell',
  'saveBaskets',
  'customPayment',
  'checkPayment',
  'terminalPayment',
  'print',
  'checkIn',
];
const SUPERVISING: Permission[] = [
  ...COUNTER,
  'overridePrice',
  'bulkEdit',
  'comp',
  'changeSalesChannel',
  'exchange',
  'refund',
  'usherMessages',
  'manageHolds',
  'viewReports',
];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  SuperAdmin: new Set(PERMISSIONS),
  Admin: new Set(ALL),
  EventAdmin: new Set<Permission>([
    'sell',
    'saveBaskets',
    'overridePrice',
    'bulkEdit',
    'comp',
    'changeSalesChannel',
    'print',
    'usherMessages',
    'checkIn',
    'manageHolds',
    'manageEvents',
    'viewReports',
  ]),
  BoxOfficeManager: new Set<Permission>([...SUPERVISING, 'managePaymentMethods']),
  BoxOfficeSupervisor: new Set<Permission>(SUPERVISING),
  Seller: new Set<Permission>(COUNTER),
  // The device prints and drives the card terminal for the clerk signed in beside it.
  // It also scans tickets when it stands at a door.
  PointOfSale: new Set<Permission>(['print', 'terminalPayment', 'checkIn']),
};

export const can = (role: StaffRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].has(permission);

export const permissionsOf = (role: StaffRole): Permission[] => PERMISSIONS.filter((p) => can(role, p));

/** Roles holding a permission, for error messages and `foyer staff list`. */
export const rolesWith = (permission: Permission): StaffRole[] =>
  STAFF_ROLES.filter((r) => can(r, permission));

// The box office's screen rules, by role as the product defines them (not permissions: they say
// how a screen looks, not what a person may change).
const EDIT_BUTTON = new Set<StaffRole>(['SuperAdmin', 'Admin', 'EventAdmin', 'BoxOfficeSupervisor']);
const FIXED_SEAT_INFO = new Set<StaffRole>([
  'SuperAdmin',
  'Admin',
  'EventAdmin',
  'BoxOfficeManager',
  'BoxOfficeSupervisor',
]);

export interface ScreenRules {
  /** The Edit button on admin screens. */
  readonly editButton: boolean;
  /** The seat-info popover (the I key) stays fixed in a corner. */
  readonly fixedSeatInfo: boolean;
  /** The seat-info popover follows the pointer. */
  readonly movingSeatInfo: boolean;
  /** Error modals show the stack trace (staff with the backend-user flag only). */
  readonly stackTraces: boolean;
}

export const screenRulesOf = (role: StaffRole, backendUser: boolean): ScreenRules => ({
  editButton: EDIT_BUTTON.has(role),
  fixedSeatInfo: FIXED_SEAT_INFO.has(role),
  movingSeatInfo: role !== 'BoxOfficeManager',
  stackTraces: backendUser,
});
