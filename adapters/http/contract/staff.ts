import { z } from 'zod';

// The admin calls about staff and the audit log (/api/admin/...). Shared with web/.

export const StaffUserRow = z.object({
  ID: z.number(),
  Email: z.string(),
  Name: z.string(),
  Role: z.string(),
  RoleName: z.string(),
  Active: z.boolean(),
  BackendUser: z.boolean(),
  Created: z.string(),
});
export type StaffUserRow = z.infer<typeof StaffUserRow>;

export const RoleRow = z.object({ Role: z.string(), RoleName: z.string(), Permissions: z.array(z.string()) });
export type RoleRow = z.infer<typeof RoleRow>;

export const AddStaffRequest = z.object({
  Email: z.string().trim().max(254).email({ message: 'Enter a valid e-mail address.' }),
  Name: z.string().trim().min(1, { message: 'Enter a name.' }).max(100),
  Role: z.string(),
  Password: z.string().max(1024),
});
export const UpdateStaffRequest = z.object({
  Role: z.string().optional(),
  Active: z.boolean().optional(),
  /** Error screens show this person stack traces. */
  BackendUser: z.boolean().optional(),
});

export const AuditRow = z.object({
  ID: z.number(),
  At: z.string(),
  Actor: z.string(),
  Action: z.string(),
  OrderID: z.number().nullable(),
  BasketID: z.string().nullable(),
  Status: z.number().nullable(),
  Details: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof AuditRow>;
