import { noLiveHold } from './live-hold.ts';

// Taking seats for a basket is ONE conditional statement: it takes a seat only if the seat is
// open (or on hold in a subclass the caller may sell) and no live basket has it, judged on the
// row as it is when the statement locks it. Of two baskets racing for a seat, the second finds
// the first's committed hold and the condition false; the caller hears which seats it did not
// get. Used by the hold of a basket that exists (adapters/postgres/basket/hold-seats.ts) and the
// one prepared statement of a new basket's first hold (adapters/postgres/basket/prepared-hold.ts).

/** Values as SQL expressions: escaped literals in a batch, $n in a prepared statement. */
export interface SeatTake {
  readonly basketId: string;
  /** Until when: the basket's own expiry, so the hold lives exactly as long as the basket. */
  readonly heldUntil: string;
  readonly eventId: string;
  readonly venueConfigurationId: string;
  /** The seat keys, as a text[] expression. */
  readonly keys: string;
  /** The hold subclasses the caller may sell, as an int[] expression. */
  readonly sellableHoldSubclassIds: string;
  /** More FROM items after `seats s` (e.g. a join to sections, or a CTE). */
  readonly from?: string;
  /** One more condition (e.g. the basket is still live). */
  readonly where?: string;
  readonly returning: string;
}

/** The seat (event_seats `es`) is the caller's to take now. */
export const seatTakeable = (sellableHoldSubclassIds: string) =>
  `(es.status = 'Open' or (es.status = 'Hold' and es.hold_subclass_id = any(${sellableHoldSubclassIds})))
     and ${noLiveHold('es')}`;

/**
 * The conditional UPDATE that takes the seats. `condition: 'removed'` leaves seatTakeable out:
 * only the race control of adapters/postgres/basket/hold-race.test.ts asks for that, to show the
 * double hold the condition prevents.
 */
export const takeSeats = (take: SeatTake, condition: 'checked' | 'removed' = 'checked') => `
  update event_seats es
     set basket_id = ${take.basketId}, held_until = ${take.heldUntil}
    from seats s${take.from ?? ''}
   where es.event_id = ${take.eventId}
     and s.venue_configuration_id = ${take.venueConfigurationId}
     and s.key = any(${take.keys})
     and es.seat_id = s.id${condition === 'checked' ? `\n     and ${seatTakeable(take.sellableHoldSubclassIds)}` : ''}${take.where === undefined ? '' : `\n     and ${take.where}`}
  returning ${take.returning}`;
