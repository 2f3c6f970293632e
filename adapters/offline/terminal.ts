import { randomBytes } from 'node:crypto';
import { Effect } from 'effect';
import {
  CANCELLABLE_STATUSES,
  cannotCancel,
  isCancellable,
  terminalFailed,
  TERMINAL_MESSAGES,
  type CardTerminalsShape,
  type SimulatedCard,
  type TerminalFailed,
  type TerminalIntent,
  type TerminalIntentStatus,
  type TerminalReader,
} from '../../core/payments/card-terminal.ts';

// The offline processor's card terminal (no STRIPE_SECRET_KEY, the default `npm start`): simulated
// readers at the box office that take a card when the clerk presses the demo's "customer taps a
// card" button (POST /api/admin/stripeterminal/simulate). Intents move as Stripe's do:
// requires_payment_method -> requires_capture after a good card (a declined card leaves it in
// requires_payment_method with its failure, and frees the reader) -> succeeded on capture, or
// canceled. Kept in PostgreSQL (adapters/postgres/payments/terminal-store.ts).

export interface StoredReader extends TerminalReader {
  /** The intent the reader waits on for a card, while it does. */
  readonly currentIntentId: string | null;
}

export interface StoredIntent extends TerminalIntent {
  readonly idempotencyKey: string;
}

export interface NewTerminalIntent {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly amount: number;
  readonly currency: string;
  readonly description: string;
  readonly metadata: Readonly<Record<string, string>>;
}

export interface TerminalStore {
  /** The locations by name, first made first; with Stripe, the one with a Stripe id is configured. */
  readonly locations: () => Promise<
    readonly { readonly name: string; readonly stripeLocationId: string | null }[]
  >;
  readonly readers: (location: string) => Promise<readonly StoredReader[]>;
  readonly reader: (id: string) => Promise<StoredReader | null>;
  /**
   * The intent under its key if one was made (whatever `reader` says), else a new intent handed to
   * the reader (`readerId`, or the first free online reader of `location`): 'busy' when none is free.
   */
  readonly start: (
    intent: NewTerminalIntent,
    reader: { readonly readerId: string | null; readonly location: string },
  ) => Promise<StoredIntent | 'busy'>;
  readonly intent: (id: string) => Promise<StoredIntent | null>;
  /**
   * The card read on the intent's reader, if the intent is still the reader's in
   * requires_payment_method: requires_capture with the card, or its failure; the reader is free after.
   */
  readonly present: (
    id: string,
    outcome:
      | { readonly card: NonNullable<TerminalIntent['card']> }
      | { readonly failure: NonNullable<TerminalIntent['failure']> },
  ) => Promise<StoredIntent | null>;
  /** Moves the intent to `to` if its status is one of `from`, freeing its reader; null when it was not. */
  readonly transition: (
    id: string,
    from: readonly TerminalIntentStatus[],
    to: TerminalIntentStatus,
  ) => Promise<StoredIntent | null>;
}

/** The test cards: what each does when tapped on the simulated reader. */
const CARDS: Record<
  SimulatedCard,
  | { readonly card: NonNullable<TerminalIntent['card']> }
  | { readonly failure: NonNullable<TerminalIntent['failure']> }
