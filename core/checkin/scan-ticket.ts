import { Data, Effect } from 'effect';
import { CheckIns, type ScanResult, type ScannedTicket } from './ports.ts';
import { doorName, normaliseBarcode, verdictOf, type CancelledBecause } from './scan-rules.ts';

// A ticket an usher scans at a door: the verdict from its facts
// (scan-rules.ts), the admission taken once when it lets the person in, and every scan recorded
// whatever it answered.

/** No event with this id: the door is set up for an event that is not there. */
export class DoorEventNotFound extends Data.TaggedError('DoorEventNotFound')<{ readonly eventId: number }> {}

/** The door's name is empty or longer than 60 characters; nothing was recorded. */
export class DoorNameInvalid extends Data.TaggedError('DoorNameInvalid')<{ readonly door: string }> {}

export interface ScanTicket {
  readonly eventId: number;
  readonly scanned: string;
  readonly door: string;
  readonly staffUserId: number | null;
  readonly staffName: string;
  readonly now: Date;
}

export interface ScanAnswer {
  readonly result: ScanResult;
  /** null when the barcode is unknown. */
  readonly ticket: ScannedTicket | null;
  readonly cancelledBecause: CancelledBecause | null;
  /** When and where the ticket went in (this scan's, or the earlier one's). */
  readonly admittedAt: Date | null;
  readonly admittedDoor: string | null;
}

export const scanTicket = (cmd: ScanTicket) =>
  Effect.gen(function* () {
    const door = doorName(cmd.door);
    if (door === null) return yield* Effect.fail(new DoorNameInvalid({ door: cmd.door }));
    const checkIns = yield* CheckIns;
    if (!(yield* checkIns.event(cmd.eventId)))
      return yield* Effect.fail(new DoorEventNotFound({ eventId: cmd.eventId }));
    const barcode = normaliseBarcode(cmd.scanned);
    const ticket = barcode === '' ? null : yield* checkIns.ticket(barcode);
    const verdict = verdictOf(cmd.eventId, ticket);

    let answer: ScanAnswer;
    if (verdict.result === 'admit') {
      // The verdict was read before the admission: another door may have won it since.
      const admission = yield* checkIns.admit(ticket!.ticketId, door, cmd.now);
      answer =
        admission.outcome === 'admitted'
          ? { result: 'admitted', ticket, cancelledBecause: null, admittedAt: cmd.now, admittedDoor: door }
          : admission.outcome === 'earlier'
            ? {
                result: 'alreadyScanned',
                ticket,
                cancelledBecause: null,
                admittedAt: admission.at,
                admittedDoor: admission.door,
              }
            : {
                result: 'cancelled',
                ticket,
                cancelledBecause: 'ticket',
                admittedAt: null,
                admittedDoor: null,
              };
    } else
      answer = {
        result: verdict.result,
        ticket,
        cancelledBecause: verdict.result === 'cancelled' ? verdict.because : null,
        admittedAt: verdict.result === 'alreadyScanned' ? verdict.at : null,
        admittedDoor: verdict.result === 'alreadyScanned' ? verdict.door : null,
      };

    yield* checkIns.record({
      eventId: cmd.eventId,
      ticketId: ticket?.ticketId ?? null,
      scannedText: cmd.scanned.slice(0, 200),
      door,
      staffUserId: cmd.staffUserId,
      staffName: cmd.staffName,
      result: answer.result,
      at: cmd.now,
    });
    return answer;
  });

/** The door's count: tickets sold (Active) for the event and how many went in. */
export const doorSummary = (eventId: number) =>
  Effect.gen(function* () {
    const checkIns = yield* CheckIns;
    const event = yield* checkIns.event(eventId);
    if (!event) return yield* Effect.fail(new DoorEventNotFound({ eventId }));
    const counts = yield* checkIns.counts(eventId);
    return { event, ...counts };
  });
