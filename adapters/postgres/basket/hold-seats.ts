import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { HeldSeat, NewTicket } from '../../../core/basket/add-plan.ts';
import { BasketRuleViolation, SeatsTaken, type BasketError } from '../../../core/basket/errors.ts';
import type { Basket } from '../../../core/basket/basket.ts';
import type { Held, SeatHold } from '../../../core/basket/ports.ts';
import { basketOf, type BasketRow, type ItemRow } from '../sql/basket-rows.ts';
import { inBatches, int, intArray, lit, textArray, type Connections } from '../sql/batch.ts';
import { basketExpiry, openBatch } from './open-batch.ts';
import { newBasketSeatHold } from './prepared-hold.ts';
import type { SeatFactCaches } from './seat-facts.ts';
import { refuse, type Outcome } from '../sql/transaction.ts';
import { takeSeats } from '../inventory/seat-status/take-seats.ts';

// A seat hold is ONE conditional statement, takeSeats of
// adapters/postgres/inventory/seat-status/take-seats.ts: it takes a seat only if the seat is free
// for the caller and no live basket has it, judged on the row as the statement locks it. Fewer
// seats than asked: the whole transaction rolls back and the caller hears which seats were taken.

const hold = (request: SeatHold, basketId: string, keys: readonly string[]) =>
  takeSeats({
    basketId: lit(basketId),
    heldUntil: basketExpiry(basketId),
    eventId: int(request.eventId),
    venueConfigurationId: int(request.venueConfigurationId),
    keys: textArray(keys),
    sellableHoldSubclassIds: intArray(request.sellableHoldSubclassIds),
    from: '\n    join sections sec on sec.id = s.section_id',
    where: `exists (select 1 from baskets b where b.id = ${lit(basketId)} and b.status = 'Active' and b.expires_at > now())`,
    returning: `es.seat_id, s.key, sec.id as section_id, sec.name as section_name, s.row, s.number,
            es.price_level_id, s.ada_type, s.seat_alert_id, es.hold_subclass_id`,
  });

/** Which of the keys are seats of the venue configuration at all (a wrong key is a 400). */
const knownKeys = (request: SeatHold, keys: readonly string[]) =>
  `select key from seats where venue_configuration_id = ${int(request.venueConfigurationId)} and key = any(${textArray(keys)})`;

interface HeldRow {
  seat_id: number;
  key: string;
  section_id: number;
  section_name: string;
  row: string;
  number: string;
  price_level_id: number;
  ada_type: string | null;
  seat_alert_id: number | null;
  hold_subclass_id: number | null;
}

export const ITEM_COLUMNS = [
  'basket_id',
  'item_type',
  'event_id',
  'seat_id',
  'section_id',
  'key',
  'section_name',
  'row',
  'seat_number',
  'quantity',
  'price_level_id',
  'price_level_name',
  'price_type_id',
  'price_type_name',
  'promotion_id',
  'promo_code',
  'group_code',
  'package_id',
  'face_value',
  'price',
  'fee_total',
  'fees',
  'package_price',
  'package_fee_total',
  'ada_type',
  'seat_alert_id',
  'seat_alert_acknowledged',
  'hold_subclass_id',
];

/** A new ticket as an insert's VALUES tuple (ITEM_COLUMNS order), typed for a VALUES list. */
export const ticketValues = (basketId: string, t: NewTicket): string =>
  `(${[
    `${lit(basketId)}::uuid`,
    `'Ticket'::text`,
    `${int(t.eventId)}::int`,
    `${int(t.seatId)}::int`,
    `${int(t.sectionId)}::int`,
    `${lit(t.key)}::text`,
    `${lit(t.sectionName)}::text`,
    `${lit(t.row)}::text`,
    `${lit(t.seatNumber)}::text`,
    `${int(t.quantity)}::int`,
    `${int(t.priceLevelId)}::int`,
    `${lit(t.priceLevelName)}::text`,
    `${int(t.priceTypeId)}::int`,
    `${lit(t.priceTypeName)}::text`,
    `${int(t.promotionId)}::int`,
    `${lit(t.promoCode)}::text`,
    `${lit(t.groupCode)}::text`,
    `${int(t.packageId)}::int`,
    `${int(t.faceValue)}::int`,
    `${int(t.price)}::int`,
    `${int(t.feeTotal)}::int`,
    `${lit(JSON.stringify(t.fees))}::jsonb`,
    `${int(t.packagePrice)}::int`,
    `${int(t.packageFeeTotal)}::int`,
    `${lit(t.adaType)}::text`,
    `${int(t.seatAlertId)}::int`,
    `${lit(t.seatAlertAcknowledged)}::boolean`,
    `${int(t.holdSubclassId)}::int`,
  ].join(', ')})`;

export const insertTickets = (basketId: string, tickets: readonly NewTicket[]) =>
  `insert into basket_items (${ITEM_COLUMNS.join(', ')}) values ${tickets.map((t) => ticketValues(basketId, t)).join(', ')}`;

