// The calendar's day tray shows an availability colour dot per event.
// Availability is an explicit calculation over what is left to sell (pretix's habit).

export type Availability = 'High' | 'Medium' | 'Low' | 'SoldOut';

/** Seats and GA places of an event: how many are sellable now out of its sellable capacity. */
export interface SeatCount {
  readonly open: number;
  readonly total: number;
}

/** SoldOut when nothing is open; Low under 10 % open; Medium under 40 %; otherwise High. */
export const availabilityOf = ({ open, total }: SeatCount): Availability => {
  if (open <= 0 || total <= 0) return 'SoldOut';
  // Integer comparisons: open / total < 0.1 and < 0.4 without floating point.
  if (open * 10 < total) return 'Low';
  if (open * 5 < total * 2) return 'Medium';
  return 'High';
};

const colors: Record<Availability, string> = {
  High: '#2e7d32',
  Medium: '#f9a825',
  Low: '#d84315',
  SoldOut: '#9e9e9e',
};

/** The #rrggbb calendar dot colour of an availability. */
export const availabilityColor = (availability: Availability): string => colors[availability];
