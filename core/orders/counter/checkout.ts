import { Effect } from 'effect';
import { PaymentGateways } from '../../payments/ports.ts';
import { decideFirstPayment, REFUSAL_FIELDS, REFUSAL_MESSAGES } from '../../payments/split-tender.ts';
import type { CounterCaller } from '../../payments/tenders.ts';
import { CounterForbidden, CounterInvalid } from './errors.ts';
import {
  captureOnTerminal,
  checkTender,
  tenderAllowed,
  terminalIntentFor,
  type TenderRequest,
} from './tender.ts';
import { IdempotencyKeyReused, PaymentDeclined } from '../errors.ts';
import type { CounterPaymentFacts, PaymentAttempt } from '../order.ts';
import { chargeAttempt, orderOrRefund, resumeAttempt, type Prepared } from '../checkout/payment-attempt.ts';
import { INVOICE, readyToPay, type PlaceOrder } from '../checkout/place-order.ts';
import { CounterPayments, Orders } from '../ports.ts';
import { giftTenderFor } from '../../extras/gift-tender.ts';
import { applyCounterDelivery } from '../../basket/staff/counter-delivery-call.ts';

// The counter's checkout (a sale paid at the counter, or placed as an invoice): a clerk turns
// the staff basket into an order and takes a first payment: all of it, part of it (a split
// tender: the order is placed with a balance due, paid later by pay-balance.ts), or none (an
// invoice). The consumer checkout's machinery does the work (place-order.ts's readyToPay, the
// attempt saved with its IdempotencyKey before anything is taken, payment-attempt.ts's sale in
// one transaction); a counter payment with no gateway is an attempt with gateway 'None', the card
// terminal's is captured through CardTerminals. The order's counter facts (invoice, prices hidden
// on print, tickets to print at the counter) are written by the sale's transaction.

export interface CounterSale {
  /** The basket, the buyer's form and the key, as the consumer checkout has them (card: none). */
  readonly place: PlaceOrder;
  readonly caller: CounterCaller;
  readonly seller: { readonly id: number; readonly name: string };
  /** The counter's name from the POS settings ('Browser' by default). */
  readonly counter: string;
  /** The tender; ignored for an invoice. */
  readonly tender: TenderRequest & { readonly checkAmount: number | null };
  /** This payment's amount; null: the whole total. */
  readonly amount: number | null;
  readonly invoice: boolean;
  readonly obscureTicketPriceOnPrint: boolean;
}

export interface CounterSaleDone {
  readonly orderId: number;
  readonly name: string;
  readonly total: number;
  readonly paymentId: number;
  readonly balanceDue: number;
  readonly changeDue: number;
}

/** A check's amount is the payment's: CheckAmount stands for Amount, and may not say otherwise. */
const amountOf = (sale: CounterSale) =>
  Effect.gen(function* () {
    const check = sale.tender.paymentType === 'Check' ? sale.tender.checkAmount : null;
    if (check !== null && sale.amount !== null && check !== sale.amount)
      return yield* Effect.fail(
        new CounterInvalid({ message: 'The check amount differs from the amount.', fields: ['CheckAmount'] }),
      );
    return sale.amount ?? check;
  });

/** The form readyToPay judges: a terminal card carries its intent where a web card has its token. */
const placeFor = (sale: CounterSale): PlaceOrder => {
  const paymentType = sale.invoice ? INVOICE : sale.tender.paymentType;
  const token = paymentType === 'CreditCard' ? sale.tender.paymentIntentId : null;
  return {
    ...sale.place,
    form: { ...sale.place.form, paymentType, token, savedCard: null },
    cardOnTerminal: paymentType === 'CreditCard',
  };
};

/**
 * Everything checked before anything is taken (the counter's precheck answers this, before
 * the card terminal is started: `precheck`): the basket and form as the consumer checkout checks
 * them, the tender, and the payment's amount.
 */
export const counterReady = (sale: CounterSale, precheck = false) =>
  Effect.gen(function* () {
    if (sale.caller.kind !== 'staff')
      return yield* Effect.fail(
        new CounterForbidden({ message: 'This needs a staff account that may sell.' }),
      );
    if (!sale.invoice) yield* tenderAllowed(sale.caller, sale.tender.paymentType);
    // No delivery chosen: handed over at the counter, asking the buyer for nothing
    // (core/basket/staff/counter-delivery.ts); a chosen one (e-mail, post) keeps its fields.
    yield* applyCounterDelivery(sale.place.basketId);
    const place = placeFor(sale);
    const ready = yield* readyToPay(place);
    const tickets = ready.basket.tickets.reduce((n, t) => n + t.quantity, 0);
    const tender = sale.invoice ? null : yield* checkTender(sale.caller, sale.tender, tickets, precheck);
    const total = ready.draft.totals.Total;
    const decision = decideFirstPayment({
      invoice: sale.invoice,
      // What a gift certificate does not pay (place-order.ts readyToPay).
      balance: ready.due,
      paymentType: sale.tender.paymentType,
      amount: yield* amountOf(sale),
      tendered: sale.tender.amountTendered,
    });
    if (!decision.ok)
      return yield* Effect.fail(
        new CounterInvalid({
          message: REFUSAL_MESSAGES[decision.refusal],
          fields: [REFUSAL_FIELDS[decision.refusal]],
        }),
      );
    return { place, ready, tender, total, decision };
  });

