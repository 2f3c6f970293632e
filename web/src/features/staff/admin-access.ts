import type { AccountAnswer, StaffSummary } from '../../../../adapters/http/contract/account.ts';
import type { Permission } from '../../../../core/accounts/staff/permissions.ts';

// Who may open the admin pages: decided from the GET /api/account answer. Pure, for the guard.

export type AdminAccess =
  | { readonly kind: 'staff'; readonly staff: StaffSummary }
  | { readonly kind: 'customer' }
  | { readonly kind: 'signedOut' };

export const adminAccessOf = (answer: AccountAnswer): AdminAccess => {
  if (!answer.SignedIn) return { kind: 'signedOut' };
  if (answer.Kind === 'staff' && answer.Staff) return { kind: 'staff', staff: answer.Staff };
  if (answer.Kind === 'customer') return { kind: 'customer' };
  return { kind: 'signedOut' };
};

/** The login page, coming back to `returnUrl` (a path of this site) after sign-in. */
export const loginHref = (returnUrl: string): string =>
  `/account/login?returnUrl=${encodeURIComponent(returnUrl)}`;

export const hasPermission = (staff: StaffSummary, permission: Permission): boolean =>
  staff.Permissions.includes(permission);

/** A signed-in customer opened an admin page. */
export class NotStaffError extends Error {
  constructor() {
    super('Signed in as a customer');
    this.name = 'NotStaffError';
  }
}

/** The staff member's role lacks the permission a page needs. */
export class MissingPermissionError extends Error {
  readonly permission: Permission;
  constructor(permission: Permission) {
    super(`Needs the ${permission} permission`);
    this.name = 'MissingPermissionError';
    this.permission = permission;
  }
}

/** Throws MissingPermissionError unless the staff member may. */
export const requirePermission = (staff: StaffSummary, permission: Permission): void => {
  if (!hasPermission(staff, permission)) throw new MissingPermissionError(permission);
};
