import { Context, Data, type Effect } from 'effect';
import type { CardFacts } from './ports.ts';

// The card terminal port: a card reader at a box-office counter, driven by the server (Stripe
// Terminal's server-driven integration, or the offline processor's simulated reader for the demo
// and tests). The counter's flow: precheck the basket, start an intent on the counter's reader
// (the customer taps or inserts the card), poll the intent every second until it can be captured,
// then POST /api/checkout/pos with its PaymentIntentId, which captures it and saves the order in
// one go. No card data ever passes through Foyer: the reader talks to the processor.

/** Stripe's PaymentIntent statuses, as the counter sees them. */
export type TerminalIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** The statuses in which the clerk may cancel the intent. */
export const CANCELLABLE_STATUSES: readonly TerminalIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];

export interface TerminalIntent {
  /** pi_... (Stripe) or offline_pi_... (the simulated reader). */
  readonly id: string;
  readonly status: TerminalIntentStatus;
  readonly amount: number;
  readonly currency: string;
  readonly readerId: string | null;
  /** Known once the card was read. */
  readonly card: CardFacts | null;
  /** The last decline or reader error, e.g. { code: 'card_declined', message: '...' }. */
  readonly failure: { readonly code: string; readonly message: string } | null;
}

export interface TerminalReader {
  readonly id: string;
  readonly label: string;
  readonly location: string;
  readonly status: 'online' | 'offline';
  /** The reader is busy with another intent. */
  readonly busy: boolean;
}

/** What went wrong talking to the terminal; `message` is the catalogue's text to show the clerk. */
export class TerminalFailed extends Data.TaggedError('TerminalFailed')<{
  readonly code:
    | 'NoTerminalConfigured'
    | 'TerminalNotFound'
    | 'NoReaders'
    | 'NoAvailableReaders'
    | 'CannotCancel'
    | 'Unavailable'
    | 'Unknown';
  readonly message: string;
}> {}

export class CardTerminals extends Context.Service<
  CardTerminals,
  {
    /** For a browser SDK that connects to readers itself (GET /api/admin/stripeterminal/connectiontoken). */
    readonly connectionToken: (paymentAccountId: number | null) => Effect.Effect<string, TerminalFailed>;
    readonly readers: (location: string | null) => Effect.Effect<readonly TerminalReader[], TerminalFailed>;
    /**
     * Creates an intent for `amount` and hands it to the reader (`readerId`, or the first free
     * reader of the location). `idempotencyKey` makes a retried call answer the same intent.
     */
    readonly start: (request: {
      readonly idempotencyKey: string;
      readonly amount: number;
      readonly currency: string;
      readonly readerId: string | null;
      readonly location: string | null;
      readonly description: string;
      readonly metadata: Readonly<Record<string, string>>;
    }) => Effect.Effect<TerminalIntent, TerminalFailed>;
    readonly intent: (intentId: string) => Effect.Effect<TerminalIntent | null, TerminalFailed>;
    readonly cancel: (intentId: string) => Effect.Effect<TerminalIntent, TerminalFailed>;
    /** Captures an intent in requires_capture; an intent already succeeded answers as it is. */
    readonly capture: (intentId: string) => Effect.Effect<TerminalIntent, TerminalFailed>;
  }
>()('foyer/payments/CardTerminals') {}
