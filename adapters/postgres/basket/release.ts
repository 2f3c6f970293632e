import type { Knex } from 'knex';
import { BasketNotFound, BasketRuleViolation } from '../../../core/basket/errors.ts';
import type { Released, SeatChangeNotice } from '../../../core/basket/ports.ts';
import { basketOf, type ItemRow } from '../sql/basket-rows.ts';
import { gaNotices, gaSectionsNow } from '../inventory/seat-status/ga-places.ts';
import { dropGaHolds, freeSeats, releaseDue, type FreedSeat } from '../inventory/seat-status/release.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';
import { liveLocked } from './locked-basket.ts';

// Seats going back on sale: items removed, a basket expired by hand, or the expiry job and the
// sweep tidying holds whose time ran out. The statements are those of
// adapters/postgres/inventory/seat-status/release.ts; each change answers what open maps should
// repaint.

/** Seat notices grouped by event and what the seat shows now (Open, or back on its Hold). */
const seatNotices = (freed: readonly FreedSeat[]): SeatChangeNotice[] => {
  const groups = new Map<string, SeatChangeNotice & { keys: string[] }>();
  for (const seat of freed) {
    const status = seat.status === 'Hold' ? 'Hold' : 'Open';
    const id = `${seat.event_id}|${status}`;
    const group = groups.get(id) ?? { eventId: seat.event_id, keys: [], status };
    group.keys.push(seat.key);
    groups.set(id, group);
  }
  return [...groups.values()];
};

/** What the GA sections of these (event, section) pairs show now. */
const gaNoticesFor = async (
  db: Knex | Knex.Transaction,
  pairs: readonly { event_id: number; section_id: number }[],
): Promise<SeatChangeNotice[]> => {
  const byEvent = new Map<number, Set<number>>();
  for (const p of pairs) byEvent.set(p.event_id, (byEvent.get(p.event_id) ?? new Set()).add(p.section_id));
  const notices: SeatChangeNotice[] = [];
  for (const [eventId, sections] of byEvent)
    notices.push(...gaNotices(eventId, await gaSectionsNow(db, eventId, [...sections])));
  return notices;
};

export const releaseItems = (
  db: Knex,
  basketId: string,
  itemIds: readonly number[] | 'all',
): Promise<Outcome<Released, BasketNotFound | BasketRuleViolation>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    const wanted = itemIds === 'all' ? locked.items.map((i) => i.id) : [...new Set(itemIds)];
    const unknown = wanted.filter((id) => !locked.items.some((i) => i.id === id));
    if (unknown.length > 0)
      refuse(
        new BasketRuleViolation({
          rule: 'UnknownItem',
          message: `Basket item ${unknown.join(', ')} is not in the basket.`,
        }),
      );
    const removed: ItemRow[] =
      wanted.length === 0 ? [] : await trx('basket_items').whereIn('id', wanted).del().returning('*');
    // A product line removed gives its stock back (the holds' trigger returns the units).
    const variantIds = removed.flatMap((i) => (i.product_variant_id === null ? [] : [i.product_variant_id]));
    if (variantIds.length > 0)
      await trx('product_stock_holds')
        .where({ basket_id: basketId })
        .whereIn('product_variant_id', variantIds)
        .whereNull('sold_at')
        .del();
    const seatIds = removed.flatMap((i) => (i.seat_id === null ? [] : [i.seat_id]));
    const freed = seatIds.length > 0 ? await freeSeats(trx, basketId, seatIds) : [];
    // GA holds went with their items (ON DELETE CASCADE).
    const gaPairs = removed.flatMap((i) =>
      i.item_type === 'Ticket' && i.seat_id === null && i.event_id !== null && i.section_id !== null
        ? [{ event_id: i.event_id, section_id: i.section_id }]
        : [],
    );
    const remaining = locked.items.filter((i) => !wanted.includes(i.id));
    // A plan basket left without plan tickets is an ordinary basket again (core/plans/README.md).
    const noPlan = { event_plan_id: null, event_plan_code: null, special_linked_event_setup: false };
    const planGone =
      locked.row.event_plan_id !== null && !remaining.some((i) => i.event_plan_slot_id != null);
    if (planGone) await trx('baskets').where({ id: basketId }).update(noPlan);
    return {
      basket: basketOf(planGone ? { ...locked.row, ...noPlan } : locked.row, remaining),
      changes: [...seatNotices(freed), ...(await gaNoticesFor(trx, gaPairs))],
    };
  });

/** POST expire: the basket ends now; its holds are freed. Nothing when it is not live. */
export const expireBasket = async (db: Knex, basketId: string): Promise<SeatChangeNotice[]> => {
  const outcome = await inTransaction<SeatChangeNotice[], never>(db, async (trx) => {
    const ended = await trx('baskets')
      .where({ id: basketId, status: 'Active' })
      .update({ status: 'Expired', expires_at: trx.fn.now() })
      .returning('id');
    if (ended.length === 0) return [];
    const freed = await freeSeats(trx, basketId, null);
    const ga = await dropGaHolds(trx, basketId);
    return [...seatNotices(freed), ...(await gaNoticesFor(trx, ga))];
  });
  return outcome.ok ? outcome.value : [];
};

/**
 * The expiry job (one basket) and the periodic sweep (all): baskets whose time ran out become
 * Expired and their holds are cleared; the sweep also clears any hold marker past its time.
 */
export const releaseExpired = async (db: Knex, basketId?: string): Promise<SeatChangeNotice[]> => {
  const rows = await releaseDue(db, basketId);
  const seats = rows.filter((r) => r.kind === 'seat');
  const ga = rows
    .filter((r) => r.kind === 'ga')
    .map((r) => ({ event_id: r.event_id, section_id: Number(r.key) }));
  return [...seatNotices(seats), ...(await gaNoticesFor(db, ga))];
};
