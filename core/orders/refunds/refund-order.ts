import { Effect } from 'effect';
import {
  GatewayUnavailable,
  PaymentGateways,
  type GatewayName,
  type PaymentGatewayShape,
} from '../../payments/ports.ts';
import {
  allocateCredit,
  checkRefund,
  type Allocation,
  type RefundLine,
} from '../../payments/refund-allocation.ts';
import type { AfterSaleActor } from '../after-sale.ts';
import { OrderNotFound } from '../after-sale-errors.ts';
import { MailSender } from '../ports.ts';
import { RefundRefused } from './errors.ts';
import { refundEmail } from './email.ts';
import {
  OrderRefunds,
  type OrderRefundState,
  type RefundDecision,
  type RefundStatus,
  type StoredRefund,
} from './ports.ts';

// Money going back. A refund is saved pending with its own idempotency key BEFORE the processor
// is asked (adapters/postgres/orders/refunds/refunds.ts), so a crash between the two never refunds twice:
// the same key asked again answers the first refund. Refunds by record (cash, check, comp, custom,
// or any payment paid back as cash from the till) succeed at once. A processor that cannot be
// reached leaves the refund pending; the refunds job (worker/refunds.ts) asks again with the
// same key. A pending refund already counts as given back in order_balances.

/** The clerk's refund of one payment. */
export interface RefundPayment {
  readonly orderId: number;
  readonly paymentId: number;
  readonly amount: number;
  /**
   * alternativePaymentRequest: pay it back as cash from the till, or onto a gift certificate,
   * instead of the payment's way.
   */
  readonly alternative: Alternative;
  readonly reason: string | null;
  readonly actor: AfterSaleActor;
}

/** The order's credit, placed over its payments by the automatic selection. */
export interface RefundOrder {
  readonly orderId: number;
  /** 'credit': all the credit owed (-balance due), nothing when none is owed. */
  readonly amount: number | 'credit';
  readonly reason: string | null;
  readonly actor: AfterSaleActor;
  readonly runId?: number | null;
  /** Pay it all out of the till in cash (or onto a gift certificate) instead of back the way each payment came. */
  readonly alternative?: Alternative;
}

/**
 * Another way back than the payment's: cash from the till, or a gift certificate (an existing
 * one's compact code, or null: a new certificate issued).
 */
export type Alternative = 'Cash' | { readonly giftCertificateCode: string | null } | null;

export interface RefundOutcome {
  readonly refundId: number;
  readonly paymentId: number;
  readonly amount: number;
  readonly refundType: string;
  readonly status: RefundStatus;
  /** Why the processor refused it (status 'failed'). */
  readonly failure?: string;
  /** refundType GiftCertificate: the certificate credited. */
  readonly giftCertificateCode?: string | null;
}

export interface RefundResult {
  readonly refunds: readonly RefundOutcome[];
  /** After: negative is credit still owed. */
  readonly balanceDue: number;
}

const gatewayOf = (gateways: PaymentGateways['Service'], name: GatewayName): PaymentGatewayShape | null => {
  switch (name) {
    case 'Offline':
    case 'Stripe':
      // A card is refunded by the processor that took it; a card taken offline cannot be given
      // back through Stripe (nor the reverse).
      return gateways.card.name === name ? gateways.card : null;
    case 'PayPal':
      return gateways.paypal;
    case 'WorldPay':
      return gateways.worldpay;
  }
};

/** The refunds of these lines: back each payment's way, or as cash from the till. */
/** The lines to refund, or why not (the allocation's reasons, or the payment is not refundable). */
type RefundPlan =
  | Allocation
  | { readonly ok: false; readonly refusal: Omit<ConstructorParameters<typeof RefundRefused>[0], 'orderId'> };

const decideRefunds = (
  gateways: PaymentGateways['Service'],
  state: OrderRefundState,
  allocation: RefundPlan,
  alternative: Alternative,
): RefundDecision => {
  if (!allocation.ok)
    return { ok: false, refusal: new RefundRefused({ orderId: state.orderId, ...allocation.refusal }) };
  const refunds = [];
  for (const line of allocation.lines) {
    const payment = state.payments.find((p) => p.paymentId === line.paymentId)!;
    if (alternative === 'Cash') {
      refunds.push({ ...line, refundType: 'Cash', gateway: null });
      continue;
    }
    if (alternative !== null) {
      refunds.push({
        ...line,
        refundType: 'GiftCertificate',
        gateway: null,
        giftCertificateCode: alternative.giftCertificateCode,
      });
      continue;
    }
    if (payment.gateway !== null && !gatewayOf(gateways, payment.gateway))
      return {
        ok: false,
        refusal: new RefundRefused({
          orderId: state.orderId,
          code: 'GatewayNotConfigured',
          paymentId: payment.paymentId,
        }),
      };
    refunds.push({ ...line, refundType: payment.paymentType, gateway: payment.gateway });
  }
  return { ok: true, refunds };
};

