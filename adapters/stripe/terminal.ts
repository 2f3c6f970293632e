import { Effect, type Duration } from 'effect';
import type Stripe from 'stripe';
import {
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
import type { GatewayUnavailable } from '../../core/payments/ports.ts';
import { makeStripeCall, type StripeCall, type StripeRefused } from './call.ts';
import { brandName } from './intent-outcome.ts';

// The card terminal on Stripe Terminal, server-driven (core/payments/card-terminal.ts has the
// port): a card_present PaymentIntent with capture_method manual, created under the caller's
// idempotency key, handed to a reader of the configured location with process_payment_intent;
// the reader's id is kept in the intent's metadata (reader_id), so a retried start finds the
// reader it is on and a poll reads the reader's failure. The card is captured by the counter's
// checkout (capture), or the clerk cancels it (the reader's action first, then the intent).

const READER_METADATA = 'reader_id';
export const KEY_METADATA = 'idempotency_key';

/** The simulated reader's test cards (docs.stripe.com/terminal/references/testing). */
const TEST_CARD_NUMBERS: Record<SimulatedCard, string> = {
  success: '4242424242424242',
  decline: '4000000000000002',
  insufficient_funds: '4000000000009995',
};

export interface StripeTerminalOptions {
  /** The configured Terminal location's id (tml_...), null when none is configured. */
  readonly location: () => Promise<{ readonly id: string; readonly name: string } | null>;
  /** A test key: the simulated readers' test helper may present cards. */
  readonly testMode: boolean;
  /** First delay of the 429 retry (1000 ms); tests pass a few milliseconds. */
  readonly retryBase?: Duration.Input;
}

type Failure = StripeRefused | GatewayUnavailable;

const isRefused = (error: Failure): error is StripeRefused => error._tag === 'StripeRefused';
const codeOf = (error: Failure) => (isRefused(error) ? error.error.code : undefined);

/** A decline's code as the clerk reads it: the specific reason when Stripe gives one. */
export const failureCodeOf = (code: string | null | undefined, declineCode: string | null | undefined) =>
  declineCode && declineCode !== 'generic_decline' ? declineCode : (code ?? 'card_declined');

const readerOf = (reader: Stripe.Terminal.Reader): TerminalReader => ({
  id: reader.id,
  label: reader.label,
  location: typeof reader.location === 'string' ? reader.location : (reader.location?.id ?? ''),
  status: reader.status === 'online' ? 'online' : 'offline',
  busy: reader.action?.status === 'in_progress',
});

const actionIntentOf = (reader: Stripe.Terminal.Reader): string | null => {
  const pi = reader.action?.process_payment_intent?.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
};

const intentOf = (pi: Stripe.PaymentIntent, reader: Stripe.Terminal.Reader | null): TerminalIntent => {
  const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const present = charge?.status === 'succeeded' ? charge.payment_method_details?.card_present : null;
  const error = pi.last_payment_error;
  // A decline on the reader: the intent's last error, else the reader's failed action for it.
  const action = reader && actionIntentOf(reader) === pi.id ? reader.action : null;
  const failure =
    pi.status !== 'requires_payment_method'
      ? null
      : error
        ? { code: failureCodeOf(error.code, error.decline_code), message: error.message ?? '' }
        : action?.status === 'failed'
          ? { code: action.failure_code ?? 'card_declined', message: action.failure_message ?? '' }
          : null;
  return {
    id: pi.id,
    status: pi.status as TerminalIntentStatus,
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    readerId: pi.metadata[READER_METADATA] ?? (action ? reader!.id : null),
    card: present
      ? { brand: brandName(present.brand), last4: present.last4 ?? '', bin: present.iin ?? '' }
      : null,
    failure,
  };
};

export const makeStripeTerminal = (stripe: Stripe, options: StripeTerminalOptions): CardTerminalsShape => {
  const call: StripeCall = makeStripeCall(options.retryBase);
  const unknown = () => terminalFailed('Unknown');

  const configured = Effect.tryPromise({ try: options.location, catch: () => terminalFailed('Unavailable') });
  const locationOf = (asked: string | null) =>
    asked
      ? Effect.succeed(asked)
      : configured.pipe(
          Effect.flatMap((location) =>
            location ? Effect.succeed(location.id) : Effect.fail(terminalFailed('NoTerminalConfigured')),
          ),
        );

  const listReaders = (location: string) =>
    call('list terminal readers', () => stripe.terminal.readers.list({ location, limit: 100 })).pipe(
      Effect.map((page) => page.data),
      Effect.mapError((error) =>
        codeOf(error) === 'resource_missing'
          ? terminalFailed('TerminalNotFound')
          : terminalFailed('NoReaders'),
      ),
    );

  const retrieveReader = (id: string) =>
    call('retrieve terminal reader', () => stripe.terminal.readers.retrieve(id)).pipe(
      Effect.flatMap((reader) =>
        'deleted' in reader && reader.deleted
          ? Effect.fail(terminalFailed('TerminalNotFound'))
          : Effect.succeed(reader as Stripe.Terminal.Reader),
      ),
      Effect.mapError((error) =>
        '_tag' in error && error._tag === 'TerminalFailed'
          ? error
          : codeOf(error) === 'resource_missing'
            ? terminalFailed('TerminalNotFound')
            : terminalFailed('NoReaders'),
      ),
    );

  const retrieveIntent = (id: string) =>
    call('retrieve terminal intent', () =>
      stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
    ).pipe(
      Effect.map((pi): Stripe.PaymentIntent | null => pi),
      Effect.catch((error: Failure) =>
        codeOf(error) === 'resource_missing'
          ? Effect.succeed(null)
          : Effect.fail(terminalFailed('Unavailable')),
      ),
    );

  /** The intent's reader, when the intent waits on one or failed there (for the failure's words). */
  const readerFor = (pi: Stripe.PaymentIntent) => {
    const id = pi.metadata[READER_METADATA];
    return id && pi.status === 'requires_payment_method' && !pi.last_payment_error
      ? retrieveReader(id).pipe(Effect.catch(() => Effect.succeed(null)))
      : Effect.succeed(null);
  };

  const read = (id: string): Effect.Effect<TerminalIntent | null, TerminalFailed> =>
    Effect.gen(function* () {
      const pi = yield* retrieveIntent(id);
      if (!pi) return null;
      return intentOf(pi, yield* readerFor(pi));
    });

  const mustRead = (id: string) =>
    read(id).pipe(
      Effect.flatMap((intent) => (intent ? Effect.succeed(intent) : Effect.fail(terminalFailed('NotFound')))),
    );

  return {
    connectionToken: () =>
      Effect.gen(function* () {
        const location = yield* locationOf(null);
        const token = yield* call('create connection token', () =>
          stripe.terminal.connectionTokens.create({ location }),
        ).pipe(
          Effect.mapError((error) =>
            codeOf(error) === 'resource_missing' ? terminalFailed('TerminalNotFound') : unknown(),
          ),
        );
        return token.secret;
      }),

    readers: (asked) =>
      locationOf(asked).pipe(
        Effect.flatMap(listReaders),
        Effect.map((readers) => readers.map(readerOf)),
      ),

    start: (request) =>
      Effect.gen(function* () {
        const location = yield* locationOf(request.location);
        const readers = request.readerId
          ? [yield* retrieveReader(request.readerId)]
          : yield* listReaders(location);
        const free = readers.find((r) => r.status === 'online' && r.action?.status !== 'in_progress');
        // Nothing free and nothing busy (maybe with this very intent, on a retry): no intent is made.
        if (!free && !readers.some((r) => r.action?.status === 'in_progress'))
          return yield* Effect.fail(terminalFailed('NoAvailableReaders'));
        const created = yield* call('create terminal intent', () =>
          stripe.paymentIntents.create(
            {
              amount: request.amount,
              currency: request.currency.toLowerCase(),
              allowed_payment_method_types: ['card_present'],
              capture_method: 'manual',
              description: request.description,
              metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
              expand: ['latest_charge'],
            },
            { idempotencyKey: request.idempotencyKey },
          ),
        ).pipe(
          Effect.mapError((error) =>
            isRefused(error) && error.error.type === 'StripeIdempotencyError'
              ? terminalFailed('Unknown', TERMINAL_MESSAGES.KeyReused)
              : unknown(),
          ),
        );
        // A retry's answer is the first one, replayed: read the intent as it is now.
        const pi = (yield* retrieveIntent(created.id)) ?? created;
        // A retry: the intent is already on a reader, or past it.
        const on = readers.find((r) => actionIntentOf(r) === pi.id);
        if (pi.status !== 'requires_payment_method' || pi.metadata[READER_METADATA] || on)
          return intentOf(pi, on ?? null);
        if (!free) return yield* Effect.fail(terminalFailed('NoAvailableReaders'));
        const reader = yield* call('process terminal intent', () =>
          stripe.terminal.readers.processPaymentIntent(free.id, { payment_intent: pi.id }),
        ).pipe(
          Effect.mapError((error) =>
            codeOf(error) === 'terminal_reader_busy' || codeOf(error) === 'terminal_reader_offline'
              ? terminalFailed('NoAvailableReaders')
              : unknown(),
          ),
        );
        const updated = yield* call('note the intent reader', () =>
          stripe.paymentIntents.update(pi.id, {
            metadata: { [READER_METADATA]: reader.id },
            expand: ['latest_charge'],
          }),
        ).pipe(Effect.mapError(unknown));
        return intentOf(updated, reader);
      }),

    intent: read,

    cancel: (id) =>
      Effect.gen(function* () {
        const pi = yield* retrieveIntent(id);
        if (!pi) return yield* Effect.fail(terminalFailed('NotFound'));
        if (!isCancellable(pi.status as TerminalIntentStatus))
          return yield* Effect.fail(cannotCancel(pi.status));
        // Free the reader first if it still waits for this intent's card (best effort).
        const readerId = pi.metadata[READER_METADATA];
        if (readerId) {
          const reader = yield* retrieveReader(readerId).pipe(Effect.catch(() => Effect.succeed(null)));
          if (reader && reader.action?.status === 'in_progress' && actionIntentOf(reader) === pi.id)
            yield* call('cancel reader action', () => stripe.terminal.readers.cancelAction(readerId)).pipe(
              Effect.ignore,
            );
        }
        const canceled = yield* call('cancel terminal intent', () =>
          stripe.paymentIntents.cancel(id, { expand: ['latest_charge'] }),
        ).pipe(
          Effect.catch((error: Failure) => {
            const status = isRefused(error)
              ? (error.error.raw as { payment_intent?: { status?: string } } | undefined)?.payment_intent
                  ?.status
              : undefined;
            return Effect.fail(status ? cannotCancel(status) : unknown());
          }),
        );
        return intentOf(canceled, null);
      }),

    capture: (id) =>
      Effect.gen(function* () {
        const pi = yield* retrieveIntent(id);
        if (!pi) return yield* Effect.fail(terminalFailed('NotFound'));
        if (pi.status === 'succeeded') return intentOf(pi, null);
        if (pi.status !== 'requires_capture') return yield* Effect.fail(terminalFailed('NotCapturable'));
        // A capture moves money once whatever is sent twice: a second one is refused, then read.
        return yield* call('capture terminal intent', () =>
          stripe.paymentIntents.capture(id, { expand: ['latest_charge'] }),
        ).pipe(
          Effect.map((captured) => intentOf(captured, null)),
          Effect.catch(() =>
            mustRead(id).pipe(
              Effect.flatMap((now) =>
                now.status === 'succeeded'
                  ? Effect.succeed(now)
                  : Effect.fail(terminalFailed('NotCapturable')),
              ),
            ),
          ),
        );
      }),

    configuration: () =>
      configured.pipe(
        Effect.map((location) => ({ configured: location !== null, location: location?.name ?? null })),
      ),

    simulate: (id, card) =>
      Effect.gen(function* () {
        if (!options.testMode) return yield* Effect.fail(terminalFailed('NotTestMode'));
        const pi = yield* retrieveIntent(id);
        if (!pi) return yield* Effect.fail(terminalFailed('NotFound'));
        const readerId = pi.metadata[READER_METADATA];
        if (!readerId) return yield* Effect.fail(terminalFailed('TerminalNotDefined'));
        yield* call('present a test card', () =>
          stripe.testHelpers.terminal.readers.presentPaymentMethod(readerId, {
            type: 'card_present',
            card_present: { number: TEST_CARD_NUMBERS[card] },
          }),
        ).pipe(
          Effect.mapError((error) =>
            codeOf(error) === 'terminal_reader_action_unexpected_state'
              ? terminalFailed('TerminalNotDefined')
              : unknown(),
          ),
        );
        return yield* mustRead(id);
      }),
  };
};
