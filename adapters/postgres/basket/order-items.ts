import type { Knex } from 'knex';
import type { OrderTicketLine } from '../../../core/basket/staff/ports.ts';

// An order's active tickets as basket items (GET /api/admin/baskets/basketItemsFromOrder/{id}):
// for re-selling and exchanges. A package seat shows its package price and fee, as the basket did.

export const orderTickets = async (db: Knex, orderId: number): Promise<OrderTicketLine[] | null> => {
  const order = await db('orders').where({ id: orderId }).first('id');
  if (!order) return null;
  const rows: {
    event_id: number;
    key: string;
    section_name: string | null;
    row: string | null;
    seat_number: string | null;
    price_type_id: number;
    price_type_name: string;
    price: number;
    fee_total: number;
    package_price: number | null;
    package_fee_total: number | null;
    is_ga: boolean;
  }[] = await db('order_tickets').where({ order_id: orderId, status: 'Active' }).orderBy('id');
  return rows.map((r) => ({
    eventId: r.event_id,
    key: r.key,
    sectionName: r.section_name,
    row: r.row,
    seatNumber: r.seat_number,
    priceTypeId: r.price_type_id,
    priceTypeName: r.price_type_name,
    price: r.package_price ?? r.price,
    feeTotal: r.package_fee_total ?? r.fee_total,
    isGa: r.is_ga,
  }));
};