const outcomeOf = (refund: StoredRefund, status: RefundStatus = refund.status): RefundOutcome => ({
  refundId: refund.id,
  paymentId: refund.paymentId,
  amount: refund.amount,
  refundType: refund.refundType,
  status,
});

/** The customer's e-mail for a refund that went through; a mail failure never undoes a refund. */
const mailCustomer = (refund: StoredRefund, state: OrderRefundState) =>
  Effect.gen(function* () {
    if (!state.buyer.email) return;
    const payment = state.payments.find((p) => p.paymentId === refund.paymentId);
    const message = refundEmail({
      orderName: state.orderName,
      buyerName: state.buyer.name,
      email: state.buyer.email,
      amount: refund.amount,
      currencyLocale: state.currencyLocale,
      refundType: refund.refundType,
      cardBrand: payment?.cardBrand ?? null,
      cardLast4: payment?.cardLast4 ?? null,
      giftCertificateCode: refund.giftCertificateCode ?? null,
    });
    yield* MailSender.use((mail) => mail.send(message));
  }).pipe(Effect.ignore);

/**
 * Gives one pending refund back: by record, or through its processor with its saved key. Answers
 * what became of it; only the run that moves it to succeeded mails the customer.
 */
const giveBack = (refund: StoredRefund, state: OrderRefundState) =>
  Effect.gen(function* () {
    const store = yield* OrderRefunds;
    let refundRef: string | null = null;
    if (refund.gateway !== null) {
      const gateway = gatewayOf(yield* PaymentGateways, refund.gateway);
      if (!gateway || !refund.paymentRef) {
        yield* store.postpone(refund.id, `${refund.gateway} is not configured here`);
        return outcomeOf(refund, 'pending');
      }
      const answer = yield* Effect.result(
        gateway.refund(refund.paymentRef, refund.amount, refund.idempotencyKey),
      );
      if (answer._tag === 'Failure') {
        // Refused by the processor: final, the credit is owed again. Unreachable: tried again later.
        if (answer.failure._tag === 'RefundDeclined') {
          yield* store.settle(refund.id, { status: 'failed', message: answer.failure.detail });
          return { ...outcomeOf(refund, 'failed'), failure: answer.failure.detail };
        }
        yield* store.postpone(refund.id, answer.failure.detail);
        return outcomeOf(refund, 'pending');
      }
      refundRef = answer.success.refundRef;
    }
    const moved = yield* store.settle(refund.id, { status: 'succeeded', refundRef });
    if (moved && refund.refundType === 'GiftCertificate') {
      // Settled with the certificate credited (or refused): read what became of it and where.
      const settled = (yield* store.refund(refund.id)) ?? refund;
      if (settled.status === 'succeeded') yield* mailCustomer(settled, state);
      return { ...outcomeOf(settled), giftCertificateCode: settled.giftCertificateCode ?? null };
    }
    if (moved) {
      yield* mailCustomer(refund, state);
      return outcomeOf(refund, 'succeeded');
    }
    const now = yield* store.refund(refund.id);
    return outcomeOf(refund, now?.status ?? refund.status);
  });

const stateOf = (orderId: number) =>
  Effect.gen(function* () {
    const state = yield* (yield* OrderRefunds).state(orderId);
    if (!state) return yield* Effect.fail(new OrderNotFound({ orderId }));
    return state;
  });

/** Saves the refunds `decide` answers under the order's lock, then gives each back. */
const beginAndGiveBack = (
  orderId: number,
  context: { reason: string | null; actor: AfterSaleActor; runId: number | null },
  allocate: (state: OrderRefundState) => RefundPlan,
  alternative: Alternative,
) =>
  Effect.gen(function* () {
    const gateways = yield* PaymentGateways;
    const begun = yield* (yield* OrderRefunds).begin(orderId, context, (state) =>
      decideRefunds(gateways, state, allocate(state), alternative),
    );
    if (begun.kind === 'noOrder') return yield* Effect.fail(new OrderNotFound({ orderId }));
    if (begun.kind === 'refused') return yield* Effect.fail(begun.refusal);
    if (begun.refunds.length === 0) return [];
    const state = yield* stateOf(orderId);
    return yield* Effect.forEach(begun.refunds, (refund) => giveBack(refund, state));
  });

/**
 * One payment's refund, as a clerk asks for it. Refused, changing nothing, when it is
 * more than the credit owed or than the payment has left. A processor that cannot be reached
 * fails GatewayUnavailable: the refund stays saved, pending, and the refunds job finishes it.
 */
