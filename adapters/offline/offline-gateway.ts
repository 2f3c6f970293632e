import { randomBytes } from 'node:crypto';
import { Effect } from 'effect';
import type { Knex } from 'knex';
import { applePayCard, parseApplePayToken, type ApplePayToken } from '../../core/payments/apple-pay-token.ts';
import {
  GatewayUnavailable,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../core/payments/ports.ts';
import { runPrepared, type NamedStatement } from '../postgres/prepared.ts';
import { behaviourOfLast4 } from './tokens.ts';

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

// A wallet's card has no BIN to show (''), as with Stripe's answers.
const cardOf = (row: PaymentRow) =>
  row.brand && row.last4 ? { brand: row.brand, bin: row.bin ?? '', last4: row.last4 } : null;

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

/**
 * A charge in one statement: the token's test behaviour decides the outcome; a key seen before
 * keeps its first outcome (no token we know, or a saved card, which test mode does not keep:
 * declined).
 */
const CHARGE: NamedStatement = {
  name: 'foyer_offline_charge_v1',
  text: `with tok as (select brand, bin, last4, behaviour from offline_tokens where token = $1),
       ins as (
         insert into offline_payments (ref, idempotency_key, token, amount, currency, status, decline_code,
                                       authentication, brand, bin, last4, return_url)
         select $2, $3, $4, $5, $6,
                case t.behaviour when 'succeed' then 'succeeded' when 'authenticate' then 'requires_action' else 'declined' end,
                case t.behaviour when 'succeed' then null when 'authenticate' then null
                                 when 'insufficient_funds' then 'insufficient_funds' else 'card_declined' end,
                case t.behaviour when 'authenticate' then 'pending' end,
                t.brand, t.bin, t.last4, $7
           from (select 1) one left join tok t on true
         on conflict (idempotency_key) do nothing
         returning *)
       select * from ins
       union all
       select * from offline_payments where idempotency_key = $8 and not exists (select 1 from ins)`,
};

export const makeOfflineGateway = (db: Knex): PaymentGatewayShape => {
  const attempt = <A>(work: () => Promise<A>): Effect.Effect<A, GatewayUnavailable> =>
    Effect.tryPromise({
      try: work,
      catch: (error) => new GatewayUnavailable({ gateway: 'Offline', detail: String(error) }),
    });

  const byKey = (key: string): Promise<PaymentRow | undefined> =>
    db('offline_payments').where({ idempotency_key: key }).first();

  /**
   * An Apple Pay token: test mode cannot decrypt it (nor needs to); the wallet's card, named by
   * its display name, behaves like the test card with the same last 4 (0002 declines, 9995 has
   * insufficient funds), any other succeeds. A wallet payment is already authenticated on the
   * device: no 3-D Secure step. Only the transaction id is kept, never Apple's encrypted data.
   */
  const chargeWallet = async (request: ChargeRequest, wallet: ApplePayToken): Promise<ChargeOutcome> => {
    const { brand, last4 } = applePayCard(wallet);
    const behaviour = last4 ? behaviourOfLast4(last4) : 'succeed';
    const declineCode =
      behaviour === 'succeed' ? null : behaviour === 'insufficient_funds' ? behaviour : 'card_declined';
    const inserted: PaymentRow[] = await db('offline_payments')
      .insert({
        ref: `offline_pay_${randomBytes(12).toString('hex')}`,
        idempotency_key: request.idempotencyKey,
        token: `applepay:${wallet.transactionIdentifier}`,
        amount: request.amount,
        currency: request.currency,
        status: declineCode ? 'declined' : 'succeeded',
        decline_code: declineCode,
        brand,
        bin: null,
        last4,
        return_url: request.returnUrl,
      })
      .onConflict('idempotency_key')
      .ignore()
      .returning('*');
    // A key seen before keeps its first outcome.
    return outcomeOf(inserted[0] ?? (await byKey(request.idempotencyKey))!);
  };

  const charge = async (request: ChargeRequest): Promise<ChargeOutcome> => {
    const wallet = request.token && !request.paymentRef ? parseApplePayToken(request.token) : null;
    if (wallet) return chargeWallet(request, wallet);
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
    const ref = `offline_pay_${randomBytes(12).toString('hex')}`;
    const rows = await runPrepared<PaymentRow>(db, CHARGE, [
      request.token ?? '',
      ref,
      request.idempotencyKey,
      request.token,
      request.amount,
      request.currency,
      request.returnUrl,
      request.idempotencyKey,
    ]);
    // A twin request with the same key committed while this one waited: its outcome is the answer.
    return outcomeOf(rows[0] ?? (await byKey(request.idempotencyKey))!);
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
