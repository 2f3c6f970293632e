import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from '../../../../core/accounts/staff/permissions.ts';
import { STAFF_ROLES } from '../../../../core/accounts/staff/roles.ts';
import { stringTables } from '../../../../core/i18n/strings/index.ts';
import { ADMIN_AREAS, adminAreasOf, adminAreasOfStaff } from './admin-areas.ts';

const ids = (areas: readonly { id: string }[]) => areas.map((a) => a.id);

describe('the admin home’s areas', () => {
  it('links each working area for the roles that may use it', () => {
    expect(ids(adminAreasOf('Seller'))).toEqual(['sell', 'orders', 'paymentRequests']);
    expect(ids(adminAreasOf('BoxOfficeSupervisor'))).toEqual([
      'sell',
      'orders',
      'paymentRequests',
      'houseSeats',
      'till',
    ]);
    expect(ids(adminAreasOf('SuperAdmin'))).toEqual(ids(ADMIN_AREAS));
    expect(ids(adminAreasOf('Admin'))).not.toContain('staff');
    // Event templates for those who manage events, right after selling.
    expect(ids(adminAreasOf('EventAdmin'))).toContain('eventTemplates');
    expect(ids(adminAreasOf('Admin')).slice(0, 2)).toEqual(['sell', 'eventTemplates']);
    // Venues and their seat maps for those who manage events, right after house seats.
    expect(ids(adminAreasOf('EventAdmin'))).toContain('venues');
    const adminIds = ids(adminAreasOf('Admin'));
    expect(adminIds[adminIds.indexOf('houseSeats') + 1]).toBe('venues');
    expect(ids(adminAreasOf('BoxOfficeSupervisor'))).not.toContain('venues');
    // A counter device may print and check in, not sell: no selling link.
    expect(ids(adminAreasOf('PointOfSale'))).toEqual([]);
  });

  it('asks can(role, permission) for every role', () => {
    for (const role of STAFF_ROLES)
      for (const area of ADMIN_AREAS)
        expect(adminAreasOf(role).includes(area)).toBe(area.anyOf.some((p) => can(role, p)));
  });

  it('reads the permissions sent for a role it does not know', () => {
    const staff = { Role: 'Usher', Permissions: ['viewReports'] } as Parameters<typeof adminAreasOfStaff>[0];
    expect(ids(adminAreasOfStaff(staff))).toEqual(['orders', 'till']);
  });

  it('names each area with words of the admin table, none saying it is coming soon', () => {
    for (const area of ADMIN_AREAS) {
      expect(area.anyOf.every((p) => PERMISSIONS.includes(p))).toBe(true);
      expect(stringTables.admin.en).toHaveProperty([area.nameKey]);
      expect(stringTables.admin.en).toHaveProperty([area.bodyKey]);
      const body = stringTables.admin.en[area.bodyKey]!;
      expect(body).not.toMatch(/coming soon/i);
    }
  });

  it('gives every area a navigation word in all eight admin tables', () => {
    for (const area of ADMIN_AREAS)
      for (const language of Object.keys(stringTables.admin) as (keyof typeof stringTables.admin)[]) {
        expect(
          (stringTables.admin[language] as Record<string, string | undefined>)[area.navKey],
          `${area.navKey} in ${language}`,
        ).toBeTruthy();
      }
    expect(ADMIN_AREAS.map((area) => stringTables.admin.en[area.navKey])).toEqual([
      'Sell tickets',
      'Templates',
      'Orders',
      'Payment requests',
      'House seats',
      'Venues',
      'Till',
      'Staff',
    ]);
  });
});
