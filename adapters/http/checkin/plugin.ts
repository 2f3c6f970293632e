import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { Cause, Exit, type Effect } from 'effect';
import { doorSummary, scanTicket, type ScanAnswer } from '../../../core/checkin/scan-ticket.ts';
import type { AppRuntime, AppServices } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import {
  CheckInEventParams,
  CheckInSummary,
  ScanAnswer as ScanAnswerBody,
  ScanRequest,
} from '../contract/checkin.ts';
import { defineRoute } from '../route.ts';

// Check-in at the door (web/src/features/checkin/): each scan answers what the door should say
// and is recorded; the admission is taken once (core/checkin/scan-ticket.ts).

const tags = ['admin', 'checkin'];

/** Runs the program; its two refusals become 404 and 400, anything else is a fault. */
const answer = async <A>(
  runtime: AppRuntime,
  program: Effect.Effect<A, { readonly _tag: 'DoorEventNotFound' | 'DoorNameInvalid' }, AppServices>,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(program);
  if (Exit.isSuccess(exit)) return exit.value;
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === 'Some')
    throw failure.value._tag === 'DoorEventNotFound'
      ? Boom.notFound('This event was not found.')
      : Boom.badRequest('Door: must be 1 to 60 characters.');
  throw Cause.squash(exit.cause);
};

const scanBody = (scan: ScanAnswer): ScanAnswerBody => ({
  Result: scan.result,
  Ticket: scan.ticket && {
    TicketId: scan.ticket.ticketId,
    EventId: scan.ticket.eventId,
    EventName: scan.ticket.eventName,
    EventStartsAt: scan.ticket.eventStartsAt.toISOString(),
    EventTimeZone: scan.ticket.eventTimeZone,
    Seat: scan.ticket.seat,
    PriceType: scan.ticket.priceType,
    Status: scan.ticket.status,
    OrderId: scan.ticket.orderId,
    OrderName: scan.ticket.orderName,
    CustomerName: scan.ticket.customerName,
  },
  CancelledBecause: scan.cancelledBecause,
  AdmittedAt: scan.admittedAt?.toISOString() ?? null,
  AdmittedDoor: scan.admittedDoor,
});

export const checkInPlugin: Plugin<{ readonly runtime: AppRuntime }> = {
  name: 'foyer-checkin',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/checkin/scan',
        summary:
          'A ticket scanned at a door for EventId: Result admitted (let in, once, whichever door scans it at the same time), alreadyScanned (AdmittedAt, AdmittedDoor: when and where it went in), wrongEvent (Ticket says which event and date), cancelled (CancelledBecause ticket, order or event) or unknown (no ticket has the barcode). Every scan is recorded with the door and the staff member',
        tags,
        permission: 'checkIn',
        payload: ScanRequest,
        response: ScanAnswerBody,
        handler: async ({ payload, request }) => {
          const staff = await staffOf(request);
          // The route's permission let only staff in.
          if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
          const scan = await answer(
            runtime,
            scanTicket({
              eventId: payload.EventId,
              scanned: payload.Barcode,
              door: payload.Door,
              staffUserId: staff.staffUserId,
              staffName: staff.name,
              now: new Date(),
            }),
          );
          return scanBody(scan);
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/checkin/{eventId}/summary',
        summary:
          "The door's count for an event: tickets sold (Active, in an order not cancelled) and how many are admitted",
        tags,
        permission: 'checkIn',
        params: CheckInEventParams,
        response: CheckInSummary,
        handler: async ({ params }) => {
          const summary = await answer(runtime, doorSummary(params.eventId));
          return {
            EventId: summary.event.id,
            EventName: summary.event.name,
            EventStartsAt: summary.event.startsAt.toISOString(),
            EventTimeZone: summary.event.timeZone,
            Sold: summary.sold,
            Admitted: summary.admitted,
          };
        },
      }),
    ]);
  },
};
