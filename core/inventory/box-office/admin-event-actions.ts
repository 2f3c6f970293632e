import type { Permission } from '../../accounts/staff/permissions.ts';

// The admin event pages a clerk may open from the staff seat map:
// each is listed only when the caller's role holds the permission it needs.

export const ADMIN_EVENT_ACTIONS = [
  'AttendanceMap',
  'Holds',
  'PriceLevels',
  'AccessibleSeating',
  'SeatTags',
] as const;
export type AdminEventAction = (typeof ADMIN_EVENT_ACTIONS)[number];

export const ACTION_PERMISSION: Readonly<Record<AdminEventAction, Permission>> = {
  AttendanceMap: 'viewReports',
  Holds: 'manageHolds',
  PriceLevels: 'manageEvents',
  AccessibleSeating: 'manageHolds',
  SeatTags: 'manageHolds',
};

/** The admin page of each action (web routes /admin/v2/event/{id}/...). */
const ACTION_PATH: Readonly<Record<AdminEventAction, string>> = {
  AttendanceMap: 'attendance-map',
  Holds: 'holds',
  PriceLevels: 'price-levels',
  AccessibleSeating: 'accessible-seating',
  SeatTags: 'seat-tags',
};

export const adminEventActions = (may: (permission: Permission) => boolean): AdminEventAction[] =>
  ADMIN_EVENT_ACTIONS.filter((action) => may(ACTION_PERMISSION[action]));

export const adminEventActionPath = (action: AdminEventAction, eventId: number): string =>
  `/admin/v2/event/${eventId}/${ACTION_PATH[action]}`;
