import type { NewTicket } from '../../../core/basket/add-plan.ts';
import { BASKET_COLUMNS } from '../sql/basket-rows.ts';
import { takeSeats } from '../inventory/seat-status/take-seats.ts';

// A new basket's first seated hold as ONE named prepared statement (the holds bench): it makes
// the basket, takes the seats with the conditional UPDATE (takeSeats of
// adapters/postgres/inventory/seat-status/take-seats.ts), writes the
// items priced at the price level each seat really has, and raises (foyer_assert) unless every
// seat was taken and priced. One statement needs no BEGIN/COMMIT of its own (it is its own
// transaction: a raise rolls the basket back with it), and a prepared statement is parsed once
// per connection instead of once per hold: on these machines parsing and planning the literal
// SQL cost as much PostgreSQL time as running it (pgbench replay of the old batch, one client:
// 1.08 ms a hold as simple queries, 0.58 ms prepared).
//
// Foreign keys are checked at the end of the statement, so event_seats.basket_id and
// basket_items.basket_id find the basket the same statement made.

export const NEW_BASKET_SEAT_HOLD = 'foyer_hold_seats_new_basket_v2';

/** The item columns the statement reads from its JSON parameter, with their SQL types. */
const TICKET_FIELDS: readonly [column: string, type: string, of: (t: NewTicket) => unknown][] = [
  ['event_id', 'int', (t) => t.eventId],
  ['seat_id', 'int', (t) => t.seatId],
  ['section_id', 'int', (t) => t.sectionId],
  ['key', 'text', (t) => t.key],
  ['section_name', 'text', (t) => t.sectionName],
  ['row', 'text', (t) => t.row],
  ['seat_number', 'text', (t) => t.seatNumber],
  ['quantity', 'int', (t) => t.quantity],
  ['price_level_id', 'int', (t) => t.priceLevelId],
  ['price_level_name', 'text', (t) => t.priceLevelName],
  ['price_type_id', 'int', (t) => t.priceTypeId],
  ['price_type_name', 'text', (t) => t.priceTypeName],
  ['promotion_id', 'int', (t) => t.promotionId],
  ['promo_code', 'text', (t) => t.promoCode],
  ['group_code', 'text', (t) => t.groupCode],
  ['package_id', 'int', (t) => t.packageId],
  ['face_value', 'int', (t) => t.faceValue],
  ['price', 'int', (t) => t.price],
  ['fee_total', 'int', (t) => t.feeTotal],
  ['fees', 'jsonb', (t) => t.fees],
  ['package_price', 'int', (t) => t.packagePrice],
  ['package_fee_total', 'int', (t) => t.packageFeeTotal],
  ['ada_type', 'text', (t) => t.adaType],
  ['seat_alert_id', 'int', (t) => t.seatAlertId],
  ['seat_alert_acknowledged', 'boolean', (t) => t.seatAlertAcknowledged],
];

const q = (column: string) => `"${column}"`;

// $1 basket id, $2 hold seconds, $3 sales channel id, $4 event id, $5 venue configuration id,
// $6 the seat keys (distinct), $7 the hold subclasses the caller may sell, $8 the tickets (JSON).
const TEXT = `
with b as (
  insert into baskets (id, expires_at, sales_channel_id)
  values ($1::uuid, now() + make_interval(secs => $2::int), $3::int)
  returning *
), held as (${takeSeats({
  basketId: 'b.id',
  heldUntil: 'b.expires_at',
  eventId: '$4::int',
  venueConfigurationId: '$5::int',
  keys: '$6::text[]',
  sellableHoldSubclassIds: '$7::int[]',
  from: ', b',
  returning: 'es.seat_id, s.key, es.price_level_id, es.hold_subclass_id',
})}
), items as (
  insert into basket_items (basket_id, item_type, ${TICKET_FIELDS.map(([c]) => q(c)).join(', ')}, hold_subclass_id)
  select b.id, 'Ticket', ${TICKET_FIELDS.map(([c]) => `v.${q(c)}`).join(', ')}, h.hold_subclass_id
    from jsonb_to_recordset($8::jsonb) as v (${TICKET_FIELDS.map(([c, type]) => `${q(c)} ${type}`).join(', ')})
    join held h on h.seat_id = v.seat_id and h.price_level_id = v.price_level_id
    cross join b
  returning id, seat_id, hold_subclass_id
)
select ${BASKET_COLUMNS},
       foyer_assert((select count(*) from items) = cardinality($6::text[]),
                    (select coalesce(json_agg(key), '[]')::text from held)) as hold_ok,
       (select json_agg(json_build_object('id', id, 'seat_id', seat_id, 'hold_subclass_id', hold_subclass_id))
          from items) as hold_items
  from b join sales_channels sc on sc.id = b.sales_channel_id`;

export interface NewBasketSeatHold {
  readonly basketId: string;
  readonly holdSeconds: number;
  readonly salesChannelId: number;
  readonly eventId: number;
  readonly venueConfigurationId: number;
  readonly keys: readonly string[];
  readonly sellableHoldSubclassIds: readonly number[];
  readonly tickets: readonly NewTicket[];
}

/** The statement as node-postgres takes a named prepared statement. */
export const newBasketSeatHold = (hold: NewBasketSeatHold) => ({
  name: NEW_BASKET_SEAT_HOLD,
  text: TEXT,
  values: [
    hold.basketId,
    Math.round(hold.holdSeconds),
    hold.salesChannelId,
    hold.eventId,
    hold.venueConfigurationId,
    [...hold.keys],
    [...hold.sellableHoldSubclassIds],
    JSON.stringify(
      hold.tickets.map((t) => Object.fromEntries(TICKET_FIELDS.map(([column, , of]) => [column, of(t)]))),
    ),
  ],
});
