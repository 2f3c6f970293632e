import { Context, Data, type Effect } from 'effect';
import type { CardFacts } from './ports.ts';

// The card terminal port: a card reader at a box-office counter, driven by the server (Stripe
// Terminal's server-driven integration, or the offline processor's simulated reader for the demo
// and tests). The counter's flow: precheck the basket, start an intent on the counter's reader
// (the customer taps or inserts the card), poll the intent every second until it can be captured,
// then the counter's checkout with its PaymentIntentId, which captures it and saves the order in
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

/** The error catalogue's words for the terminal, shown to the clerk as they are. */
export const TERMINAL_MESSAGES = {
  NoTerminalConfigured: 'No Terminal configured',
  TerminalNotFound: 'The active configured stripe terminal was not found in Stripe',
  NoReaders: 'Failed to discover any stripe terminals',
  NoAvailableReaders: 'No available stripe terminals.',
  Cancelled: 'Transaction successfully cancelled.',
  TerminalNotDefined: 'Terminal is not defined.',
  Unknown: 'Unknown error. The card has not been charged.',
  PrecheckFailed: 'Unknown error pre-validating transaction',
  NotFound: 'No such payment intent.',
  KeyReused: 'This payment was already started for another amount; start a new one.',
} as const;

export const isCancellable = (status: TerminalIntentStatus): boolean => CANCELLABLE_STATUSES.includes(status);

/** The refusal of a cancel in `status` (the catalogue's 'Cannot cancel a payment with a status of: ...'). */
export const cannotCancelMessage = (status: string): string =>
  `Cannot cancel a payment with a status of: ${status}`;

/** What went wrong talking to the terminal; `message` is the catalogue's text to show the clerk. */
export class TerminalFailed extends Data.TaggedError('TerminalFailed')<{
  readonly code:
    /** No terminal location is configured for the processor. */
    | 'NoTerminalConfigured'
    /** The configured location, or the reader asked for, is unknown to the processor. */
    | 'TerminalNotFound'
    /** The readers could not be listed (the processor did not answer or refused). */
    | 'NoReaders'
    /** No reader of the location is online and free (or the one asked for is not). */
    | 'NoAvailableReaders'
    | 'CannotCancel'
    /** The intent is not waiting on a reader (a card cannot be presented to it). */
    | 'TerminalNotDefined'
    /** No intent has that id. */
    | 'NotFound'
    /** Capture of an intent that is not in requires_capture (nothing was charged). */
    | 'NotCapturable'
    /** The simulated reader's card: test mode only. */
    | 'NotTestMode'
    | 'Unavailable'
    | 'Unknown';
  readonly message: string;
}> {}

/** A failure with the catalogue's words for its code. */
export const terminalFailed = (
  code: Exclude<TerminalFailed['code'], 'CannotCancel'>,
  message?: string,
): TerminalFailed =>
  new TerminalFailed({
    code,
    message:
      message ??
      (code === 'NotCapturable' || code === 'Unavailable'
        ? TERMINAL_MESSAGES.Unknown
        : code === 'NotTestMode'
          ? 'The simulated card reader is for test mode only.'
          : TERMINAL_MESSAGES[code]),
  });

/** The cancel's refusal for an intent in `status`. */
export const cannotCancel = (status: string): TerminalFailed =>
  new TerminalFailed({ code: 'CannotCancel', message: cannotCancelMessage(status) });

/** The simulated reader's cards: 4242424242424242, 4000000000000002, 4000000000009995. */
export type SimulatedCard = 'success' | 'decline' | 'insufficient_funds';

export interface CardTerminalsShape {
  /** For a browser SDK that connects to readers itself (the staff screens ask for a connection token). */
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
  /** Whether a terminal location is configured, and its name (the counter's checkout settings). */
  readonly configuration: () => Effect.Effect<
    { readonly configured: boolean; readonly location: string | null },
    TerminalFailed
  >;
  /**
   * The customer taps a test card on the intent's reader (test mode only: the offline processor,
   * or Stripe's simulated readers with a test key; else NotTestMode). The intent as it is after.
   */
  readonly simulate: (intentId: string, card: SimulatedCard) => Effect.Effect<TerminalIntent, TerminalFailed>;
}

export class CardTerminals extends Context.Service<CardTerminals, CardTerminalsShape>()(
  'foyer/payments/CardTerminals',
) {}
