import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { useAccount } from '../accounts/use-account.ts';

export type ScreenRules = StaffSummary['ScreenRules'];

/** A customer's or a signed-out visitor's screens: no staff rule applies. */
export const NO_SCREEN_RULES: ScreenRules = {
  editButton: false,
  fixedSeatInfo: false,
  movingSeatInfo: false,
  stackTraces: false,
};

/** The rules a staff role sets for how screens look (core/accounts/staff/permissions.ts); all false otherwise. */
export const screenRulesOf = (staff: StaffSummary | null | undefined): ScreenRules =>
  staff?.ScreenRules ?? NO_SCREEN_RULES;

/**
 * The signed-in staff member's screen rules: Edit buttons, how the seat-info popover sits,
 * stack traces in error screens. All false for customers and signed-out visitors (and while
 * the account is still being read).
 */
export const useScreenRules = (): ScreenRules => screenRulesOf(useAccount().account?.Staff);
