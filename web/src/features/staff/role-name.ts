import type { TFunction } from 'i18next';

/**
 * A staff role in the page's language ('BoxOfficeSupervisor' -> 'Supervisor de bilheteria'); a
 * role the tables do not know keeps the name the server gave it (core/accounts/staff/roles.ts).
 */
export const roleName = (t: TFunction<'admin'>, row: { readonly Role: string; readonly RoleName: string }) =>
  t(`role.${row.Role}`, { defaultValue: row.RoleName });