type Ready = Effect.Success<ReturnType<typeof counterReady>>;

const factsOf = (sale: CounterSale, ready: Ready): CounterPaymentFacts => ({
  sellerId: sale.seller.id,
  sellerName: sale.seller.name,
  counter: sale.counter,
  paymentMethodId: ready.tender?.method?.id ?? null,
  checkIssuer: ready.tender?.paymentType === 'Check' ? sale.tender.checkIssuer : null,
  checkNumber: ready.tender?.paymentType === 'Check' ? sale.tender.checkNumber : null,
  compTypeId: ready.tender?.compType?.id ?? null,
  amountTendered: ready.decision.tendered,
  changeDue: ready.decision.tendered === null ? null : ready.decision.change,
  partnerId:
    ready.tender?.method?.requiresPartner || ready.tender?.paymentType === 'Custom'
      ? sale.tender.partnerId
      : null,
});

/** The attempt saved with the key (or the one a first request with this key saved). */
const savedAttempt = (sale: CounterSale) =>
  Effect.gen(function* () {
    const ready = yield* counterReady(sale);
    const gift = yield* giftTenderFor(sale.place.giftCertificate, ready.total, ready.ready.draft.currency);
    const card = ready.tender?.paymentType === 'CreditCard';
    if (card) yield* terminalIntentFor(sale.tender.paymentIntentId, ready.decision.applied);
    const gateway = card ? (yield* PaymentGateways).card.name : 'None';
    const { attempt, created } = yield* (yield* CounterPayments).startAttempt(
      {
        idempotencyKey: sale.place.idempotencyKey,
        basketId: ready.ready.basket.id,
        gateway,
        paymentType: ready.place.form.paymentType,
        paymentMethodName: ready.tender?.method?.name ?? sale.place.paymentMethodName,
        amount: ready.decision.applied,
        currency: ready.ready.draft.currency,
        card: null,
        checkout: {
          ...ready.ready.details,
          counter: {
            orderTotal: ready.total,
            isInvoice: sale.invoice,
            obscureTicketPriceOnPrint: sale.obscureTicketPriceOnPrint,
          },
          ...(gift ? { giftCertificate: gift } : {}),
        },
      },
      factsOf(sale, ready),
      card ? sale.tender.paymentIntentId : null,
    );
    const prepared: Prepared = {
      contexts: ready.ready.contexts,
      method: ready.ready.method,
      basket: ready.ready.basket,
    };
    return created ? ({ kind: 'new', attempt, prepared } as const) : ({ kind: 'saved', attempt } as const);
  });

/** A terminal card: captured (again: the capture of a captured intent answers it), then sold. */
const captureAndSell = (attempt: PaymentAttempt, prepared?: Prepared) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const intent = yield* captureOnTerminal(attempt.paymentRef ?? '');
    if (intent.status !== 'succeeded') {
      const failure = intent.failure ?? {
        code: 'card_declined',
        message: 'The card payment was not completed.',
      };
      yield* orders.recordOutcome(attempt.id, { status: 'failed', paymentRef: intent.id, ...failure });
      return yield* Effect.fail(new PaymentDeclined(failure));
    }
    const success = { status: 'succeeded' as const, paymentRef: intent.id, card: intent.card };
    return yield* orderOrRefund(yield* orders.recordOutcome(attempt.id, success), prepared);
  });

const isTerminalCard = (attempt: PaymentAttempt) =>
  attempt.paymentType === 'CreditCard' && attempt.gateway !== 'None';

const sell = (sale: CounterSale) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    // As the consumer checkout: a refused request whose key is saved goes on as that attempt.
    const saved = yield* savedAttempt(sale).pipe(
      Effect.catch((refused) =>
        Effect.flatMap(orders.attemptByKey(sale.place.idempotencyKey), (existing) =>
          existing ? Effect.succeed({ kind: 'saved', attempt: existing } as const) : Effect.fail(refused),
        ),
      ),
    );
    const attempt = saved.attempt;
    if (saved.kind === 'saved' && attempt.basketId !== sale.place.basketId)
      return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: sale.place.idempotencyKey }));
    const prepared = saved.kind === 'new' ? saved.prepared : undefined;
    if (isTerminalCard(attempt) && attempt.status === 'requires_action')
      return { attempt, placed: yield* captureAndSell(attempt, prepared) };
    if (saved.kind === 'new') return { attempt, placed: yield* chargeAttempt(attempt, NO_INPUT, prepared) };
    return { attempt, placed: yield* resumeAttempt(attempt, null) };
  });

const NO_INPUT = { token: null, savedCardId: null, paymentIntentId: null, returnUrl: null, metadata: {} };

/** The clerk's counter sale: paid at the counter, or placed as an invoice. */
export const counterCheckout = (sale: CounterSale) =>
  Effect.gen(function* () {
    const { attempt, placed } = yield* sell(sale);
    const store = yield* CounterPayments;
    const balance = yield* store.balance(placed.orderId);
    const payment = yield* store.payment(attempt.id);
    return {
      orderId: placed.orderId,
      name: placed.name,
      total: placed.total,
      paymentId: attempt.id,
      balanceDue: balance?.balanceDue ?? 0,
      changeDue: payment?.changeDue ?? 0,
    } satisfies CounterSaleDone;
  });
