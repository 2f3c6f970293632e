import type { Knex } from 'knex';
import { runPrepared, type NamedStatement } from '../prepared.ts';
import type {
  Basket,
  BasketStatus,
  GiftCertificateItem,
  MembershipItem,
  ProductItem,
  TicketItem,
} from '../../../core/basket/basket.ts';
import type { NewTicket } from '../../../core/basket/add-plan.ts';
import type { FeeNameValue } from '../../../core/pricing/fees.ts';

// baskets / basket_items rows <-> the basket aggregate. Seconds left are computed by the
// database's clock in the same statement that reads the row (SecondsTilExpiration is truthful
// whatever the web node's clock says).

export interface BasketRow {
  id: string;
  status: BasketStatus;
  expires_at: Date;
  seconds_left: number;
  live: boolean;
  sales_channel_id: number;
  channel_code: string;
  channel_is_admin: boolean;
  seller_id: number | null;
  partner_id: number | null;
  is_exchange: boolean;
  exchange_order_id: number | null;
  can_save_basket: boolean;
  can_override_price: boolean;
  customer_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  bill_to: Record<string, string>;
  ship_to: Record<string, string>;
  delivery_method_id: number | null;
  basket_note: string | null;
  event_plan_id: number | null;
  event_plan_code: string | null;
  special_linked_event_setup: boolean;
  promo_code: string | null;
  group_code: string | null;
  continue_without_tickets_event_id: number | null;
  marketing_opt_in_tag_ids: number[];
  /** BASKET_VERSION, where the read selected it. */
  version?: string;
}

export interface ItemRow {
  id: number;
  basket_id: string;
  item_type: 'Ticket' | 'Product' | 'Membership' | 'GiftCertificate';
  event_id: number | null;
  seat_id: number | null;
  section_id: number | null;
  key: string | null;
  section_name: string | null;
  row: string | null;
  seat_number: string | null;
  quantity: number;
  price_level_id: number | null;
  price_level_name: string | null;
  price_type_id: number | null;
  price_type_name: string | null;
  promotion_id: number | null;
  promo_code: string | null;
  group_code: string | null;
  package_id: number | null;
  face_value: number;
  price: number;
  fee_total: number;
  fees: FeeNameValue[];
  package_price: number | null;
  package_fee_total: number | null;
  ada_type: string | null;
  seat_alert_id: number | null;
  seat_alert_acknowledged: boolean;
  hold_subclass_id: number | null;
  product_id: number | null;
  product_variant_id: number | null;
  product_name: string | null;
  /** A GiftCertificate item's recipient and message (migrations/20261214000100_gift_certificate_sales.ts). */
  recipient_name?: string | null;
  recipient_email?: string | null;
  gift_message?: string | null;
  /** A Membership item's type, level and gift (migrations/20261215000200_memberships.ts). */
  membership_type_id?: number | null;
  membership_price_level_id?: number | null;
  is_gift?: boolean;
  gift_first_name?: string | null;
  gift_last_name?: string | null;
  /** A date column: a Date from knex reads, 'YYYY-MM-DD' from json_agg. */
  gift_delivery_local_date?: string | Date | null;
  is_send_gift_now?: boolean;
  /** A plan basket's ticket: the slot it fills (migrations/20261215000100_plan_basket_items.ts). */
  event_plan_slot_id?: number | null;
  /** A line sold without an event: its currency (migrations/20261216000100_basket_line_currency.ts). */
  currency?: string | null;
}

/** The basket columns every read selects (alias b for baskets, sc for its sales channel). */
export const BASKET_COLUMNS = `b.*, sc.code as channel_code, sc.is_admin as channel_is_admin,
  extract(epoch from (b.expires_at - now()))::float8 as seconds_left,
  (b.status = 'Active' and b.expires_at > now()) as live`;

/**
 * The version of basket b and its items (Basket.version): a digest of their rows as stored, so
 * any change to either changes it. foyer_sell_seated computes the same expression before it
 * writes from a basket read earlier (migrations/20261204000100_sell_seated_function.ts: keep the
 * two alike), to tell whether the basket is still what was read.
 */
export const BASKET_VERSION = `md5(b::text || coalesce((select string_agg(i::text, ',' order by i.id)
  from basket_items i where i.basket_id = b.id), ''))`;

/** A basket row, locked for the rest of the transaction when `lock` (NO KEY UPDATE). */
export const readBasketRow = async (
  db: Knex | Knex.Transaction,
  basketId: string,
  lock = false,
): Promise<BasketRow | undefined> => {
  const result: { rows: BasketRow[] } = await db.raw(
    `select ${BASKET_COLUMNS}
       from baskets b join sales_channels sc on sc.id = b.sales_channel_id
      where b.id = ?${lock ? ' for no key update of b' : ''}`,
    [basketId],
  );
  return result.rows[0];
};

export const readItemRows = async (db: Knex | Knex.Transaction, basketId: string): Promise<ItemRow[]> =>
  db('basket_items').where({ basket_id: basketId }).orderBy('id').select('*');

const FIND_BASKET: NamedStatement = {
  name: 'foyer_find_basket_v1',
  text: `select ${BASKET_COLUMNS}, ${BASKET_VERSION} as version,
           (select coalesce(json_agg(i order by i.id), '[]') from basket_items i where i.basket_id = b.id) as items
      from baskets b join sales_channels sc on sc.id = b.sales_channel_id
     where b.id = $1`,
};

/**
 * The basket row and its items in one round trip, one prepared statement (every basket call and
 * every checkout starts here). Undefined when there is no such basket.
 */
