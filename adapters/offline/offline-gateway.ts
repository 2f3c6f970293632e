import { randomBytes } from 'node:crypto';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import {
  GatewayUnavailable,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../core/payments/ports.ts';
import type { Behaviour } from './tokens.ts';

// The built-in offline test processor (the default card gateway when STRIPE_SECRET_KEY is unset).
// Its payments live in PostgreSQL, so its idempotency survives a crash or restart like a real
// processor's: a charge with a key it has seen answers the first outcome, never a second charge.
// It moves no real money.

interface PaymentRow {
  ref: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'requires_action' | 'declined' | 'canceled';
  decline_code: string | null;
  brand: string | null;
  bin: string | null;
  last4: string | null;
  refunded: number;
}

/** Stripe's words for each decline (the spec's CardDeclinedMessage comes from the gateway). */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

export const actionUrlOf = (ref: string) => `/offline/authenticate/${encodeURIComponent(ref)}`;

const cardOf = (row: PaymentRow) =>
  row.brand && row.bin && row.last4 ? { brand: row.brand, bin: row.bin, last4: row.last4 } : null;

const outcomeOf = (row: PaymentRow): ChargeOutcome => {
  switch (row.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        paymentRef: row.ref,
        amount: row.amount,
        card: cardOf(row),
        savedCard: null,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        paymentRef: row.ref,
        clientSecret: `${row.ref}_secret`,
        actionUrl: actionUrlOf(row.ref),
      };
    default: {
      const code = (row.decline_code ?? 'card_declined') as Extract<
        ChargeOutcome,
        { status: 'declined' }
      >['code'];
      return {
        status: 'declined',
        paymentRef: row.ref,
        code,
        message: DECLINE_MESSAGES[code] ?? DECLINE_MESSAGES.card_declined!,
      };
    }
  }
};

const stateOf = (row: PaymentRow | undefined): PaymentState | null => {
  if (!row) return null;
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentRef: row.ref, amount: row.amount, card: cardOf(row) };
    case 'requires_action':
      return { status: 'pending', paymentRef: row.ref };
    case 'declined':
      return { status: 'failed', paymentRef: row.ref };
    case 'canceled':
      return { status: 'canceled', paymentRef: row.ref };
  }
};

const STATUS_OF: Readonly<Record<Behaviour, { status: PaymentRow['status']; decline: string | null }>> = {
  succeed: { status: 'succeeded', decline: null },
  decline: { status: 'declined', decline: 'card_declined' },
  insufficient_funds: { status: 'declined', decline: 'insufficient_funds' },
  authenticate: { status: 'requires_action', decline: null },
};

export const makeOfflineGateway = (db: Knex): PaymentGatewayShape => {
  const attempt = <A>(work: () => Promise<A>): Effect.Effect<A, GatewayUnavailable> =>
    Effect.tryPromise({
      try: work,
      catch: (error) => new GatewayUnavailable({ gateway: 'Offline', detail: String(error) }),
    });

  const byKey = (key: string): Promise<PaymentRow | undefined> =>
    db('offline_payments').where({ idempotency_key: key }).first();

  const charge = async (request: ChargeRequest): Promise<ChargeOutcome> => {
    if (request.paymentRef) {
      // A resubmission after 3-D Secure: the payment the customer authenticated, as it is now.
      const row: PaymentRow | undefined = await db('offline_payments')
        .where({ ref: request.paymentRef })
        .first();
      if (!row || row.idempotency_key !== request.idempotencyKey)
        return {
          status: 'declined',
          paymentRef: null,
          code: 'processing_error',
          message: DECLINE_MESSAGES.processing_error!,
        };
      return outcomeOf(row);
    }
    const seen = await byKey(request.idempotencyKey);
    if (seen) return outcomeOf(seen);
    const token: { brand: string; bin: string; last4: string; behaviour: Behaviour } | undefined =
      request.token ? await db('offline_tokens').where({ token: request.token }).first() : undefined;
    // No card we know (or a saved card, which test mode does not keep): refused, nothing taken.
    const { status, decline } = token
      ? STATUS_OF[token.behaviour]
      : { status: 'declined' as const, decline: 'card_declined' };
    const ref = `offline_pay_${randomBytes(12).toString('hex')}`;
    const inserted: PaymentRow[] = await db('offline_payments')
      .insert({
        ref,
        idempotency_key: request.idempotencyKey,
        token: request.token,
        amount: request.amount,
        currency: request.currency,
        status,
        decline_code: decline,
        authentication: status === 'requires_action' ? 'pending' : null,
        brand: token?.brand ?? null,
        bin: token?.bin ?? null,
        last4: token?.last4 ?? null,
        return_url: request.returnUrl,
      })
      .onConflict('idempotency_key')
      .ignore()
      .returning('*');
    // A twin request with the same key got there first: its outcome is the answer.
    return outcomeOf(inserted[0] ?? (await byKey(request.idempotencyKey))!);
  };

  const refund = async (paymentRef: string, amount: number, key: string) =>
    db.transaction(async (trx) => {
      const done: { ref: string } | undefined = await trx('offline_refunds')
        .where({ idempotency_key: key })
        .first('ref');
      if (done) return { refundRef: done.ref };
      const moved = await trx('offline_payments')
        .where({ ref: paymentRef, status: 'succeeded' })
        .whereRaw('refunded + ? <= amount', [amount])
        .increment('refunded', amount)
        .returning('ref');
      if (moved.length === 0) throw new Error(`offline payment ${paymentRef} cannot be refunded ${amount}`);
      const refundRef = `offline_re_${randomBytes(12).toString('hex')}`;
      await trx('offline_refunds').insert({
        ref: refundRef,
        idempotency_key: key,
        payment_ref: paymentRef,
        amount,
      });
      return { refundRef };
    });

  return {
    name: 'Offline',
    charge: (request) => attempt(() => charge(request)),
    retrieve: (paymentRef) =>
      attempt(async () => stateOf(await db('offline_payments').where({ ref: paymentRef }).first())),
    findByKey: (key) => attempt(async () => stateOf(await byKey(key))),
    refund: (paymentRef, amount, key) => attempt(() => refund(paymentRef, amount, key)),
    savedCards: () => Effect.succeed([]),
    deleteSavedCard: () => Effect.void,
  };
};

/** The customer's answer on the authentication page (3-D Secure test cards). */
export const authenticateOfflinePayment = async (
  db: Knex,
  ref: string,
  answer: 'complete' | 'fail',
): Promise<{ status: PaymentRow['status']; returnUrl: string | null } | null> => {
  await db('offline_payments')
    .where({ ref, status: 'requires_action' })
    .update(
      answer === 'complete'
        ? { status: 'succeeded', authentication: 'completed' }
        : { status: 'declined', decline_code: 'authentication_failed', authentication: 'failed' },
    );
  const row: { status: PaymentRow['status']; return_url: string | null } | undefined = await db(
    'offline_payments',
  )
    .where({ ref })
    .first('status', 'return_url');
  return row ? { status: row.status, returnUrl: row.return_url } : null;
};

export const offlinePaymentStatus = async (db: Knex, ref: string) =>
  (await db('offline_payments')
    .where({ ref })
    .first('ref', 'amount', 'currency', 'status', 'brand', 'last4')) as
    | {
        ref: string;
        amount: number;
        currency: string;
        status: PaymentRow['status'];
        brand: string | null;
        last4: string | null;
      }
    | undefined;
