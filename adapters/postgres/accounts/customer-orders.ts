import type { Knex } from 'knex';
import type { AccountOrder } from '../../../core/accounts/profile.ts';
import { joinVenue } from '../sql/event-venue-join.ts';

// A customer's orders with their tickets, newest first, for the account's orders list and the
// data download: two queries whatever the number of orders.
export const customerOrders = async (db: Knex, customerId: number): Promise<AccountOrder[]> => {
  const orders = await db('orders')
    .where({ customer_id: customerId })
    .orderBy('id', 'desc')
    .select(
      'id',
      'name',
      'status',
      'created_at',
      'total',
      'currency',
      'delivery_method_name',
      'delivery_method_type',
    );
  if (orders.length === 0) return [];
  const tickets = await joinVenue(db('order_tickets as t').join('events as e', 'e.id', 't.event_id'))
    .whereIn(
      't.order_id',
      orders.map((o) => o.id),
    )
    .orderBy(['t.order_id', 'e.starts_at', 't.id'])
    .select(
      't.order_id',
      'e.name as event_name',
      'v.display_name as venue_name',
      'e.starts_at',
      'v.time_zone',
      't.section_name',
      't.row',
      't.seat_number',
      't.is_ga',
      't.price_type_name',
      't.price',
    );
  return orders.map((o) => ({
    id: o.id,
    name: o.name,
    status: o.status,
    orderDate: o.created_at,
    total: o.total,
    currency: o.currency,
    deliveryMethod: o.delivery_method_name
      ? { name: o.delivery_method_name, type: o.delivery_method_type ?? '' }
      : null,
    // Foyer sends tickets at once; bundles held back until a date would set this.
    deliveryDate: null,
    items: tickets
      .filter((t) => t.order_id === o.id)
      .map((t) => ({
        eventName: t.event_name,
        venueName: t.venue_name,
        eventDate: t.starts_at,
        timeZone: t.time_zone,
        seat: t.is_ga
          ? (t.section_name ?? null)
          : [t.section_name, t.row && `Row ${t.row}`, t.seat_number && `Seat ${t.seat_number}`]
              .filter(Boolean)
              .join(', '),
        priceType: t.price_type_name,
        price: t.price,
      })),
  }));
};
