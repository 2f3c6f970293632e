import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import {
  CheckIns,
  type Admission,
  type DoorEvent,
  type ScanRecord,
  type ScannedTicket,
} from '../../../core/checkin/ports.ts';
import type { TicketStatus } from '../../../core/checkin/scan-rules.ts';

// Check-in's reads and writes (migrations/20261212000100_ticket_scans.ts). The admission is one
// conditional update: under READ COMMITTED a second door's update waits for the first's row
// lock, then reads the row again, finds admitted_at set and changes nothing (the race test in
// check-ins.test.ts holds it to that).

interface TicketRow {
  id: number;
  event_id: number;
  event_name: string;
  starts_at: Date;
  time_zone: string;
  event_status: string;
  status: TicketStatus;
  order_status: string;
  admitted_at: Date | null;
  admitted_door: string | null;
  is_ga: boolean;
  key: string;
  section_name: string | null;
  row: string | null;
  seat_number: string | null;
  price_type_name: string;
  order_id: number;
  order_name: string;
  first_name: string | null;
  last_name: string | null;
}

/** 'Section Stalls, Row C, Seat 12', or 'General admission: Standing' (as on the ticket). */
const seatText = (t: TicketRow): string => {
  if (t.is_ga) return `General admission: ${t.section_name ?? t.key}`;
  const parts = [
    t.section_name ? `Section ${t.section_name}` : null,
    t.row ? `Row ${t.row}` : null,
    t.seat_number ? `Seat ${t.seat_number}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : t.key;
};

const EVENT_SQL = `select e.id, e.name, e.starts_at, v.time_zone
    from events e
    join venue_configurations vc on vc.id = e.venue_configuration_id
    join venues v on v.id = vc.venue_id`;

export const readDoorEvent = async (db: Knex, eventId: number): Promise<DoorEvent | null> => {
  const { rows } = await db.raw<{ rows: { id: number; name: string; starts_at: Date; time_zone: string }[] }>(
    `${EVENT_SQL} where e.id = ?`,
    [eventId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, startsAt: row.starts_at, timeZone: row.time_zone } : null;
};

export const readScannedTicket = async (db: Knex, barcode: string): Promise<ScannedTicket | null> => {
  const { rows } = await db.raw<{ rows: TicketRow[] }>(
    `select t.id, t.event_id, e.name as event_name, e.starts_at, v.time_zone, e.status as event_status,
            t.status, o.status as order_status, t.admitted_at, t.admitted_door, t.is_ga, t.key,
            t.section_name, t.row, t.seat_number, t.price_type_name, o.id as order_id,
            o.name as order_name, o.first_name, o.last_name
       from order_tickets t
       join orders o on o.id = t.order_id
       join events e on e.id = t.event_id
       join venue_configurations vc on vc.id = e.venue_configuration_id
       join venues v on v.id = vc.venue_id
      -- Printed barcodes are base32 upper case; a code typed by hand may come in lower case.
      where t.barcode = any(array[?, upper(?)])`,
    [barcode, barcode],
  );
  const t = rows[0];
  if (!t) return null;
  const customerName = [t.first_name, t.last_name].filter((p) => p && p.trim() !== '').join(' ');
  return {
    ticketId: t.id,
    eventId: t.event_id,
    eventName: t.event_name,
    eventStartsAt: t.starts_at,
    eventTimeZone: t.time_zone,
    eventCancelled: t.event_status === 'Cancelled',
    status: t.status,
    orderCancelled: t.order_status === 'Cancelled',
    admittedAt: t.admitted_at,
    admittedDoor: t.admitted_door,
    seat: seatText(t),
    priceType: t.price_type_name,
    orderId: t.order_id,
    orderName: t.order_name,
    customerName: customerName === '' ? null : customerName,
  };
};

export const admitTicket = async (db: Knex, ticketId: number, door: string, at: Date): Promise<Admission> => {
  const won = await db('order_tickets')
    .where({ id: ticketId, status: 'Active' })
    .whereNull('admitted_at')
    .update({ admitted_at: at, admitted_door: door });
  if (won === 1) return { outcome: 'admitted' };
  const row: { admitted_at: Date | null; admitted_door: string | null } | undefined = await db(
    'order_tickets',
  )
    .where({ id: ticketId })
    .first('admitted_at', 'admitted_door');
  // Not updated and not admitted: cancelled between the read and the update.
  return row?.admitted_at
    ? { outcome: 'earlier', at: row.admitted_at, door: row.admitted_door ?? '' }
    : { outcome: 'notActive' };
};

export const recordScan = async (db: Knex, scan: ScanRecord): Promise<void> => {
  await db('ticket_scans').insert({
    event_id: scan.eventId,
    order_ticket_id: scan.ticketId,
    scanned_text: scan.scannedText,
    door: scan.door,
    staff_user_id: scan.staffUserId,
    staff_name: scan.staffName,
    result: scan.result,
    at: scan.at,
  });
};

export const countDoor = async (db: Knex, eventId: number) => {
  const { rows } = await db.raw<{ rows: { sold: number; admitted: number }[] }>(
    `select count(*)::int as sold, count(*) filter (where t.admitted_at is not null)::int as admitted
       from order_tickets t join orders o on o.id = t.order_id
      where t.event_id = ? and t.status = 'Active' and o.status <> 'Cancelled'`,
    [eventId],
  );
  return rows[0] ?? { sold: 0, admitted: 0 };
};

export const CheckInsPostgres = (db: Knex) =>
  Layer.succeed(CheckIns, {
    event: (eventId) => Effect.promise(() => readDoorEvent(db, eventId)),
    ticket: (barcode) => Effect.promise(() => readScannedTicket(db, barcode)),
    admit: (ticketId, door, at) => Effect.promise(() => admitTicket(db, ticketId, door, at)),
    record: (scan) => Effect.promise(() => recordScan(db, scan)),
    counts: (eventId) => Effect.promise(() => countDoor(db, eventId)),
  });
