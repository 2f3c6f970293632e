import type { Knex } from 'knex';
import { int, intArray, lit, textArray } from '../sql/batch.ts';
import type { ItemRow } from '../sql/basket-rows.ts';
import { lockGaSections, takeGaPlaces } from '../inventory/seat-status/ga-places.ts';
import { dropGaHolds, freeSeats } from '../inventory/seat-status/release.ts';
import { takeSeats } from '../inventory/seat-status/take-seats.ts';

// A saved basket's holds move with its expiry (core/basket/staff/saved-baskets.ts), through the
// seat-status home's own statements only: inside the transaction that holds the basket row, the
// basket's seats are freed and taken again until the new time (freeSeats then takeSeats, the
// freed rows staying locked by this transaction, so no other basket can take one in between),
// and its GA holds are dropped and written again under the sections' locks (lockGaSections,
// dropGaHolds, takeGaPlaces: the same places, so held + sold never change). Nothing is announced:
// every seat stays this basket's.

const groupBy = <K, V>(values: readonly V[], key: (v: V) => K) => {
  const groups = new Map<K, V[]>();
  for (const v of values) groups.set(key(v), [...(groups.get(key(v)) ?? []), v]);
  return groups;
};

/** Moves every hold of the basket to `until`; throws (rolling the transaction back) if one is lost. */
export const moveHolds = async (
  trx: Knex.Transaction,
  basketId: string,
  items: readonly ItemRow[],
  until: Date,
): Promise<void> => {
  const tickets = items.filter((i) => i.item_type === 'Ticket' && i.event_id !== null);
  const seats = tickets.filter((i) => i.seat_id !== null);
  const places = tickets.filter((i) => i.seat_id === null && i.section_id !== null);
  const heldUntil = `${lit(until.toISOString())}::timestamptz`;
  const basket = `${lit(basketId)}::uuid`;

  for (const [eventId, eventSeats] of groupBy(seats, (i) => i.event_id!)) {
    const event: { venue_configuration_id: number } = await trx('events')
      .where({ id: eventId })
      .first('venue_configuration_id');
    await freeSeats(
      trx,
      basketId,
      eventSeats.map((i) => i.seat_id!),
    );
    const keys = eventSeats.map((i) => i.key ?? '');
    const subclasses = [
      ...new Set(eventSeats.flatMap((i) => (i.hold_subclass_id === null ? [] : [i.hold_subclass_id]))),
    ];
    const taken: { rows: unknown[] } = await trx.raw(
      takeSeats({
        basketId: basket,
        heldUntil,
        eventId: int(eventId),
        venueConfigurationId: int(event.venue_configuration_id),
        keys: textArray(keys),
        sellableHoldSubclassIds: intArray(subclasses),
        returning: 's.key',
      }),
    );
    if (taken.rows.length !== keys.length)
      throw new Error(
        `saving basket ${basketId}: ${keys.length - taken.rows.length} seat(s) could not be kept`,
      );
  }

  if (places.length === 0) return;
  const byEvent = groupBy(places, (i) => i.event_id!);
  for (const [eventId, eventPlaces] of [...byEvent].sort(([a], [b]) => a - b))
    await trx.raw(lockGaSections(eventId, textArray([...new Set(eventPlaces.map((i) => i.key ?? ''))])));
  await dropGaHolds(trx, basketId);
  for (const [eventId, eventPlaces] of byEvent) {
    const written: { rows: unknown[] } = await trx.raw(
      takeGaPlaces({
        items: `(select id, section_id, quantity from basket_items
                  where id = any(${intArray(eventPlaces.map((i) => i.id))})) as items`,
        eventId: int(eventId),
        basketId: basket,
        heldUntil,
      }),
    );
    if (written.rows.length !== eventPlaces.length)
      throw new Error(`saving basket ${basketId}: general-admission places could not be kept`);
  }
};
