import type { Knex } from 'knex';
import type { OrderRecord } from '../../../core/orders/order.ts';
import { eventsWithVenue } from '../sql/event-venue-join.ts';

// An order as its confirmation, PDF and e-mail read it: the order row, its tickets, products,
// events (with venue) and the payment that paid for it. Only Active tickets: a ticket cancelled
// or exchanged is no longer a way in, so it is never shown, printed or e-mailed again.

export const readOrder = async (db: Knex, orderId: number): Promise<OrderRecord | null> => {
  const order = await db('orders').where({ id: orderId }).first();
  if (!order) return null;
  const [tickets, products, events, payment, extras] = await Promise.all([
    db('order_tickets').where({ order_id: orderId, status: 'Active' }).orderBy('id').select('*'),
    db('order_products').where({ order_id: orderId }).orderBy('id').select('*'),
    eventsWithVenue(db)
      .whereIn(
        'e.id',
        db('order_tickets').where({ order_id: orderId, status: 'Active' }).distinct('event_id'),
      )
      .orderBy('e.starts_at')
      .select('e.id', 'e.name', 'e.starts_at', 'v.display_name', 'v.time_zone'),
    db('payments').where({ order_id: orderId }).first(),
    // Memberships and gift certificates stay the basket's lines (core/memberships/README.md).
    db('basket_items')
      .where({ basket_id: order.basket_id })
      .whereIn('item_type', ['Membership', 'GiftCertificate'])
      .orderBy('id')
      .select('item_type', 'product_name', 'price_level_name', 'price', 'quantity', 'recipient_name'),
  ]);
  return {
    id: order.id,
    name: order.name,
    status: order.status,
    basketId: order.basket_id,
    createdAt: order.created_at,
    contact: { firstName: order.first_name, lastName: order.last_name, email: order.email },
    totals: {
      Total: order.total,
      TicketAndFeeTotal: order.ticket_and_fee_total,
      TicketTotal: order.ticket_total,
      TicketFeeTotal: order.ticket_fee_total,
      ProductTotal: order.product_total,
      DeliveryTotal: order.delivery_total,
      OrderLevelFeeTotal: order.order_level_fee_total,
    },
    promoCode: order.promo_code,
    deliveryMethod:
      order.delivery_method_type === null
        ? null
        : { name: order.delivery_method_name, type: order.delivery_method_type },
    currency: order.currency,
    currencyLocale: order.currency_locale,
    webTicketsToken: order.web_tickets_token ?? null,
    payment: payment
      ? {
          type: payment.payment_type,
          cardBrand: payment.card_brand,
          last4: payment.card_last4,
          amount: payment.amount,
        }
      : null,
    tickets: tickets.map((t) => ({
      id: t.id,
      eventId: t.event_id,
      key: t.key,
      sectionName: t.section_name,
      row: t.row,
      seatNumber: t.seat_number,
      isGa: t.is_ga,
      priceTypeName: t.price_type_name,
      priceLevelName: t.price_level_name,
      price: t.price,
      feeTotal: t.fee_total,
      barcode: t.barcode,
    })),
    products: products.map((p) => ({
      productId: p.product_id,
      name: p.name,
      quantity: p.quantity,
      unitPrice: p.unit_price,
    })),
    extras: extras.map((x) => ({
      kind: x.item_type,
      name: x.product_name ?? x.item_type,
      levelName: x.item_type === 'Membership' ? (x.price_level_name ?? null) : null,
      amount: x.price * (x.quantity ?? 1),
      recipientName: x.recipient_name || null,
    })),
    events: events.map((e) => ({
      eventId: e.id,
      name: e.name,
      startsAt: e.starts_at,
      venueName: e.display_name,
      venueTimeZone: e.time_zone,
    })),
  };
};
