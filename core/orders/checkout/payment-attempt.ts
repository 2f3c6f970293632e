import { Clock, Effect } from 'effect';
import { HouseCurrencySetting } from '../../accounts/house-currency.ts';
import { announce, basketContexts } from '../../basket/basket-answer.ts';
import type { Basket, DeliveryMethod } from '../../basket/basket.ts';
import { Baskets } from '../../basket/ports.ts';
import type { SaleContext } from '../../basket/sale-context.ts';
import {
  PaymentGateways,
  type ChargeOutcome,
  type PaymentGatewayShape,
  type PaymentState,
} from '../../payments/ports.ts';
import {
  CheckoutInvalid,
  PaymentDeclined,
  PaymentGatewayDown,
  PaymentRefunded,
  PaymentRequiresAction,
} from '../errors.ts';
import { orderTotalOf, type AttemptOutcome, type OrderPlan, type PaymentAttempt } from '../order.ts';
import { orderDraft } from './order-draft.ts';
import { OrderMail, Orders } from '../ports.ts';

// What becomes of a payment attempt after it is saved: charge, record what the gateway said, and
// turn the basket into the order (or give the money back). One path for the first request, a
// retry with the same IdempotencyKey and the reconciliation job, so a crash anywhere is repaired
// the same way.

export interface OrderPlaced {
  readonly orderId: number;
  readonly name: string;
  readonly total: number;
}

/** What only the buyer's request carries (the card token); null in the reconciliation job. */
export interface ChargeInput {
  readonly token: string | null;
  readonly savedCardId: string | null;
  readonly paymentIntentId: string | null;
  readonly returnUrl: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  /**
   * Keep the card for this signed-in customer (SaveCreditCard): at their gateway customer, or a
   * new one the gateway makes, which is then remembered for them.
   */
  readonly saveCardFor?: {
    readonly customerId: number;
    readonly customerRef: string | null;
    readonly email: string;
  } | null;
}

/** Requires-action attempts older than this are abandoned (the basket ran out long ago). */
export const ABANDON_AUTHENTICATION_SECONDS = 6 * 3600;

const gatewayNamed = (name: string) =>
  Effect.gen(function* () {
    const gateways = yield* PaymentGateways;
    const gateway = [gateways.card, gateways.paypal, gateways.worldpay].find((g) => g?.name === name);
    if (!gateway) return yield* Effect.fail(new PaymentGatewayDown({ gateway: name }));
    return gateway as PaymentGatewayShape;
  });

const unreachable = (gateway: string) => () => Effect.fail(new PaymentGatewayDown({ gateway }));

/** The money goes back: the seats could not be sold. A refund the gateway did not take waits for the job. */
const refundAttempt = (attempt: PaymentAttempt, takenSeats: readonly string[]) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    if (attempt.amount === 0 || attempt.paymentRef === null || attempt.gateway === 'None') {
      yield* orders.recordRefund(attempt.id, null);
      return yield* Effect.fail(new PaymentRefunded({ takenSeats, refunded: true }));
    }
    const gateway = yield* gatewayNamed(attempt.gateway);
    const refund = yield* Effect.result(
      gateway.refund(attempt.paymentRef, attempt.amount, `${attempt.idempotencyKey}:refund`),
    );
    if (refund._tag === 'Failure')
      return yield* Effect.fail(new PaymentRefunded({ takenSeats, refunded: false }));
    yield* orders.recordRefund(attempt.id, refund.success.refundRef);
    return yield* Effect.fail(new PaymentRefunded({ takenSeats, refunded: true }));
  });

/** What the first request already read about the basket: orderOrRefund need not read it again. */
export interface Prepared {
  readonly contexts: ReadonlyMap<number, SaleContext>;
  readonly method: DeliveryMethod | null;
  /** The basket as the first request read it: the store sells it without a second read if unchanged. */
  readonly basket?: Basket;
}

const prepare = (attempt: PaymentAttempt) =>
  Effect.gen(function* () {
    const baskets = yield* Baskets;
    const basket = yield* baskets.find(attempt.basketId);
    const contexts: ReadonlyMap<number, SaleContext> = basket ? yield* basketContexts(basket) : new Map();
    const method =
      (yield* baskets.deliveryMethods()).find((m) => m.id === attempt.checkout.deliveryMethodId) ?? null;
    return { contexts, method, ...(basket ? { basket } : {}) } satisfies Prepared;
  });

