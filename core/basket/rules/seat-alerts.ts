import type { SeatAlert } from '../../pricing/price-map.ts';
import { SeatAlertNotAcknowledged } from '../errors.ts';

// "Seat and template alerts may need acknowledgement" (a restricted view,
// limited legroom). The web shows the alert; the basket refuses the seat until it was accepted.

export interface AlertedSeat {
  readonly key: string;
  readonly seatAlertId: number | null;
  readonly acknowledged: boolean;
}

/** Null when every seat whose alert needs acknowledging was acknowledged. */
export const checkSeatAlerts = (
  seats: readonly AlertedSeat[],
  alerts: readonly SeatAlert[],
): SeatAlertNotAcknowledged | null => {
  const byId = new Map(alerts.map((a) => [a.id, a]));
  const missing = seats.filter((seat) => {
    const alert = seat.seatAlertId === null ? undefined : byId.get(seat.seatAlertId);
    return alert !== undefined && alert.requiresAcknowledgement && !seat.acknowledged;
  });
  if (missing.length === 0) return null;
  const first = byId.get(missing[0]!.seatAlertId!)!;
  return new SeatAlertNotAcknowledged({ keys: missing.map((s) => s.key), alertName: first.name });
};
