import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { HouseSeatRequest } from '../../../core/group-sales/house-seat-request.ts';
import { HouseSeatRequests, type NewHouseSeatRequest } from '../../../core/group-sales/ports.ts';

// House-seat requests (migrations/20261214000200_group_sales.ts). Their seats are held by the
// request's basket (basket_id), never by a write of seat status here: the basket machinery
// (adapters/postgres/inventory/seat-status/) holds and releases them.

interface Row {
  id: number;
  event_id: number;
  payment_code: string;
  customer_name: string;
  customer_email: string;
  seat_keys: string[];
  payment_required: boolean;
  status: HouseSeatRequest['status'];
  basket_id: string | null;
  created_at: Date;
}

const requestOf = (row: Row): HouseSeatRequest => ({
  id: row.id,
  eventId: row.event_id,
  paymentCode: row.payment_code,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  seatKeys: row.seat_keys,
  paymentRequired: row.payment_required,
  status: row.status,
  basketId: row.basket_id,
  createdAt: row.created_at,
});

export const makeHouseSeatRequestsPostgres = (db: Knex) => ({
  create: async (request: NewHouseSeatRequest): Promise<HouseSeatRequest> => {
    const [row] = await db('house_seat_requests')
      .insert({
        event_id: request.eventId,
        payment_code: request.paymentCode,
        customer_name: request.customerName,
        customer_email: request.customerEmail,
        seat_keys: [...request.seatKeys],
        payment_required: request.paymentRequired,
        basket_id: request.basketId,
        created_by: request.createdBy,
      })
      .returning('*');
    return requestOf(row as Row);
  },
  find: async (id: number): Promise<HouseSeatRequest | null> => {
    const row = await db<Row>('house_seat_requests').where({ id }).first();
    return row ? requestOf(row) : null;
  },
  byCode: async (code: string, eventTemplateId: number | null): Promise<HouseSeatRequest | null> => {
    const query = db<Row>('house_seat_requests as h').where('h.payment_code', code).select('h.*');
    if (eventTemplateId !== null)
      void query.join('events as e', 'e.id', 'h.event_id').where('e.event_template_id', eventTemplateId);
    const row = await query.first();
    return row ? requestOf(row) : null;
  },
  close: async (id: number, status: 'redeemed' | 'cancelled'): Promise<boolean> =>
    (await db('house_seat_requests').where({ id, status: 'open' }).update({ status })) > 0,
});

export const HouseSeatRequestsPostgres = (db: Knex) => {
  const store = makeHouseSeatRequestsPostgres(db);
  return Layer.succeed(HouseSeatRequests, {
    create: (request) => Effect.promise(() => store.create(request)),
    find: (id) => Effect.promise(() => store.find(id)),
    byCode: (code, template) => Effect.promise(() => store.byCode(code, template)),
    close: (id, status) => Effect.promise(() => store.close(id, status)),
  });
};
