import { randomBytes } from 'node:crypto';
import { Effect } from 'effect';
import { applePayCard, parseApplePayToken, type ApplePayToken } from '../../core/payments/apple-pay-token.ts';
import {
  GatewayUnavailable,
  RefundDeclined,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../core/payments/ports.ts';
import type { OfflinePayment, OfflineStore } from './store.ts';
import { behaviourOfLast4 } from './tokens.ts';

// The built-in offline test processor (the default card gateway when STRIPE_SECRET_KEY is unset).
// Its payments live in its store (adapters/offline/store.ts), so its idempotency survives a crash
// or restart like a real processor's: a charge with a key it has seen answers the first outcome,
// never a second charge. It moves no real money.

/** Stripe's words for each decline (the checkout answers them as CardDeclinedMessage). */
export const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

export const actionUrlOf = (ref: string) => `/offline/authenticate/${encodeURIComponent(ref)}`;

// A wallet's card has no BIN to show (''), as with Stripe's answers.
const cardOf = (row: OfflinePayment) =>
  row.brand && row.last4 ? { brand: row.brand, bin: row.bin ?? '', last4: row.last4 } : null;

const outcomeOf = (row: OfflinePayment): ChargeOutcome => {
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
      const code = (row.declineCode ?? 'card_declined') as Extract<
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

const stateOf = (row: OfflinePayment | null): PaymentState | null => {
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

export const makeOfflineGateway = (store: OfflineStore): PaymentGatewayShape => {
  const attempt = <A>(work: () => Promise<A>): Effect.Effect<A, GatewayUnavailable> =>
    Effect.tryPromise({
      try: work,
      catch: (error) => new GatewayUnavailable({ gateway: 'Offline', detail: String(error) }),
    });

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
    // A key seen before keeps its first outcome.
    return outcomeOf(
      await store.saveDecided({
        ref: `offline_pay_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        token: `applepay:${wallet.transactionIdentifier}`,
        amount: request.amount,
        currency: request.currency,
        status: declineCode ? 'declined' : 'succeeded',
        declineCode,
        brand,
        last4,
        returnUrl: request.returnUrl,
      }),
    );
  };

  const charge = async (request: ChargeRequest): Promise<ChargeOutcome> => {
    const wallet = request.token && !request.paymentRef ? parseApplePayToken(request.token) : null;
    if (wallet) return chargeWallet(request, wallet);
    if (request.paymentRef) {
      // A resubmission after 3-D Secure: the payment the customer authenticated, as it is now.
      const row = await store.byRef(request.paymentRef);
      if (!row || row.idempotencyKey !== request.idempotencyKey)
        return {
          status: 'declined',
          paymentRef: null,
          code: 'processing_error',
          message: DECLINE_MESSAGES.processing_error!,
        };
      return outcomeOf(row);
    }
    return outcomeOf(
      await store.chargeToken({
        ref: `offline_pay_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        token: request.token,
        amount: request.amount,
        currency: request.currency,
        returnUrl: request.returnUrl,
      }),
    );
  };

  return {
    name: 'Offline',
    charge: (request) => attempt(() => charge(request)),
    retrieve: (paymentRef) => attempt(async () => stateOf(await store.byRef(paymentRef))),
    findByKey: (key) => attempt(async () => stateOf(await store.byKey(key))),
    refund: (paymentRef, amount, key) =>
      attempt(() =>
        store.refund({
          paymentRef,
          amount,
          idempotencyKey: key,
          refundRef: `offline_re_${randomBytes(12).toString('hex')}`,
        }),
      ).pipe(
        Effect.flatMap((answer) =>
          'refused' in answer
            ? Effect.fail(new RefundDeclined({ gateway: 'Offline', detail: answer.refused }))
            : Effect.succeed(answer),
        ),
      ),
    savedCards: () => Effect.succeed([]),
    deleteSavedCard: () => Effect.void,
  };
};

/** The customer's answer on the authentication page (3-D Secure test cards). */
export const authenticateOfflinePayment = async (
  store: OfflineStore,
  ref: string,
  answer: 'complete' | 'fail',
): Promise<{ status: OfflinePayment['status']; returnUrl: string | null } | null> => {
  const payment = await store.authenticate(ref, answer);
  return payment ? { status: payment.status, returnUrl: payment.returnUrl } : null;
};

export const offlinePaymentStatus = (store: OfflineStore, ref: string): Promise<OfflinePayment | null> =>
  store.byRef(ref);
