import { z } from 'zod';
import {
  AuditRow,
  RoleRow,
  StaffUserRow,
  type AddStaffRequest,
  type UpdateStaffRequest,
} from '../../../../adapters/http/contract/staff.ts';
import { getJson, sendJson } from '../../api/api-client.ts';

// The admin calls (/api/admin/...). Each answers 401 without a session and 403 for
// a customer or a role without the permission, with the server's Message.

/** GET /api/admin/staff: every staff member. */
export const fetchStaff = (signal?: AbortSignal) =>
  getJson('/api/admin/staff', z.array(StaffUserRow), signal);

/** GET /api/admin/roles: the roles a staff member can be given, with their permissions. */
export const fetchRoles = (signal?: AbortSignal) => getJson('/api/admin/roles', z.array(RoleRow), signal);

/** POST /api/admin/staff: 400 when a field is refused, 409 when the e-mail is taken. */
export const addStaff = (request: z.input<typeof AddStaffRequest>) =>
  sendJson('POST', '/api/admin/staff', request, StaffUserRow);

/** PUT /api/admin/staff/{id}: a new role, or disabled (Active false) or enabled again. */
export const updateStaff = (id: number, request: z.input<typeof UpdateStaffRequest>) =>
  sendJson('PUT', `/api/admin/staff/${id}`, request, StaffUserRow);

/** GET /api/admin/orders/{id}/auditlog: who did what to the order. */
export const fetchAuditLog = (orderId: string, signal?: AbortSignal) =>
  getJson(`/api/admin/orders/${encodeURIComponent(orderId)}/auditlog`, z.array(AuditRow), signal);
