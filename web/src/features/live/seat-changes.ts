import type { EventInventory, SeatStatus } from '../../../../adapters/http/contract/inventory.ts';
import type { SeatChangeEvent } from '../../../../adapters/http/contract/basket.ts';

// Live seat maps: the changes streamed by GET /api/events/{id}/seatchanges,
// applied to the inventory a seat map already holds, so another buyer's hold turns a seat
// unavailable without reading 20,000 seats again. GA sections only say that they changed:
// their counts are read again.

type Inventory = Pick<EventInventory, 'EventID' | 'MapSeats' | 'MapGASections'>;

export interface AppliedChanges<I extends Inventory> {
  /** The same object when nothing it holds changed (React then skips the repaint). */
  readonly inventory: I;
  /** Some change named a GA section: its MaxAvailable must be read again. */
  readonly gaChanged: boolean;
  /** Seats whose status changed here. */
  readonly changedKeys: readonly string[];
}

/** What a consumer's map shows for a streamed status (a sold seat is simply unavailable). */
const shownStatus = (status: SeatChangeEvent['status']): SeatStatus =>
  status === 'Sold' ? 'Unavailable' : status;

/** Applies changes in the order they happened; changes of other events are ignored. */
export const applySeatChanges = <I extends Inventory>(
  inventory: I,
  changes: readonly SeatChangeEvent[],
): AppliedChanges<I> => {
  const latest = new Map<string, SeatStatus>();
  const gaKeys = new Set(inventory.MapGASections.map((g) => g.Key));
  let gaChanged = false;
  for (const change of changes) {
    if (change.eventId !== inventory.EventID) continue;
    for (const key of change.keys) {
      if (gaKeys.has(key)) gaChanged = true;
      else latest.set(key, shownStatus(change.status));
    }
  }
  const changedKeys: string[] = [];
  const seats = inventory.MapSeats.map((seat) => {
    const status = latest.get(seat.Key);
    if (status === undefined || status === seat.seatStatus) return seat;
    changedKeys.push(seat.Key);
    return { ...seat, seatStatus: status };
  });
  return {
    inventory: changedKeys.length === 0 ? inventory : { ...inventory, MapSeats: seats },
    gaChanged,
    changedKeys,
  };
};

/** Whether any change names one of the inventory's GA sections (their counts are read again). */
export const changesGaSection = (
  inventory: Pick<EventInventory, 'MapGASections'>,
  changes: readonly SeatChangeEvent[],
): boolean => {
  const gaKeys = new Set(inventory.MapGASections.map((g) => g.Key));
  return changes.some((c) => c.keys.some((k) => gaKeys.has(k)));
};
