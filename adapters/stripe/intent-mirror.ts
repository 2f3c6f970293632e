// What Foyer keeps of Stripe's webhook deliveries, as a port: the event ids seen, and a mirror of
// each payment intent's latest state. The PostgreSQL implementation is
// adapters/postgres/payments/stripe-intent-mirror.ts (migrations/20261201000200_stripe.ts).

export type Recorded = 'applied' | 'stale' | 'duplicate' | 'ignored';

export interface DeliveredEvent {
  readonly id: string;
  readonly type: string;
  /** Stripe's `created`, seconds since the epoch. */
  readonly created: number;
}

/** An intent's state as one event reports it, with the order key that decides which is later. */
export interface IntentReport {
  readonly id: string;
  readonly status: string;
  readonly terminal: boolean;
  readonly statusRank: number;
  readonly eventCreated: number;
  readonly eventId: string;
  readonly amount: number;
  readonly amountReceived: number;
  readonly currency: string;
  readonly idempotencyKey: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly latestCharge: string | null;
  readonly lastErrorCode: string | null;
}

/** An intent as the mirror holds it now. */
export interface MirroredIntent {
  readonly id: string;
  readonly status: string;
  readonly amount: number;
  readonly amountReceived: number;
  readonly currency: string;
  readonly idempotencyKey: string | null;
  readonly metadata: Record<string, string>;
  readonly lastErrorCode: string | null;
  readonly updatedAt: Date;
}

export interface StripeIntentMirror {
  /**
   * One transaction: the event id is claimed ('duplicate' if it was seen before); without an
   * intent report, 'ignored'; else the intent's row moves forward only if this report is later
   * by the order key (terminal, created, rank, event id): 'applied', or 'stale'.
   */
  readonly record: (event: DeliveredEvent, intent: IntentReport | null) => Promise<Recorded>;
  /** The intent carrying this key; should several carry it, a succeeded one wins. */
  readonly byKey: (idempotencyKey: string) => Promise<MirroredIntent | null>;
  /** Intents succeeded at or after `since`, oldest first. */
  readonly succeededSince: (since: Date) => Promise<readonly MirroredIntent[]>;
}