/** A succeeded payment becomes the order, in one transaction; or, when it cannot, a refund. */
export const orderOrRefund = (
  attempt: PaymentAttempt,
  prepared?: Prepared,
  success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const { contexts, method, basket }: Prepared = prepared ?? (yield* prepare(attempt));
    const house = yield* (yield* HouseCurrencySetting).current();
    // The order is what was charged for, or nothing: a basket that changed while paying is refunded.
    const plan: OrderPlan = (locked) => {
      const draft = orderDraft(locked, contexts, method, house);
      return draft.totals.Total === orderTotalOf(attempt) ? draft : null;
    };
    const { completion, changes } = yield* orders.complete(
      attempt.id,
      plan,
      success,
      basket && { basket, checkout: attempt.checkout },
      attempt.checkout.counter,
    );
    yield* announce(changes);
    if (completion.kind === 'unsellable') return yield* refundAttempt(attempt, completion.takenSeats);
    if (completion.created) yield* Effect.ignoreCause((yield* OrderMail).queue(completion.orderId));
    return { orderId: completion.orderId, name: completion.name, total: completion.total } as OrderPlaced;
  });

/** Records the gateway's answer to a charge and goes on from it. */
const afterCharge = (attempt: PaymentAttempt, outcome: ChargeOutcome, prepared?: Prepared) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    switch (outcome.status) {
      case 'succeeded': {
        // Recorded with the order, in the same transaction.
        const success = { status: 'succeeded' as const, paymentRef: outcome.paymentRef, card: outcome.card };
        return yield* orderOrRefund(
          {
            ...attempt,
            status: 'succeeded',
            paymentRef: outcome.paymentRef,
            card: outcome.card ?? attempt.card,
          },
          prepared,
          success,
        );
      }
      case 'requires_action':
        yield* orders.recordOutcome(attempt.id, outcome);
        return yield* Effect.fail(
          new PaymentRequiresAction({
            paymentRef: outcome.paymentRef,
            clientSecret: outcome.clientSecret,
            actionUrl: outcome.actionUrl,
          }),
        );
      case 'declined':
        yield* orders.recordOutcome(attempt.id, {
          status: 'failed',
          paymentRef: outcome.paymentRef,
          code: outcome.code,
          message: outcome.message,
        });
        return yield* Effect.fail(new PaymentDeclined({ code: outcome.code, message: outcome.message }));
    }
  });

/**
 * The gateway customer a card was saved at becomes the customer's (their saved card is read from
 * it). Losing this note loses no money, so it never fails the order.
 */
const rememberCardCustomer = (input: ChargeInput, outcome: ChargeOutcome) =>
  Effect.gen(function* () {
    const keep = input.saveCardFor;
    if (!keep || outcome.status !== 'succeeded' || !outcome.savedCard) return;
    if (outcome.savedCard.customerRef === keep.customerRef) return;
    yield* Effect.ignoreCause(
      (yield* Orders).setCardCustomerRef(keep.customerId, outcome.savedCard.customerRef),
    );
  });

/** Charges the attempt (again): the same idempotency key never charges twice. */
export const chargeAttempt = (attempt: PaymentAttempt, input: ChargeInput, prepared?: Prepared) =>
  Effect.gen(function* () {
    if (attempt.gateway === 'None')
      return yield* orderOrRefund(
        yield* (yield* Orders).recordOutcome(attempt.id, {
          status: 'succeeded',
          paymentRef: null,
          card: null,
        }),
        prepared,
      );
    const gateway = yield* gatewayNamed(attempt.gateway);
    const outcome = yield* gateway
      .charge({
        idempotencyKey: attempt.idempotencyKey,
        amount: attempt.amount,
        currency: attempt.currency,
        description: `Foyer tickets (basket ${attempt.basketId})`,
        token: input.paymentIntentId ? null : input.token,
        savedCardId: input.paymentIntentId ? null : input.savedCardId,
        paymentRef: input.paymentIntentId,
        saveCardFor: input.saveCardFor
          ? { customerRef: input.saveCardFor.customerRef, email: input.saveCardFor.email }
          : null,
        returnUrl: input.returnUrl,
        metadata: { ...input.metadata, basketId: attempt.basketId, attemptId: String(attempt.id) },
      })
      .pipe(Effect.catchTag('GatewayUnavailable', unreachable(attempt.gateway)));
    yield* rememberCardCustomer(input, outcome);
    return yield* afterCharge(attempt, outcome, prepared);
  });

