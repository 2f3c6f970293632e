import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { hasPermission, MissingPermissionError } from '../staff/admin-access.ts';

// Who may look orders up: clerks who sell and supervisors who read reports (the server asks the
// same of GET /api/admin/orders/...). Pure.

export const mayViewOrders = (staff: StaffSummary): boolean =>
  hasPermission(staff, 'sell') || hasPermission(staff, 'viewReports');

/** For the order routes' beforeLoad: throws MissingPermissionError unless the staff member may. */
export const requireOrderViewing = (staff: StaffSummary): void => {
  if (!mayViewOrders(staff)) throw new MissingPermissionError('sell');
};
