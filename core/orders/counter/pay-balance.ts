import { Effect } from 'effect';
import { NotFound } from '../../shared/errors.ts';
import { PaymentGateways } from '../../payments/ports.ts';
import { decidePayment, REFUSAL_FIELDS, REFUSAL_MESSAGES } from '../../payments/split-tender.ts';
import type { CounterCaller } from '../../payments/tenders.ts';
import { CounterInvalid } from './errors.ts';
import { captureOnTerminal, checkTender, terminalIntentFor, type TenderRequest } from './tender.ts';
import { IdempotencyKeyReused, PaymentDeclined } from '../errors.ts';
import { CounterPayments, type StoredPayment } from '../ports.ts';

// A clerk takes a payment against an order's balance due (the rest of a split
// tender, an invoice paid). The store writes it in ONE transaction with the order row locked,
// the balance read there and judged by split-tender.ts, so two clerks paying the last balance at
// once cannot both be taken; the same IdempotencyKey answers the first payment. A card on the
// terminal is saved pending (counted against the balance), then captured, then marked succeeded.

export interface BalancePayment {
  readonly caller: CounterCaller;
  readonly seller: { readonly id: number; readonly name: string };
  readonly counter: string;
  readonly orderId: number;
  readonly idempotencyKey: string;
  readonly tender: TenderRequest;
  /** This payment's amount; null: the whole balance. */
  readonly amount: number | null;
}

export interface BalancePaid {
  readonly orderId: number;
  readonly orderName: string;
  readonly total: number;
  readonly paymentId: number;
  readonly balanceDue: number;
  readonly changeDue: number;
}

/** The terminal's card, captured: the payment succeeded, or it failed (declined). */
const captureCard = (payment: StoredPayment) =>
  Effect.gen(function* () {
    const store = yield* CounterPayments;
    const intent = yield* captureOnTerminal(payment.paymentRef ?? '');
    if (intent.status === 'succeeded') {
      yield* store.settle(payment.id, { status: 'succeeded', card: intent.card });
      return;
    }
    const failure = intent.failure ?? {
      code: 'card_declined',
      message: 'The card payment was not completed.',
    };
    yield* store.settle(payment.id, { status: 'failed', ...failure });
    return yield* Effect.fail(new PaymentDeclined(failure));
  });

export const payBalance = (cmd: BalancePayment) =>
  Effect.gen(function* () {
    const store = yield* CounterPayments;
    const before = yield* store.balance(cmd.orderId);
    if (!before) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(cmd.orderId) }));
    const tender = yield* checkTender(cmd.caller, cmd.tender, before.ticketCount);
    const card = tender.paymentType === 'CreditCard';
    // The terminal's intent fixes the amount; checked before anything is saved.
    const intent = card
      ? yield* terminalIntentFor(cmd.tender.paymentIntentId!, cmd.amount ?? before.balanceDue)
      : null;
    const outcome = yield* store.payBalance(
      {
        orderId: cmd.orderId,
        idempotencyKey: cmd.idempotencyKey,
        paymentType: tender.paymentType,
        paymentMethodName: tender.method?.name ?? cmd.tender.paymentMethodName,
        gateway: card ? (yield* PaymentGateways).card.name : 'None',
        status: card ? 'pending' : 'succeeded',
        paymentRef: intent?.id ?? null,
        facts: {
          sellerId: cmd.seller.id,
          sellerName: cmd.seller.name,
          counter: cmd.counter,
          paymentMethodId: tender.method?.id ?? null,
          checkIssuer: tender.paymentType === 'Check' ? cmd.tender.checkIssuer : null,
          checkNumber: tender.paymentType === 'Check' ? cmd.tender.checkNumber : null,
          compTypeId: tender.compType?.id ?? null,
          partnerId:
            tender.method?.requiresPartner || tender.paymentType === 'Custom' ? cmd.tender.partnerId : null,
        },
      },
      (balance) =>
        decidePayment({
          balance,
          paymentType: tender.paymentType,
          amount: intent?.amount ?? cmd.amount,
          tendered: cmd.tender.amountTendered,
        }),
    );
    if (outcome.kind === 'noOrder')
      return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(cmd.orderId) }));
    if (outcome.kind === 'refused')
      return yield* Effect.fail(
        new CounterInvalid({
          message: REFUSAL_MESSAGES[outcome.refusal],
          fields: [REFUSAL_FIELDS[outcome.refusal]],
        }),
      );
    const payment = outcome.payment;
    if (payment.kind !== 'balance' || payment.orderId !== cmd.orderId)
      return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: cmd.idempotencyKey }));
    if (payment.status === 'pending' && payment.paymentRef !== null) yield* captureCard(payment);
    if (payment.status === 'failed')
      return yield* Effect.fail(
        new PaymentDeclined({ code: 'card_declined', message: 'The card payment was not completed.' }),
      );
    const after = (yield* store.balance(cmd.orderId))!;
    return {
      orderId: after.orderId,
      orderName: after.orderName,
      total: after.total,
      paymentId: payment.id,
      balanceDue: after.balanceDue,
      changeDue: payment.changeDue ?? 0,
    } satisfies BalancePaid;
  });

/** What an order still owes, as the clerk's payment screen reads it. */
export const orderBalance = (orderId: number) =>
  Effect.gen(function* () {
    const balance = yield* (yield* CounterPayments).balance(orderId);
    if (!balance) return yield* Effect.fail(new NotFound({ entity: 'Order', id: String(orderId) }));
    return balance;
  });
