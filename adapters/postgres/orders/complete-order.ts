import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Basket } from '../../../core/basket/basket.ts';
import type { SeatChangeNotice } from '../../../core/basket/ports.ts';
import type { Completion, OrderDraft, OrderPlan } from '../../../core/orders/order.ts';
import { basketOf, pgArray, readBasketRow, readItemRows } from '../basket/basket-rows.ts';
import { gaNotices, gaSectionsNow } from '../basket/hold-ga.ts';
import { expireBasket } from '../basket/release.ts';
import { inTransaction, refuse } from '../basket/transaction.ts';
import type { AttemptRow } from './attempts.ts';

// DESIGN.md 3: checkout turns held seats into sold seats in ONE transaction that re-checks the
// basket is live and its holds are still its own. The payment row is locked first, so two
// completions of one attempt (a retry racing the first request, the reconciliation job) run one
// after the other and the second finds the order. When the basket ran out after the charge, the
// seats are sold anyway if nobody else took them; otherwise nothing is written and the payment is
// marked for refund.

interface Unsellable {
  readonly takenSeats: readonly string[];
}

type Result = { completion: Completion; changes: SeatChangeNotice[] };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 128 random bits in base32 (26 characters): printed as a QR code, unguessable. */
export const newBarcode = (): string => {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/** Sells the basket's seats: its own live holds, or (basket ran out) seats nobody else has. */
const sellSeats = async (trx: Knex.Transaction, basket: Basket, orderId: number, live: boolean) => {
  const seats = basket.tickets.filter((t) => t.seatId !== null);
  if (seats.length === 0) return [];
  const result: { rows: { event_id: number; seat_id: number }[] } = await trx.raw(
    `with wanted (event_id, seat_id, hold_subclass_id) as (
       select * from unnest(?::int[], ?::int[], ?::int[]))
     update event_seats es
        set status = 'Sold', order_id = ?, basket_id = null, held_until = null, hold_subclass_id = null
       from wanted w
      where es.event_id = w.event_id and es.seat_id = w.seat_id
        and (es.status = 'Open' or (es.status = 'Hold' and es.hold_subclass_id is not distinct from w.hold_subclass_id))
        and ((es.basket_id = ? and es.held_until > now())
             ${live ? '' : 'or es.basket_id = ? or es.basket_id is null or es.held_until <= now()'})
      returning es.event_id, es.seat_id`,
    [
      pgArray(seats.map((t) => t.eventId)),
      pgArray(seats.map((t) => t.seatId!)),
      `{${seats.map((t) => (t.holdSubclassId === null ? 'NULL' : String(t.holdSubclassId))).join(',')}}`,
      orderId,
      basket.id,
      ...(live ? [] : [basket.id]),
    ],
  );
  const sold = new Set(result.rows.map((r) => `${r.event_id}|${r.seat_id}`));
  const taken = seats.filter((t) => !sold.has(`${t.eventId}|${t.seatId}`)).map((t) => t.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
  const byEvent = new Map<number, string[]>();
  for (const t of seats) byEvent.set(t.eventId, [...(byEvent.get(t.eventId) ?? []), t.key]);
  return [...byEvent].map(([eventId, keys]): SeatChangeNotice => ({ eventId, keys, status: 'Sold' }));
};

/**
 * Sells the GA places: the sections' rows are locked first (section order), then a fresh
 * statement counts the other baskets' live holds, so held + sold never exceed capacity.
 */
const sellGeneralAdmission = async (trx: Knex.Transaction, basket: Basket) => {
  const wanted = new Map<string, { eventId: number; sectionId: number; quantity: number; key: string }>();
  for (const t of basket.tickets.filter((t) => t.seatId === null && t.sectionId !== null)) {
    const id = `${t.eventId}|${t.sectionId}`;
    const entry = wanted.get(id) ?? { eventId: t.eventId, sectionId: t.sectionId!, quantity: 0, key: t.key };
    wanted.set(id, { ...entry, quantity: entry.quantity + t.quantity });
  }
  if (wanted.size === 0) return [];
  const list = [...wanted.values()].sort((a, b) => a.eventId - b.eventId || a.sectionId - b.sectionId);
  const arrays = [pgArray(list.map((w) => w.eventId)), pgArray(list.map((w) => w.sectionId))];
  await trx.raw(
    `select 1 from event_ga_sections g join unnest(?::int[], ?::int[]) as w (event_id, section_id)
        on g.event_id = w.event_id and g.section_id = w.section_id
      order by g.event_id, g.section_id for update of g`,
    arrays,
  );
  const result: { rows: { event_id: number; section_id: number }[] } = await trx.raw(
    `with wanted (event_id, section_id, quantity) as (select * from unnest(?::int[], ?::int[], ?::int[]))
     update event_ga_sections g set sold = g.sold + w.quantity
       from wanted w
      where g.event_id = w.event_id and g.section_id = w.section_id
        and g.capacity - g.sold - coalesce((select sum(h.quantity) from event_ga_holds h
              where h.event_id = g.event_id and h.section_id = g.section_id
                and h.held_until > now() and h.basket_id <> ?), 0) >= w.quantity
      returning g.event_id, g.section_id`,
    [...arrays, pgArray(list.map((w) => w.quantity)), basket.id],
  );
  const sold = new Set(result.rows.map((r) => `${r.event_id}|${r.section_id}`));
  const taken = list.filter((w) => !sold.has(`${w.eventId}|${w.sectionId}`)).map((w) => w.key);
  if (taken.length > 0) refuse<Unsellable>({ takenSeats: taken });
  await trx('event_ga_holds').where({ basket_id: basket.id }).del();
  const notices: SeatChangeNotice[] = [];
  for (const eventId of new Set(list.map((w) => w.eventId)))
    notices.push(
      ...gaNotices(
        eventId,
        await gaSectionsNow(
          trx,
          eventId,
          list.filter((w) => w.eventId === eventId).map((w) => w.sectionId),
        ),
      ),
    );
  return notices;
};

const insertOrder = async (trx: Knex.Transaction, pay: AttemptRow, basket: Basket, draft: OrderDraft) => {
  const c = pay.checkout;
  const t = draft.totals;
  const [order] = await trx('orders')
    .insert({
      basket_id: basket.id,
      sales_channel_id: basket.salesChannel.id,
      customer_id: basket.customerId,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      organization: c.organization,
      title: c.title,
      rewards_number: c.rewardsNumber,
      bill_to: JSON.stringify(c.billTo),
      ship_to: JSON.stringify(c.shipTo),
      delivery_method_id: draft.deliveryMethod?.id ?? null,
      delivery_method_name: draft.deliveryMethod?.displayName ?? null,
      delivery_method_type: draft.deliveryMethod?.type ?? null,
      currency: draft.currency,
      currency_locale: draft.currencyLocale,
      total: t.Total,
      ticket_and_fee_total: t.TicketAndFeeTotal,
      ticket_total: t.TicketTotal,
      ticket_fee_total: t.TicketFeeTotal,
      product_total: t.ProductTotal,
      delivery_total: t.DeliveryTotal,
      order_level_fee_total: t.OrderLevelFeeTotal,
      order_level_fees: JSON.stringify(t.OrderLevelFees),
      promo_code: basket.promoCode,
      group_code: basket.groupCode,
      note: c.note ?? basket.note,
      marketing_opt_in_tag_ids: c.marketingOptInTagIds.length
        ? c.marketingOptInTagIds
        : basket.marketingOptInTagIds,
    })
    .returning(['id', 'name', 'total']);
  return order as { id: number; name: string; total: number };
};

const insertItems = async (trx: Knex.Transaction, orderId: number, basket: Basket) => {
  // One ticket per seat or GA place.
  const tickets = basket.tickets.flatMap((t) =>
    Array.from({ length: t.quantity }, () => ({
      order_id: orderId,
      event_id: t.eventId,
      seat_id: t.seatId,
      section_id: t.sectionId,
      is_ga: t.seatId === null,
      key: t.key,
      section_name: t.sectionName,
      row: t.row,
      seat_number: t.seatNumber,
      price_level_id: t.priceLevelId,
      price_level_name: t.priceLevelName,
      price_type_id: t.priceTypeId,
      price_type_name: t.priceTypeName,
      face_value: t.faceValue,
      price: t.packagePrice ?? t.price,
      fee_total: t.packageFeeTotal ?? t.feeTotal,
      fees: JSON.stringify(t.fees),
      promotion_id: t.promotionId,
      promo_code: t.promoCode,
      package_id: t.packageId,
      package_price: t.packagePrice,
      package_fee_total: t.packageFeeTotal,
      ada_type: t.adaType,
      barcode: newBarcode(),
    })),
  );
  if (tickets.length > 0) await trx.batchInsert('order_tickets', tickets, 500);
  if (basket.products.length > 0)
    await trx('order_products').insert(
      basket.products.map((p) => ({
        order_id: orderId,
        product_id: p.productId,
        product_variant_id: p.productVariantId,
        event_id: p.eventId,
        name: p.name,
        quantity: p.quantity,
        unit_price: p.unitPrice,
      })),
    );
};

const existingOrder = async (db: Knex | Knex.Transaction, orderId: number): Promise<Result> => {
  const order: { id: number; name: string; total: number } = await db('orders')
    .where({ id: orderId })
    .first('id', 'name', 'total');
  return {
    completion: { kind: 'order', orderId, name: order.name, total: order.total, created: false },
    changes: [],
  };
};

export const completeOrder = async (db: Knex, attemptId: number, plan: OrderPlan): Promise<Result> => {
  const outcome = await inTransaction<Result, Unsellable>(db, async (trx) => {
    const pay: AttemptRow = await trx('payments').where({ id: attemptId }).forUpdate().first();
    if (pay.order_id !== null) return existingOrder(trx, pay.order_id);
    if (pay.status !== 'succeeded' || pay.refund_status !== null)
      return refuse<Unsellable>({ takenSeats: pay.taken_seats ?? [] });
    const row = await readBasketRow(trx, pay.basket_id, true);
    // Completed by another payment: this one made no order and goes back.
    if (!row || row.status === 'Completed') return refuse<Unsellable>({ takenSeats: [] });
    const basket = basketOf(row, await readItemRows(trx, row.id));
    const draft = plan(basket);
    if (!draft || basket.tickets.length + basket.products.length === 0)
      return refuse<Unsellable>({ takenSeats: [] });
    const order = await insertOrder(trx, pay, basket, draft);
    const changes = [
      ...(await sellSeats(trx, basket, order.id, row.live)),
      ...(await sellGeneralAdmission(trx, basket)),
    ];
    await insertItems(trx, order.id, basket);
    await trx('payments').where({ id: attemptId }).update({ order_id: order.id, updated_at: trx.fn.now() });
    await trx('baskets').where({ id: basket.id }).update({ status: 'Completed' });
    await trx('order_mail_outbox').insert({ order_id: order.id });
    return {
      completion: { kind: 'order', orderId: order.id, name: order.name, total: order.total, created: true },
      changes,
    };
  });
  if (outcome.ok) return outcome.value;
  // Nothing was sold: mark the payment for refund and end the basket (its holds go back on sale).
  const marked = await db('payments')
    .where({ id: attemptId })
    .whereNull('order_id')
    .where({ status: 'succeeded' })
    .update({
      refund_status: db.raw(`coalesce(refund_status, 'needed')`),
      taken_seats: JSON.stringify(outcome.error.takenSeats),
      updated_at: db.fn.now(),
    })
    .returning(['basket_id', 'order_id']);
  if (marked.length === 0) {
    // A twin completion made the order in the meantime.
    const pay: AttemptRow = await db('payments').where({ id: attemptId }).first();
    if (pay.order_id !== null) return existingOrder(db, pay.order_id);
  }
  const pay: AttemptRow = await db('payments').where({ id: attemptId }).first();
  const changes = await expireBasket(db, pay.basket_id);
  return { completion: { kind: 'unsellable', takenSeats: outcome.error.takenSeats }, changes };
};
