import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import { Effect } from 'effect';
import { z } from 'zod';
import { passwordProblem, PASSWORD_MESSAGES } from '../../../core/accounts/password-policy.ts';
import { permissionsOf } from '../../../core/accounts/staff/permissions.ts';
import {
  AuditLog,
  PasswordHasher,
  Sessions,
  StaffUsers,
  type StaffUser,
} from '../../../core/accounts/ports.ts';
import { isStaffRole, ROLE_LABELS, STAFF_ROLES } from '../../../core/accounts/staff/roles.ts';
import type { AppRuntime } from '../../wiring.ts';
import { AddStaffRequest, AuditRow, RoleRow, StaffUserRow, UpdateStaffRequest } from '../contract/staff.ts';
import { defineRoute } from '../route.ts';
import { staffOf } from './session.ts';

// Staff accounts and the audit log, for the admin screens (/admin/staff, an order's audit page).

const tags = ['admin', 'staff'];

const rowOf = (user: StaffUser): StaffUserRow => ({
  ID: user.id,
  Email: user.email,
  Name: user.name,
  Role: user.role,
  RoleName: ROLE_LABELS[user.role],
  Active: user.active,
  BackendUser: user.backendUser,
  Created: user.createdAt.toISOString(),
});

const roleOf = (role: string) => {
  if (!isStaffRole(role)) throw Boom.badRequest(`Role: choose one of ${STAFF_ROLES.join(', ')}.`);
  return role;
};

export const staffRoutes = (runtime: AppRuntime): ServerRoute[] => {
  const findById = (id: number) =>
    runtime.runPromise(StaffUsers.use((s) => s.list())).then((all) => all.find((u) => u.id === id) ?? null);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/roles',
      summary: 'The staff roles and the permissions each holds (core/accounts/staff/permissions.ts)',
      tags,
      permission: 'manageStaff',
      response: z.array(RoleRow),
      handler: () =>
        STAFF_ROLES.map((role) => ({
          Role: role,
          RoleName: ROLE_LABELS[role],
          Permissions: permissionsOf(role),
        })),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/staff',
      summary: 'Every staff account, active or not',
      tags,
      permission: 'manageStaff',
      response: z.array(StaffUserRow),
      handler: async () => (await runtime.runPromise(StaffUsers.use((s) => s.list()))).map(rowOf),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/staff',
      summary: 'Add a staff account. 400 weak password or unknown role; 409 e-mail taken',
      tags,
      permission: 'manageStaff',
      payload: AddStaffRequest,
      response: StaffUserRow,
      handler: async ({ payload }) => {
        const role = roleOf(payload.Role);
        const problem = passwordProblem(payload.Password);
        if (problem) throw Boom.badRequest(PASSWORD_MESSAGES[problem], { body: { Fields: ['Password'] } });
        const added = await runtime.runPromise(
          Effect.gen(function* () {
            const passwordHash = yield* (yield* PasswordHasher).hash(payload.Password);
            return yield* (yield* StaffUsers).add({
              email: payload.Email,
              name: payload.Name,
              role,
              passwordHash,
            });
          }),
        );
        if (!added)
          throw Boom.conflict('A staff account already uses that e-mail address.', {
            body: { Fields: ['Email'] },
          });
        return rowOf(added);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/admin/staff/{id}',
      summary:
        "Change a staff member's role or backend-user flag, or disable them (their sessions end at once)",
      tags,
      permission: 'manageStaff',
      params: z.object({ id: z.coerce.number().int().positive() }),
      payload: UpdateStaffRequest,
      response: StaffUserRow,
      handler: async ({ params, payload, request }) => {
        const user = await findById(params.id);
        if (!user) throw Boom.notFound('No staff account has that id.');
        const me = await staffOf(request);
        if (
          me?.staffUserId === user.id &&
          (payload.Active === false || (payload.Role && payload.Role !== user.role))
        )
          throw Boom.badRequest('You cannot disable your own account or change your own role.');
        const role = payload.Role === undefined ? undefined : roleOf(payload.Role);
        await runtime.runPromise(
          Effect.gen(function* () {
            const staff = yield* StaffUsers;
            if (role) yield* staff.setRole(user.id, role);
            if (payload.Active !== undefined) yield* staff.setActive(user.id, payload.Active);
            if (payload.BackendUser !== undefined) yield* staff.setBackendUser(user.id, payload.BackendUser);
            // A new role or a disabled account takes effect now, not at the next sign-in.
            if (role || payload.Active === false) yield* (yield* Sessions).endAllOf('staff', user.id);
          }),
        );
        return rowOf((await findById(user.id))!);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/orders/{id}/auditlog',
      summary: 'Who did what to an order at the box office, oldest first',
      tags,
      permission: 'viewReports',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: z.array(AuditRow),
      handler: async ({ params }) =>
        (await runtime.runPromise(AuditLog.use((log) => log.forOrder(params.id)))).map((r) => ({
          ID: r.id,
          At: r.at.toISOString(),
          Actor: r.actor,
          Action: r.action,
          OrderID: r.orderId,
          BasketID: r.basketId,
          Status: r.status,
          Details: { ...r.details },
        })),
    }),
  ];
};
