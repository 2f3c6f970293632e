import { randomBytes } from 'node:crypto';
import type { Basket } from '../../../core/basket/basket.ts';
import type { OrderDraft } from '../../../core/orders/order.ts';
import type { CheckoutDetails } from '../../../core/orders/checkout/validation.ts';

// The rows a sold basket becomes: the order (totals by part, the buyer's details from the
// payment attempt), one ticket per seat or GA place, its product lines.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 128 random bits in base32 (26 characters): printed as a QR code, unguessable. */
export const newBarcode = (): string => {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

export type Row = Record<string, string | number | boolean | null>;

export const orderRow = (c: CheckoutDetails, basket: Basket, draft: OrderDraft): Row => {
  const t = draft.totals;
  const optIns = c.marketingOptInTagIds.length ? c.marketingOptInTagIds : basket.marketingOptInTagIds;
  return {
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
    // Gift certificates sold count as products on the order row (orders_totals adds up four parts;
    // the sale functions write these columns): which lines they were is the basket's items
    // (adapters/postgres/extras/gift-certificate-sales.ts).
    // Memberships likewise (core/memberships/README.md).
    product_total: t.ProductTotal + (t.GiftCertificateTotal ?? 0) + (t.MembershipTotal ?? 0),
    delivery_total: t.DeliveryTotal,
    order_level_fee_total: t.OrderLevelFeeTotal,
    order_level_fees: JSON.stringify(t.OrderLevelFees),
    promo_code: basket.promoCode,
    group_code: basket.groupCode,
    note: c.note ?? basket.note,
    marketing_opt_in_tag_ids: `{${optIns.map((id) => Math.trunc(id)).join(',')}}`,
  };
};

/** One ticket per seat or GA place (without order_id). */
export const ticketRows = (basket: Basket): Row[] =>
  basket.tickets.flatMap((t) =>
    Array.from({ length: t.quantity }, () => ({
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

export const productRows = (basket: Basket): Row[] =>
  basket.products.map((p) => ({
    product_id: p.productId,
    product_variant_id: p.productVariantId,
    event_id: p.eventId,
    name: p.name,
    quantity: p.quantity,
    unit_price: p.unitPrice,
  }));
