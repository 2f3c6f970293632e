import { Context, type Effect } from 'effect';
import type { TicketFacts } from './scan-rules.ts';

// What check-in at the door needs from the world.

/** The event a door scans for. */
export interface DoorEvent {
  readonly id: number;
  readonly name: string;
  readonly startsAt: Date;
  readonly timeZone: string;
}

/** What the door shows about a ticket besides the verdict. */
export interface ScannedTicket extends TicketFacts {
  /** The ticket's event's venue zone (its date as the customer reads it). */
  readonly eventTimeZone: string;
  /** Section, row and seat, or the GA area, as printed on the ticket. */
  readonly seat: string;
  readonly priceType: string;
  readonly orderId: number;
  readonly orderName: string;
  readonly customerName: string | null;
}

export type ScanResult = 'admitted' | 'alreadyScanned' | 'wrongEvent' | 'cancelled' | 'unknown';

export interface ScanRecord {
  readonly eventId: number;
  readonly ticketId: number | null;
  readonly scannedText: string;
  readonly door: string;
  readonly staffUserId: number | null;
  readonly staffName: string;
  readonly result: ScanResult;
  readonly at: Date;
}

/**
 * The admission's outcome: the first scan wins (`admitted`); a later one learns when and where
 * it was (`earlier`); `notActive`: the ticket was cancelled between the read and the admission.
 */
export type Admission =
  | { readonly outcome: 'admitted' }
  | { readonly outcome: 'earlier'; readonly at: Date; readonly door: string }
  | { readonly outcome: 'notActive' };

export class CheckIns extends Context.Service<
  CheckIns,
  {
    readonly event: (eventId: number) => Effect.Effect<DoorEvent | null>;
    readonly ticket: (barcode: string) => Effect.Effect<ScannedTicket | null>;
    /** Admits an Active, not yet admitted ticket, once whatever other door scans it at the same time. */
    readonly admit: (ticketId: number, door: string, at: Date) => Effect.Effect<Admission>;
    readonly record: (scan: ScanRecord) => Effect.Effect<void>;
    /** Active tickets of the event, and how many of them are admitted. */
    readonly counts: (eventId: number) => Effect.Effect<{ readonly sold: number; readonly admitted: number }>;
  }
>()('foyer/checkin/CheckIns') {}