/** What the gateway knows of a payment we lost track of (crash, timeout, the customer's 3-D Secure). */
const fromState = (attempt: PaymentAttempt, state: PaymentState | null, input: ChargeInput | null) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    if (state?.status === 'succeeded')
      return yield* orderOrRefund(
        yield* orders.recordOutcome(attempt.id, {
          status: 'succeeded',
          paymentRef: state.paymentRef,
          card: state.card,
        }),
      );
    if (state?.status === 'failed' || state?.status === 'canceled') {
      const failure = { code: 'card_declined', message: 'Your card was declined.' };
      yield* orders.recordOutcome(attempt.id, { status: 'failed', paymentRef: state.paymentRef, ...failure });
      return yield* Effect.fail(new PaymentDeclined(failure));
    }
    // Unknown to the gateway, or still in progress: the buyer's retry charges with the same key
    // (the gateway answers the first attempt's outcome, never a second charge).
    if (input) return yield* chargeAttempt(attempt, input);
    if (attempt.status === 'requires_action') {
      const age = ((yield* Clock.currentTimeMillis) - attempt.updatedAt.getTime()) / 1000;
      if (age > ABANDON_AUTHENTICATION_SECONDS) {
        const failure = {
          code: 'authentication_abandoned',
          message: 'Card authentication was not completed.',
        };
        yield* orders.recordOutcome(attempt.id, {
          status: 'failed',
          paymentRef: attempt.paymentRef,
          ...failure,
        });
        return yield* Effect.fail(new PaymentDeclined(failure));
      }
      return yield* Effect.fail(
        new PaymentRequiresAction({
          paymentRef: attempt.paymentRef ?? '',
          clientSecret: attempt.clientSecret ?? '',
          actionUrl: attempt.actionUrl,
        }),
      );
    }
    if (state === null) {
      // The gateway never saw the key: the request died before charging. Nothing was taken.
      const failure = { code: 'processing_error', message: 'The payment was not completed.' };
      yield* orders.recordOutcome(attempt.id, { status: 'failed', paymentRef: null, ...failure });
      return yield* Effect.fail(new PaymentDeclined(failure));
    }
    return yield* Effect.fail(new PaymentGatewayDown({ gateway: attempt.gateway }));
  });

/**
 * Goes on with an attempt saved earlier: answers its order, repeats its decline, finishes its
 * refund, confirms it after 3-D Secure, or asks the gateway what became of it.
 */
export const resumeAttempt = (attempt: PaymentAttempt, input: ChargeInput | null) =>
  Effect.gen(function* () {
    if (attempt.orderId !== null) return yield* orderOrRefund(attempt);
    if (attempt.refundStatus === 'needed') return yield* refundAttempt(attempt, attempt.takenSeats);
    if (attempt.refundStatus === 'refunded')
      return yield* Effect.fail(new PaymentRefunded({ takenSeats: attempt.takenSeats, refunded: true }));
    switch (attempt.status) {
      case 'refunded':
        return yield* Effect.fail(new PaymentRefunded({ takenSeats: attempt.takenSeats, refunded: true }));
      case 'succeeded':
        return yield* orderOrRefund(attempt);
      case 'failed':
        return yield* Effect.fail(
          new PaymentDeclined(
            attempt.failure ?? { code: 'card_declined', message: 'Your card was declined.' },
          ),
        );
      case 'requires_action': {
        if (input?.paymentIntentId) {
          if (input.paymentIntentId !== attempt.paymentRef)
            return yield* Effect.fail(
              new CheckoutInvalid({ code: 'invalidFields', fields: ['PaymentIntentId'] }),
            );
          return yield* chargeAttempt(attempt, input);
        }
        if (attempt.gateway === 'None' || attempt.paymentRef === null)
          return yield* fromState(attempt, null, input);
        const gateway = yield* gatewayNamed(attempt.gateway);
        const state = yield* gateway
          .retrieve(attempt.paymentRef)
          .pipe(Effect.catchTag('GatewayUnavailable', unreachable(attempt.gateway)));
        return yield* fromState(attempt, state, input);
      }
      case 'pending': {
        if (attempt.gateway === 'None') return yield* chargeAttempt(attempt, input ?? noInput);
        const gateway = yield* gatewayNamed(attempt.gateway);
        const state = yield* gateway
          .findByKey(attempt.idempotencyKey)
          .pipe(Effect.catchTag('GatewayUnavailable', unreachable(attempt.gateway)));
        return yield* fromState(attempt, state, input);
      }
    }
  });

const noInput: ChargeInput = {
  token: null,
  savedCardId: null,
  paymentIntentId: null,
  returnUrl: null,
  metadata: {},
};