/** The item row a new ticket became (for the answer), given its id. */
export const itemRowOf = (basketId: string, t: NewTicket, id: number): ItemRow => ({
  id,
  basket_id: basketId,
  item_type: 'Ticket',
  event_id: t.eventId,
  seat_id: t.seatId,
  section_id: t.sectionId,
  key: t.key,
  section_name: t.sectionName,
  row: t.row,
  seat_number: t.seatNumber,
  quantity: t.quantity,
  price_level_id: t.priceLevelId,
  price_level_name: t.priceLevelName,
  price_type_id: t.priceTypeId,
  price_type_name: t.priceTypeName,
  promotion_id: t.promotionId,
  promo_code: t.promoCode,
  group_code: t.groupCode,
  package_id: t.packageId,
  face_value: t.faceValue,
  price: t.price,
  fee_total: t.feeTotal,
  fees: [...t.fees],
  package_price: t.packagePrice,
  package_fee_total: t.packageFeeTotal,
  ada_type: t.adaType,
  seat_alert_id: t.seatAlertId,
  seat_alert_acknowledged: t.seatAlertAcknowledged,
  hold_subclass_id: t.holdSubclassId,
  product_id: null,
  product_variant_id: null,
  product_name: null,
});

const holdOnce = async (db: Knex, request: SeatHold, open: SeatHold['open']) =>
  inBatches<Held | 'reopen', BasketError>(db, async (send) => {
    const opened = openBatch(open);
    const keys = [...new Set(request.seatKeys)];
    // Round trip 1: begin, open the basket, take the seats.
    const results = await send(
      ['begin', ...opened.statements, hold(request, opened.basketId, keys), knownKeys(request, keys)].join(
        ';\n',
      ),
    );
    const { row, items } = opened.read(results);
    // The cookie's basket ran out meanwhile: start again with a new basket.
    if (!row) {
      await send('rollback');
      return 'reopen';
    }
    const before = basketOf(row, items);
    const early = request.precheck(before);
    if (early) refuse(early);
    const heldRows = results.at(-2)!.rows as HeldRow[];
    if (heldRows.length < keys.length) {
      const got = new Set(heldRows.map((r) => r.key));
      const known = new Set((results.at(-1)!.rows as { key: string }[]).map((r) => r.key));
      const missing = keys.filter((k) => !got.has(k));
      const unknown = missing.filter((k) => !known.has(k));
      refuse(
        unknown.length > 0
          ? new BasketRuleViolation({
              rule: 'UnknownSeat',
              message: `There is no seat ${unknown.join(', ')}.`,
            })
          : new SeatsTaken({ eventId: request.eventId, keys: missing }),
      );
    }
    const seats: HeldSeat[] = heldRows.map((r) => ({
      seatId: r.seat_id,
      key: r.key,
      sectionId: r.section_id,
      sectionName: r.section_name,
      row: r.row,
      seatNumber: r.number,
      priceLevelId: r.price_level_id,
      adaType: r.ada_type,
      seatAlertId: r.seat_alert_id,
      holdSubclassId: r.hold_subclass_id,
    }));
    const planned = request.plan(before, seats);
    if (!Array.isArray(planned)) refuse(planned);
    const tickets = planned as readonly NewTicket[];
    // Round trip 2: the basket items, and commit.
    const written = await send(`${insertTickets(opened.basketId, tickets)} returning id, seat_id;\ncommit`);
    const ids = new Map(
      (written[0]!.rows as { id: number; seat_id: number }[]).map((r) => [r.seat_id, r.id]),
    );
    const inserted = tickets.map((t) => itemRowOf(opened.basketId, t, ids.get(t.seatId!)!));
    return {
      basket: basketOf(row, [...items, ...inserted]),
      created: opened.created,
      changes: [{ eventId: request.eventId, keys: seats.map((s) => s.key), status: 'Unavailable' as const }],
    };
  });

/** A basket row shape for judging the rules before the basket exists: no tickets yet. */
export const emptyBasket = (basketId: string, open: SeatHold['open']): Basket => ({
  id: basketId,
  status: 'Active',
  expiresAt: new Date(Date.now() + open.holdSeconds * 1000),
  secondsLeft: open.holdSeconds,
  salesChannel: { id: open.salesChannelId, code: '', isAdmin: false },
  sellerId: null,
  partnerId: null,
  isExchange: false,
  exchangeOrderId: null,
  canSaveBasket: false,
  canOverridePrice: false,
  customerId: null,
  contact: { firstName: null, lastName: null, email: null, phone: null, billTo: {}, shipTo: {} },
  eventPlanId: null,
  eventPlanCode: null,
  specialLinkedEventSetup: false,
  deliveryMethodId: null,
  note: null,
  promoCode: null,
  groupCode: null,
  continueWithoutTicketsEventId: null,
  marketingOptInTagIds: [],
  tickets: [],
  products: [],
});

