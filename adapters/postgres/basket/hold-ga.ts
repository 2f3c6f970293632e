import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { GaSectionLocked, NewTicket } from '../../../core/basket/add-plan.ts';
import { BasketRuleViolation, SeatsTaken, type BasketError } from '../../../core/basket/errors.ts';
import type { GaHold, Held } from '../../../core/basket/ports.ts';
import { basketOf, type BasketRow } from '../sql/basket-rows.ts';
import { inBatches, int, lit, textArray } from '../sql/batch.ts';
import { emptyBasket, insertTickets, ITEM_COLUMNS, itemRowOf, ticketValues } from './hold-seats.ts';
import { basketExpiry, insertBasket, openBatch } from './open-batch.ts';
import type { SeatFactCaches } from './seat-facts.ts';
import { refuse, type Outcome } from '../sql/transaction.ts';
import {
  gaNotices,
  gaSectionsState,
  lockGaSections,
  sectionOf,
  takeGaPlaces,
  type SectionRow,
} from '../inventory/seat-status/ga-places.ts';

// A GA hold takes the section rows' locks, reads what is left in a fresh statement, lets the rules
// check there is room and writes its holds before the locks go at commit: the statements are
// those of adapters/postgres/inventory/seat-status/ga-places.ts.

const holdOnce = (db: Knex, request: GaHold, open: GaHold['open']) =>
  inBatches<Held | 'reopen', BasketError>(db, async (send) => {
    const opened = openBatch(open);
    const keys = textArray([...new Set(request.sectionKeys)]);
    // Round trip 1: begin, open the basket, lock the sections, read them afresh.
    const results = await send(
      [
        'begin',
        ...opened.statements,
        lockGaSections(request.eventId, keys),
        gaSectionsState(request.eventId, `s.code = any(${keys})`),
      ].join(';\n'),
    );
    const { row, items } = opened.read(results);
    if (!row) {
      await send('rollback');
      return 'reopen';
    }
    const before = basketOf(row, items);
    const sections = (results.at(-1)!.rows as SectionRow[]).map(sectionOf);
    if (sections.length < new Set(request.sectionKeys).size)
      refuse(
        new BasketRuleViolation({
          rule: 'GaSection',
          message: 'This performance has no such general-admission section.',
        }),
      );
    const planned = request.plan(before, sections);
    if (!Array.isArray(planned)) refuse(planned);
    const tickets = planned as readonly NewTicket[];
    // Round trip 2: the items and their GA holds (held until the basket expires), and commit.
    const written = await send(
      `with items as (${insertTickets(opened.basketId, tickets)} returning id, section_id, price_type_id, quantity),
            holds as (${takeGaPlaces({
              items: 'items',
              eventId: int(request.eventId),
              basketId: lit(opened.basketId),
              heldUntil: basketExpiry(opened.basketId),
            })})
       select id, section_id, price_type_id from items;
       commit`,
    );
    // One item per section and price type in a request.
    const ids = new Map(
      (written[0]!.rows as { id: number; section_id: number; price_type_id: number }[]).map((r) => [
        `${r.section_id}|${r.price_type_id}`,
        r.id,
      ]),
    );
    const inserted = tickets.map((t) =>
      itemRowOf(opened.basketId, t, ids.get(`${t.sectionId}|${t.priceTypeId}`)!),
    );
    const after = sections.map((s) => ({
      ...s,
      liveHeld: s.liveHeld + tickets.filter((t) => t.sectionId === s.id).reduce((n, t) => n + t.quantity, 0),
    }));
    return {
      basket: basketOf(row, [...items, ...inserted]),
      created: opened.created,
      changes: gaNotices(request.eventId, after),
    };
  });

/**
 * A new basket's first GA hold in one round trip: the rules that need no availability (the ticket
 * limit, prices, one performance per consumer basket) are judged first; then one batch makes the
 * basket, locks the sections, reads what is left in a fresh statement, and writes the items and
 * holds only if every section has room; foyer_assert rolls the statement back otherwise, naming
 * the sections that were short. held + sold never exceed capacity: the check and the writes
 * happen under the lock, in the database.
 */