> = {
  success: { card: { brand: 'Visa', bin: '424242', last4: '4242' } },
  decline: { failure: { code: 'card_declined', message: 'Your card was declined.' } },
  insufficient_funds: {
    failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

const publicIntent = ({ idempotencyKey: _key, ...intent }: StoredIntent): TerminalIntent => intent;
const publicReader = ({ currentIntentId: _current, ...reader }: StoredReader): TerminalReader => reader;

export const makeOfflineTerminal = (store: TerminalStore): CardTerminalsShape => {
  const use = <A>(run: () => Promise<A>) =>
    Effect.tryPromise({ try: run, catch: () => terminalFailed('Unavailable') });

  const locationOf = (asked: string | null): Effect.Effect<string, TerminalFailed> =>
    use(store.locations).pipe(
      Effect.flatMap((locations) => {
        if (locations.length === 0) return Effect.fail(terminalFailed('NoTerminalConfigured'));
        if (!asked) return Effect.succeed(locations[0]!.name);
        return locations.some((l) => l.name === asked)
          ? Effect.succeed(asked)
          : Effect.fail(terminalFailed('TerminalNotFound'));
      }),
    );

  const mustFind = (intentId: string) =>
    use(() => store.intent(intentId)).pipe(
      Effect.flatMap((intent) => (intent ? Effect.succeed(intent) : Effect.fail(terminalFailed('NotFound')))),
    );

  return {
    connectionToken: () => locationOf(null).pipe(Effect.map(() => id('pst_offline'))),

    readers: (asked) =>
      locationOf(asked).pipe(
        Effect.flatMap((location) => use(() => store.readers(location))),
        Effect.map((readers) => readers.map(publicReader)),
      ),

    start: (request) =>
      Effect.gen(function* () {
        const location = yield* locationOf(request.location);
        if (request.readerId && !(yield* use(() => store.reader(request.readerId!))))
          return yield* Effect.fail(terminalFailed('TerminalNotFound'));
        const started = yield* use(() =>
          store.start(
            {
              id: id('offline_pi'),
              idempotencyKey: request.idempotencyKey,
              amount: request.amount,
              currency: request.currency.toUpperCase(),
              description: request.description,
              metadata: request.metadata,
            },
            { readerId: request.readerId, location },
          ),
        );
        if (started === 'busy') return yield* Effect.fail(terminalFailed('NoAvailableReaders'));
        // The key answers its first intent only when asked the same (as Stripe's idempotency does).
        if (started.amount !== request.amount || started.currency !== request.currency.toUpperCase())
          return yield* Effect.fail(terminalFailed('Unknown', TERMINAL_MESSAGES.KeyReused));
        return publicIntent(started);
      }),

    intent: (intentId) =>
      use(() => store.intent(intentId)).pipe(Effect.map((i) => (i ? publicIntent(i) : null))),

    cancel: (intentId) =>
      Effect.gen(function* () {
        const intent = yield* mustFind(intentId);
        if (!isCancellable(intent.status)) return yield* Effect.fail(cannotCancel(intent.status));
        const canceled = yield* use(() => store.transition(intentId, CANCELLABLE_STATUSES, 'canceled'));
        if (canceled) return publicIntent(canceled);
        // It moved meanwhile (a card was tapped, or another clerk cancelled): say what it is now.
        const now = yield* mustFind(intentId);
        return yield* Effect.fail(cannotCancel(now.status));
      }),

    capture: (intentId) =>
      Effect.gen(function* () {
        const intent = yield* mustFind(intentId);
        if (intent.status === 'succeeded') return publicIntent(intent);
        const captured = yield* use(() => store.transition(intentId, ['requires_capture'], 'succeeded'));
        if (captured) return publicIntent(captured);
        const now = yield* mustFind(intentId);
        if (now.status === 'succeeded') return publicIntent(now);
        return yield* Effect.fail(terminalFailed('NotCapturable'));
      }),

    configuration: () =>
      use(store.locations).pipe(
        Effect.map((locations) => ({
          configured: locations.length > 0,
          location: locations[0]?.name ?? null,
        })),
      ),

    simulate: (intentId, card) =>
      Effect.gen(function* () {
        yield* mustFind(intentId);
        const presented = yield* use(() => store.present(intentId, CARDS[card]));
        if (presented) return publicIntent(presented);
        // Not waiting on a reader (finished, cancelled, declined, or the reader timed out), as
        // Stripe's test helper refuses a reader with no action in progress.
        return yield* Effect.fail(terminalFailed('TerminalNotDefined'));
      }),
  };
};
