import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { can, type Permission } from '../../../../core/accounts/staff/permissions.ts';
import { isStaffRole, type StaffRole } from '../../../../core/accounts/staff/roles.ts';

// The working areas the admin home links to, each for the roles that may use it (the same
// permissions the area's route asks for); the admin header's navigation lists the same areas
// (admin-header.tsx). Pages that are not built yet are not listed. Pure.

export interface AdminArea {
  readonly id:
    'sell' | 'eventTemplates' | 'orders' | 'paymentRequests' | 'houseSeats' | 'venues' | 'till' | 'staff';
  readonly to:
    | '/admin/v2/sell-tickets'
    | '/admin/v2/event-templates'
    | '/admin/orders'
    | '/admin/v2/payment-requests'
    | '/admin/v2/house-seats'
    | '/admin/v2/venues'
    | '/admin/v2/till'
    | '/admin/staff';
  /** The area's name and one line about it, keys of the admin table. */
  readonly nameKey: string;
  readonly bodyKey: string;
  /** The area's word in the admin header's navigation, short enough for one line at 1280 px. */
  readonly navKey: string;
  /** Any one of these permissions opens the area. */
  readonly anyOf: readonly Permission[];
}

export const ADMIN_AREAS: readonly AdminArea[] = [
  {
    id: 'sell',
    to: '/admin/v2/sell-tickets',
    nameKey: 'adminHome.sellArea',
    bodyKey: 'adminHome.sellAreaBody',
    navKey: 'adminNav.sellTickets',
    anyOf: ['sell'],
  },
  {
    id: 'eventTemplates',
    to: '/admin/v2/event-templates',
    nameKey: 'eventTemplates.title',
    bodyKey: 'eventTemplates.areaBody',
    navKey: 'adminNav.eventTemplates',
    anyOf: ['manageEvents'],
  },
  {
    id: 'orders',
    to: '/admin/orders',
    nameKey: 'staffOrders.searchTitle',
    bodyKey: 'staffOrders.searchIntro',
    navKey: 'adminNav.orders',
    anyOf: ['sell', 'viewReports'],
  },
  {
    id: 'paymentRequests',
    to: '/admin/v2/payment-requests',
    nameKey: 'paymentRequests.title',
    bodyKey: 'paymentRequests.intro',
    navKey: 'adminNav.paymentRequests',
    anyOf: ['sell'],
  },
  {
    id: 'houseSeats',
    to: '/admin/v2/house-seats',
    nameKey: 'houseSeats.title',
    bodyKey: 'houseSeats.intro',
    navKey: 'adminNav.houseSeats',
    anyOf: ['manageHolds'],
  },
  {
    id: 'venues',
    to: '/admin/v2/venues',
    nameKey: 'venues.title',
    bodyKey: 'venues.areaBody',
    navKey: 'adminNav.venues',
    anyOf: ['manageEvents'],
  },
  {
    id: 'till',
    to: '/admin/v2/till',
    nameKey: 'till.title',
    bodyKey: 'till.intro',
    navKey: 'adminNav.till',
    anyOf: ['viewReports'],
  },
  {
    id: 'staff',
    to: '/admin/staff',
    nameKey: 'adminHome.staffArea',
    bodyKey: 'adminHome.staffAreaBody',
    navKey: 'adminNav.staff',
    anyOf: ['manageStaff'],
  },
];

/** The areas a role may use, in the home's order. */
export const adminAreasOf = (role: StaffRole): AdminArea[] =>
  ADMIN_AREAS.filter((area) => area.anyOf.some((p) => can(role, p)));

/** The areas for the signed-in staff member: by role, or by the permissions sent for an unknown role. */
export const adminAreasOfStaff = (staff: StaffSummary): AdminArea[] =>
  isStaffRole(staff.Role)
    ? adminAreasOf(staff.Role)
    : ADMIN_AREAS.filter((area) => area.anyOf.some((p) => staff.Permissions.includes(p)));