/**
 * A new basket's first hold in one round trip: the rules are judged first on the seats' known
 * facts (a new basket has no tickets to weigh), then one prepared statement (prepared-hold.ts)
 * makes the basket, takes the seats with the same conditional update, and writes the items
 * priced at the price level each seat really has; foyer_assert rolls it back unless every seat
 * was taken and priced. A seat the facts did not foresee goes the ordinary way.
 */
const holdInNewBasket = async (from: Knex | Connections, request: SeatHold, caches: SeatFactCaches) => {
  // Read (or reuse) the facts before taking a connection for the hold: a cache miss needs one too.
  const [facts, eventSeats] = await Promise.all([
    caches.venue(request.venueConfigurationId),
    caches.event(request.eventId),
  ]);
  return inBatches<Held | 'ordinary', BasketError>(
    from,
    async (send) => {
      const keys = [...new Set(request.seatKeys)];
      // A key the facts do not know (a wrong key, or a seat map edited a moment ago): ask afresh.
      if (keys.some((k) => !facts.has(k))) return 'ordinary';
      const seats: HeldSeat[] = [];
      for (const key of keys) {
        const fact = facts.get(key)!;
        const eventSeat = eventSeats.get(fact.seatId);
        if (!eventSeat) return 'ordinary';
        seats.push({
          seatId: fact.seatId,
          key,
          sectionId: fact.sectionId,
          sectionName: fact.sectionName,
          row: fact.row,
          seatNumber: fact.number,
          priceLevelId: eventSeat.priceLevelId,
          adaType: fact.adaType,
          seatAlertId: fact.seatAlertId,
          holdSubclassId: eventSeat.holdSubclassId,
        });
      }
      const basketId = randomUUID();
      const provisional = emptyBasket(basketId, request.open);
      const early = request.precheck(provisional);
      if (early) refuse(early);
      const planned = request.plan(provisional, seats);
      if (!Array.isArray(planned)) refuse(planned);
      const tickets = planned as readonly NewTicket[];
      let results: Awaited<ReturnType<typeof send>>;
      try {
        results = await send(
          newBasketSeatHold({
            basketId,
            holdSeconds: request.open.holdSeconds,
            salesChannelId: request.open.salesChannelId,
            eventId: request.eventId,
            venueConfigurationId: request.venueConfigurationId,
            keys,
            sellableHoldSubclassIds: request.sellableHoldSubclassIds,
            tickets,
          }),
        );
      } catch (error) {
        const e = error as { code?: string; message?: string; detail?: string };
        if (e.code !== 'P0001' || e.message !== 'foyer_assert') throw error;
        // The statement was its own transaction: nothing of it is left.
        const held = new Set(JSON.parse(e.detail ?? '[]') as string[]);
        const taken = keys.filter((k) => !held.has(k));
        // Every seat was free but one was priced at a level it no longer has: read afresh.
        if (taken.length === 0) return 'ordinary';
        return refuse(new SeatsTaken({ eventId: request.eventId, keys: taken }));
      }
      const {
        hold_ok: _ok,
        hold_items: items,
        ...row
      } = results[0]!.rows[0] as BasketRow & {
        hold_ok: boolean;
        hold_items: { id: number; seat_id: number; hold_subclass_id: number | null }[];
      };
      const bySeat = new Map(items.map((i) => [i.seat_id, i]));
      const inserted = tickets.map((t) => {
        const item = bySeat.get(t.seatId!)!;
        return { ...itemRowOf(basketId, t, item.id), hold_subclass_id: item.hold_subclass_id };
      });
      return {
        basket: basketOf(row, inserted),
        created: true,
        changes: [{ eventId: request.eventId, keys, status: 'Unavailable' as const }],
      };
    },
    false,
  );
};

export const holdSeats = async (
  db: Knex,
  request: SeatHold,
  caches?: SeatFactCaches,
  newBasketConnections?: Connections,
): Promise<Outcome<Held, BasketError>> => {
  if (request.open.basketId === null && caches) {
    // The public on-sale's new baskets queue for their own few connections (hold-connections.ts);
    // a clerk's takes the store's general pool instead, which an on-sale's holds do not use, so
    // the counter waits for PostgreSQL only, never behind the crowd's queue.
    const connections = request.open.staffLane ? db : (newBasketConnections ?? db);
    const fast = await holdInNewBasket(connections, request, caches);
    if (!fast.ok || fast.value !== 'ordinary') return fast as Outcome<Held, BasketError>;
  }
  const first = await holdOnce(db, request, request.open);
  if (!first.ok || first.value !== 'reopen') return first as Outcome<Held, BasketError>;
  const again = await holdOnce(db, request, { ...request.open, basketId: null });
  if (again.ok && again.value === 'reopen') throw new Error('a new basket cannot be gone');
  return again as Outcome<Held, BasketError>;
};
