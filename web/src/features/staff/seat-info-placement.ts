import type { ScreenRules } from './use-screen-rules.ts';

// Where the seat map's seat-info popover sits, by the staff role's screen rules: 'moving' beside
// the seat it describes (following the pointer on hover), 'fixed' in a corner of the map.
// fixedSeatInfo fixes the popover opened on purpose (the I key, a right click); without
// movingSeatInfo the hover popover is fixed too. Customers (no rules) always get 'moving'.

export type SeatInfoPlacement = 'moving' | 'fixed';

export const seatInfoPlacement = (
  rules: Pick<ScreenRules, 'fixedSeatInfo' | 'movingSeatInfo'>,
  opened: 'pinned' | 'hover',
): SeatInfoPlacement => {
  if (!rules.fixedSeatInfo) return 'moving';
  if (opened === 'pinned') return 'fixed';
  return rules.movingSeatInfo ? 'moving' : 'fixed';
};
