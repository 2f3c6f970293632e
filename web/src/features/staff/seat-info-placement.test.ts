import { describe, expect, it } from 'vitest';
import {
  ROLE_PERMISSIONS,
  screenRulesOf as coreScreenRulesOf,
} from '../../../../core/accounts/staff/permissions.ts';
import type { StaffRole } from '../../../../core/accounts/staff/roles.ts';
import { seatInfoPlacement } from './seat-info-placement.ts';
import { NO_SCREEN_RULES, screenRulesOf } from './use-screen-rules.ts';

const placements = (role: StaffRole) => {
  const rules = coreScreenRulesOf(role, false);
  return { pinned: seatInfoPlacement(rules, 'pinned'), hover: seatInfoPlacement(rules, 'hover') };
};

describe('where the seat-info popover sits', () => {
  it('moves with the seat for customers and signed-out visitors', () => {
    expect(screenRulesOf(null)).toEqual(NO_SCREEN_RULES);
    expect(seatInfoPlacement(NO_SCREEN_RULES, 'pinned')).toBe('moving');
    expect(seatInfoPlacement(NO_SCREEN_RULES, 'hover')).toBe('moving');
  });

  it('is fixed when opened on purpose for roles with fixedSeatInfo, still moving on hover with movingSeatInfo', () => {
    expect(placements('Admin')).toEqual({ pinned: 'fixed', hover: 'moving' });
    expect(placements('BoxOfficeSupervisor')).toEqual({ pinned: 'fixed', hover: 'moving' });
  });

  it('is always fixed for a box-office manager (fixed, not moving)', () => {
    expect(placements('BoxOfficeManager')).toEqual({ pinned: 'fixed', hover: 'fixed' });
  });

  it('keeps moving for roles without fixedSeatInfo', () => {
    expect(placements('Seller')).toEqual({ pinned: 'moving', hover: 'moving' });
    expect(placements('PointOfSale')).toEqual({ pinned: 'moving', hover: 'moving' });
  });

  it('covers every role', () => {
    for (const role of Object.keys(ROLE_PERMISSIONS) as StaffRole[])
      expect(['fixed', 'moving']).toContain(placements(role).pinned);
  });
});