const holdInNewBasket = async (db: Knex, request: GaHold, caches: SeatFactCaches) => {
  const known = await caches.gaSections(request.eventId);
  const keys = [...new Set(request.sectionKeys)];
  if (keys.some((k) => !known.has(k))) return { ok: true as const, value: 'ordinary' as const };
  // The rules see each section's capacity; the room left is judged in the statement.
  const sections: GaSectionLocked[] = keys.map((k) => {
    const s = known.get(k)!;
    return {
      id: s.id,
      key: s.key,
      name: s.name,
      priceLevelId: s.price_level_id,
      capacity: s.capacity,
      sold: 0,
      liveHeld: 0,
    };
  });
  return inBatches<Held | 'ordinary', BasketError>(db, async (send) => {
    const basketId = randomUUID();
    const provisional = emptyBasket(basketId, request.open);
    const planned = request.plan(provisional, sections);
    if (!Array.isArray(planned)) refuse(planned);
    const tickets = planned as readonly NewTicket[];
    const wanted = new Map<number, number>();
    for (const t of tickets) wanted.set(t.sectionId!, (wanted.get(t.sectionId!) ?? 0) + t.quantity);
    const columns = ITEM_COLUMNS.join(', ');
    const codes = textArray(keys);
    const batch = [
      'begin',
      insertBasket(basketId, request.open.holdSeconds, request.open.salesChannelId),
      lockGaSections(request.eventId, codes),
      `with state as (
         ${gaSectionsState(request.eventId, `s.code = any(${codes})`)}
       ), wanted (section_id, quantity) as (
         values ${[...wanted].map(([id, q]) => `(${int(id)}, ${int(q)})`).join(', ')}
       ), short as (
         select st.key from state st join wanted w on w.section_id = st.id
          where w.quantity > st.capacity - st.sold - st.live_held
       ), items as (
         insert into basket_items (${columns})
         select * from (values ${tickets.map((t) => ticketValues(basketId, t)).join(', ')}) as v (${columns})
          where not exists (select 1 from short)
         returning id, section_id, price_type_id, quantity
       ), holds as (${takeGaPlaces({
         items: 'items',
         eventId: int(request.eventId),
         basketId: lit(basketId),
         heldUntil: basketExpiry(basketId),
       })})
       select foyer_assert(not exists (select 1 from short), (select coalesce(json_agg(key), '[]')::text from short)) as ok,
              (select json_agg(json_build_object('id', id, 'section_id', section_id, 'price_type_id', price_type_id))
                 from items) as items,
              (select json_agg(state) from state) as state,
              (select count(*) from holds) as holds`,
      // Not waiting for the disk: the section locks go at once (why it is safe: hold-connections.ts).
      'set local synchronous_commit = off',
      'commit',
    ].join(';\n');
    let results: Awaited<ReturnType<typeof send>>;
    try {
      results = await send(batch);
    } catch (error) {
      const e = error as { code?: string; message?: string; detail?: string };
      if (e.code !== 'P0001' || e.message !== 'foyer_assert') throw error;
      return refuse(
        new SeatsTaken({ eventId: request.eventId, keys: JSON.parse(e.detail ?? '[]') as string[] }),
      );
    }
    const written = results[3]!.rows[0] as {
      items: { id: number; section_id: number; price_type_id: number }[];
      state: SectionRow[];
    };
    const row = results[1]!.rows[0] as BasketRow;
    const ids = new Map(written.items.map((i) => [`${i.section_id}|${i.price_type_id}`, i.id]));
    const inserted = tickets.map((t) => itemRowOf(basketId, t, ids.get(`${t.sectionId}|${t.priceTypeId}`)!));
    const after = written.state
      .map(sectionOf)
      .map((s) => ({ ...s, liveHeld: s.liveHeld + (wanted.get(s.id) ?? 0) }));
    return {
      basket: basketOf(row, inserted),
      created: true,
      changes: gaNotices(request.eventId, after),
    };
  });
};

export const holdGeneralAdmission = async (
  db: Knex,
  request: GaHold,
  caches?: SeatFactCaches,
): Promise<Outcome<Held, BasketError>> => {
  if (request.open.basketId === null && caches) {
    const fast = await holdInNewBasket(db, request, caches);
    if (!fast.ok || fast.value !== 'ordinary') return fast as Outcome<Held, BasketError>;
  }
  const first = await holdOnce(db, request, request.open);
  if (!first.ok || first.value !== 'reopen') return first as Outcome<Held, BasketError>;
  const again = await holdOnce(db, request, { ...request.open, basketId: null });
  if (again.ok && again.value === 'reopen') throw new Error('a new basket cannot be gone');
  return again as Outcome<Held, BasketError>;
};