export const refundPayment = (cmd: RefundPayment) =>
  Effect.gen(function* () {
    const line: RefundLine = { paymentId: cmd.paymentId, amount: cmd.amount };
    const refunds = yield* beginAndGiveBack(
      cmd.orderId,
      { reason: cmd.reason, actor: cmd.actor, runId: null },
      (state): RefundPlan =>
        state.payments.some((p) => p.paymentId === cmd.paymentId)
          ? checkRefund(state.payments, state.balanceDue, [line])
          : { ok: false, refusal: { code: 'NotRefundable', paymentId: cmd.paymentId } },
      cmd.alternative,
    );
    const pending = refunds.find((r) => r.status === 'pending');
    const declined = refunds.find((r) => r.status === 'failed');
    if (declined)
      return yield* Effect.fail(
        new RefundRefused({
          orderId: cmd.orderId,
          code: 'DeclinedByProcessor',
          paymentId: declined.paymentId,
          ...(declined.failure ? { detail: declined.failure } : {}),
        }),
      );
    const state = yield* stateOf(cmd.orderId);
    if (pending) {
      const payment = state.payments.find((p) => p.paymentId === pending.paymentId);
      return yield* Effect.fail(
        new GatewayUnavailable({
          gateway: payment?.gateway ?? 'Offline',
          detail: `refund ${pending.refundId} is saved and will be tried again`,
        }),
      );
    }
    return { refunds, balanceDue: state.balanceDue } satisfies RefundResult;
  });

/**
 * The order's credit given back. Pending refunds of the order are finished first (each with its
 * saved key), then only the credit still owed is placed over the payments, so running it again
 * after a crash at any point never refunds twice and never forgets. A processor that cannot be
 * reached leaves its refund pending (status 'pending' in the answer) for the refunds job.
 */
export const refundOrder = (cmd: RefundOrder) =>
  Effect.gen(function* () {
    const store = yield* OrderRefunds;
    const before = yield* stateOf(cmd.orderId);
    const earlier = yield* store.pending({ orderId: cmd.orderId, olderThanSeconds: 0, limit: 1000 });
    const finished = yield* Effect.forEach(earlier, (refund) => giveBack(refund, before));
    const made = yield* beginAndGiveBack(
      cmd.orderId,
      { reason: cmd.reason, actor: cmd.actor, runId: cmd.runId ?? null },
      (state) => allocateCredit(state.payments, state.balanceDue, cmd.amount),
      cmd.alternative ?? null,
    );
    const after = yield* stateOf(cmd.orderId);
    return { refunds: [...finished, ...made], balanceDue: after.balanceDue } satisfies RefundResult;
  });

/** What the refunds job did. */
export interface PendingRefundsFinished {
  readonly examined: number;
  readonly succeeded: number;
  readonly stillPending: number;
}

export const REFUNDS_RETRY_AFTER_SECONDS = 60;

/**
 * The refunds job: refunds left pending (a processor down, a crash after the save) for a minute
 * are asked again with their saved key; the processor answers the first refund if it made one.
 */
export const finishPendingRefunds = (olderThanSeconds = REFUNDS_RETRY_AFTER_SECONDS) =>
  Effect.gen(function* () {
    const store = yield* OrderRefunds;
    const pending = yield* store.pending({ orderId: null, olderThanSeconds, limit: 100 });
    const tally = { examined: pending.length, succeeded: 0, stillPending: 0 };
    for (const refund of pending) {
      const state = yield* store.state(refund.orderId);
      if (!state) continue;
      const outcome = yield* giveBack(refund, state);
      if (outcome.status === 'succeeded') tally.succeeded++;
      else tally.stillPending++;
    }
    return tally satisfies PendingRefundsFinished;
  });

/**
 * A processor reported refunds done (Stripe's webhook): the matching pending refunds are marked
 * succeeded and their customers mailed.
 */
export const confirmGatewayRefund = (report: {
  readonly gateway: GatewayName;
  readonly refundRef: string;
  readonly idempotencyKey: string | null;
}) =>
  Effect.gen(function* () {
    const store = yield* OrderRefunds;
    const moved = yield* store.confirm(report);
    for (const refund of moved) {
      const state = yield* store.state(refund.orderId);
      if (state) yield* mailCustomer(refund, state);
    }
    return moved.length;
  });

/** What the clerk may refund: the order's payments and the automatic choice for the credit owed. */
export const refundableOrder = (orderId: number) =>
  Effect.gen(function* () {
    const state = yield* stateOf(orderId);
    const suggested = allocateCredit(state.payments, state.balanceDue, 'credit');
    return { state, suggested: suggested.ok ? suggested.lines : [] };
  });
