import { localDateTime } from '../catalogue/local-time.ts';
import type { OrderRecord } from './order.ts';
import type { OrderDocument } from './order-document.ts';

// An order as the buyer's confirmation page reads it (the API's field
// names) and as the PDF and e-mail read it (OrderDocument). Pure.

/**
 * Whether the order's tickets are a PDF the buyer downloads or receives by e-mail: a delivery
 * method that prints them, and at least one ticket to print.
 */
export const hasTicketPdf = (record: Pick<OrderRecord, 'deliveryMethod' | 'tickets'>): boolean =>
  (record.deliveryMethod?.type === 'PrintAtHome' || record.deliveryMethod?.type === 'Email') &&
  record.tickets.length > 0;

export const confirmationView = (record: OrderRecord) => ({
  Order: {
    ID: record.id,
    Name: record.name,
    Status: record.status,
    Total: record.totals.Total,
    TicketAndFeeTotal: record.totals.TicketAndFeeTotal,
    ProductTotal: record.totals.ProductTotal,
    DeliveryTotal: record.totals.DeliveryTotal,
    OrderLevelFeeTotal: record.totals.OrderLevelFeeTotal,
    PromoCode: record.promoCode,
    DeliveryMethodName: record.deliveryMethod?.name ?? null,
    DeliveryMethodType: record.deliveryMethod?.type ?? null,
    Email: record.contact.email,
    CreatedAt: record.createdAt.toISOString(),
    Payment: {
      PaymentType: record.payment?.type ?? 'None',
      CardBrand: record.payment?.cardBrand ?? null,
      CCLast4: record.payment?.last4 ?? null,
      Amount: record.payment?.amount ?? 0,
    },
    TicketItems: record.tickets.map((t) => ({
      ID: t.id,
      EventID: t.eventId,
      Key: t.key,
      Section: t.sectionName,
      Row: t.row,
      SeatID: t.seatNumber,
      IsGA: t.isGa,
      PriceTypeName: t.priceTypeName,
      PriceLevelName: t.priceLevelName,
      Price: t.price,
      FeeTotal: t.feeTotal,
      Barcode: t.barcode,
    })),
    ProductItems: record.products.map((p) => ({
      ProductID: p.productId,
      Name: p.name,
      Quantity: p.quantity,
      Price: p.unitPrice,
    })),
    Events: record.events.map((e) => ({
      ID: e.eventId,
      Name: e.name,
      LocalDate: localDateTime(e.startsAt, e.venueTimeZone),
      Venue: {
        DisplayName: e.venueName,
        IsoCurrencyCode: record.currency,
        CurrencyLocale: record.currencyLocale,
      },
    })),
    TicketsUrl: hasTicketPdf(record) ? `/api/orders/${record.id}/tickets.pdf` : null,
    ExtraItems: (record.extras ?? []).map((x) => ({
      Kind: x.kind,
      Name: x.name,
      LevelName: x.levelName,
      Amount: x.amount,
      RecipientName: x.recipientName,
    })),
  },
});

export const orderDocument = (record: OrderRecord, publicUrl: string): OrderDocument => ({
  orderId: record.id,
  orderName: record.name,
  createdAt: record.createdAt,
  buyer: {
    firstName: record.contact.firstName ?? '',
    lastName: record.contact.lastName ?? '',
    email: record.contact.email ?? '',
  },
  currency: record.currency,
  currencyLocale: record.currencyLocale,
  total: record.totals.Total,
  deliveryMethod: record.deliveryMethod ?? { name: 'Box office collection', type: 'PointOfSale' },
  payment: {
    type: record.payment?.type ?? 'None',
    cardBrand: record.payment?.cardBrand ?? null,
    last4: record.payment?.last4 ?? null,
  },
  extras: record.extras ?? [],
  events: record.events.map((e) => ({
    eventId: e.eventId,
    name: e.name,
    localDate: localDateTime(e.startsAt, e.venueTimeZone),
    venueName: e.venueName,
    venueTimeZone: e.venueTimeZone,
  })),
  tickets: record.tickets.map((t) => ({
    ticketId: t.id,
    eventId: t.eventId,
    key: t.key,
    section: t.sectionName,
    row: t.row,
    seat: t.seatNumber,
    isGa: t.isGa,
    priceTypeName: t.priceTypeName,
    priceLevelName: t.priceLevelName,
    amount: t.price + t.feeTotal,
    barcode: t.barcode,
  })),
  confirmationUrl: `${publicUrl.replace(/\/+$/, '')}/checkout/confirmation/${record.id}`,
  ...(record.webTicketsToken
    ? { webTicketsUrl: `${publicUrl.replace(/\/+$/, '')}/tickets/bundle/${record.webTicketsToken}` }
    : {}),
});