export const findBasketRows = async (
  db: Knex,
  basketId: string,
): Promise<{ row: BasketRow; items: ItemRow[] } | undefined> => {
  const [found] = await runPrepared<BasketRow & { items: ItemRow[] }>(db, FIND_BASKET, [basketId]);
  if (!found) return undefined;
  const { items, ...row } = found;
  return { row, items };
};

/** Makes a basket that expires `holdSeconds` from now (database clock). */
export const insertBasketRow = async (
  trx: Knex.Transaction,
  salesChannelId: number,
  holdSeconds: number,
): Promise<BasketRow> => {
  const result: { rows: BasketRow[] } = await trx.raw(
    `with b as (
       insert into baskets (expires_at, sales_channel_id)
       values (now() + make_interval(secs => ?), ?)
       returning *)
     select ${BASKET_COLUMNS} from b join sales_channels sc on sc.id = b.sales_channel_id`,
    [holdSeconds, salesChannelId],
  );
  return result.rows[0]!;
};

const isTicket = (row: ItemRow) => row.item_type === 'Ticket';

export const ticketOf = (row: ItemRow): TicketItem => ({
  id: row.id,
  eventId: row.event_id!,
  isGa: row.seat_id === null,
  key: row.key ?? '',
  seatId: row.seat_id,
  sectionId: row.section_id,
  sectionName: row.section_name,
  row: row.row,
  seatNumber: row.seat_number,
  quantity: row.quantity,
  priceLevelId: row.price_level_id ?? 0,
  priceLevelName: row.price_level_name ?? '',
  priceTypeId: row.price_type_id ?? 0,
  priceTypeName: row.price_type_name ?? '',
  faceValue: row.face_value,
  price: row.price,
  fees: row.fees,
  feeTotal: row.fee_total,
  promotionId: row.promotion_id,
  promoCode: row.promo_code,
  groupCode: row.group_code,
  packageId: row.package_id,
  packagePrice: row.package_price,
  packageFeeTotal: row.package_fee_total,
  adaType: row.ada_type,
  seatAlertId: row.seat_alert_id,
  seatAlertAcknowledged: row.seat_alert_acknowledged,
  holdSubclassId: row.hold_subclass_id,
  ...(row.event_plan_slot_id ? { eventPlanSlotId: row.event_plan_slot_id } : {}),
});

export const productOf = (row: ItemRow): ProductItem => ({
  id: row.id,
  productId: row.product_id!,
  productVariantId: row.product_variant_id!,
  eventId: row.event_id,
  name: row.product_name ?? '',
  quantity: row.quantity,
  unitPrice: row.price,
});

export const giftCertificateOf = (row: ItemRow): GiftCertificateItem => ({
  id: row.id,
  amount: row.price,
  recipientName: row.recipient_name ?? null,
  recipientEmail: row.recipient_email ?? null,
  message: row.gift_message ?? null,
  currency: row.currency ?? null,
});

/** A date column's 'YYYY-MM-DD' whichever way it was read (pg parses dates at local midnight). */
const localDateOf = (value: string | Date | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

export const membershipOf = (row: ItemRow): MembershipItem => ({
  id: row.id,
  membershipTypeId: row.membership_type_id ?? 0,
  name: row.product_name ?? '',
  priceLevelId: row.membership_price_level_id ?? 0,
  priceLevelName: row.price_level_name ?? '',
  price: row.price,
  isGift: row.is_gift ?? false,
  giftFirstName: row.gift_first_name ?? null,
  giftLastName: row.gift_last_name ?? null,
  giftEmail: row.recipient_email ?? null,
  giftMessage: row.gift_message ?? null,
  giftDeliveryLocalDate: localDateOf(row.gift_delivery_local_date),
  isSendGiftNow: row.is_send_gift_now ?? false,
  currency: row.currency ?? null,
});

export const basketOf = (row: BasketRow, items: readonly ItemRow[]): Basket => ({
  id: row.id,
  status: row.status,
  expiresAt: row.expires_at,
  secondsLeft: row.live ? Math.max(0, row.seconds_left) : 0,
  salesChannel: { id: row.sales_channel_id, code: row.channel_code, isAdmin: row.channel_is_admin },
  sellerId: row.seller_id,
  partnerId: row.partner_id,
  isExchange: row.is_exchange,
  exchangeOrderId: row.exchange_order_id,
  canSaveBasket: row.can_save_basket,
  canOverridePrice: row.can_override_price,
  customerId: row.customer_id,
  contact: {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    billTo: row.bill_to ?? {},
    shipTo: row.ship_to ?? {},
  },
  eventPlanId: row.event_plan_id,
  eventPlanCode: row.event_plan_code,
  specialLinkedEventSetup: row.special_linked_event_setup,
  deliveryMethodId: row.delivery_method_id,
  note: row.basket_note,
  promoCode: row.promo_code,
  groupCode: row.group_code,
  continueWithoutTicketsEventId: row.continue_without_tickets_event_id,
  marketingOptInTagIds: row.marketing_opt_in_tag_ids ?? [],
  tickets: items.filter(isTicket).map(ticketOf),
  products: items.filter((r) => r.item_type === 'Product').map(productOf),
  giftCertificates: items.filter((r) => r.item_type === 'GiftCertificate').map(giftCertificateOf),
  memberships: items.filter((r) => r.item_type === 'Membership').map(membershipOf),
  ...(row.version ? { version: row.version } : {}),
});

/** The columns a reprice rewrites. */
export const priceColumns = (t: Omit<NewTicket, 'eventId'>) => ({
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
  fees: JSON.stringify(t.fees),
  package_price: t.packagePrice,
  package_fee_total: t.packageFeeTotal,
});
