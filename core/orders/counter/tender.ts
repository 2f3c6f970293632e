import { Effect, Option } from 'effect';
import {
  CardTerminals,
  TERMINAL_MESSAGES,
  TerminalFailed,
  type TerminalIntent,
} from '../../payments/card-terminal.ts';
import { checkComp, compMessage, type CompType } from '../../payments/comp-limit.ts';
import {
  counterTenderPermission,
  isCounterTender,
  mayTakeTender,
  mayUseCounter,
  tenderFieldProblems,
  type CounterCaller,
  type CounterTender,
  type TenderFields,
} from '../../payments/tenders.ts';
import { CounterForbidden, CounterInvalid } from './errors.ts';
import { CounterPayments, type CounterPaymentMethod } from '../ports.ts';

// What the counter checks of a tender before anything is taken, shared by the counter sale
// (checkout.ts) and the payments against a balance (pay-balance.ts): the caller may sell
// and take this tender, the tender says what it must, its payment method, comp type and partner
// are the box office's. And the card terminal's capture.

export interface TenderRequest extends TenderFields {
  readonly paymentMethodName: string | null;
  readonly partnerId: number | null;
}

export interface CheckedTender {
  readonly paymentType: CounterTender;
  readonly method: CounterPaymentMethod | null;
  readonly compType: CompType | null;
}

const TENDER_WORDS: Readonly<Record<CounterTender, string>> = {
  Cash: 'cash',
  Check: 'check',
  Comp: 'comp',
  Custom: 'custom',
  CreditCard: 'card terminal',
};

const invalid = (message: string, fields: readonly string[]) =>
  Effect.fail(new CounterInvalid({ message, fields }));

/** The method the request names (it must be of the tender's type), or the type's own. */
const methodFor = (paymentType: CounterTender, request: TenderRequest) =>
  Effect.gen(function* () {
    const store = yield* CounterPayments;
    if (request.paymentMethodId === null) return yield* store.methodOfType(paymentType);
    const method = yield* store.paymentMethod(request.paymentMethodId);
    if (!method || !method.isActive || method.paymentType !== paymentType)
      return yield* invalid('This payment method is not available.', ['PaymentMethodId']);
    return method;
  });

/**
 * Whether the caller may take this tender at all, judged before the basket or any field: staff
 * whose role may sell (403 otherwise), a tender the counter takes (400 PaymentType), the
 * tender's own permission (403).
 */
export const tenderAllowed = (caller: CounterCaller, paymentType: string) =>
  Effect.gen(function* () {
    if (!mayUseCounter(caller))
      return yield* Effect.fail(
        new CounterForbidden({ message: 'This needs a staff account that may sell.' }),
      );
    if (!isCounterTender(paymentType))
      return yield* invalid('This payment type is not taken at the counter.', ['PaymentType']);
    if (!mayTakeTender(caller, paymentType))
      return yield* Effect.fail(
        new CounterForbidden({
          message: `Your role may not take ${TENDER_WORDS[paymentType]} payments (${counterTenderPermission(paymentType)}).`,
        }),
      );
    return paymentType;
  });

/**
 * Checks a tender for `ticketCount` tickets (what a comp counts). Staff whose role may sell and
 * take this tender only: 403 otherwise, before any field is judged.
 */
export const checkTender = (
  caller: CounterCaller,
  request: TenderRequest,
  ticketCount: number,
  beforeTerminal = false,
) =>
  Effect.gen(function* () {
    const paymentType = yield* tenderAllowed(caller, request.paymentType);
    const problems = tenderFieldProblems(request, beforeTerminal);
    if (problems.length > 0) return yield* invalid('Please check the highlighted fields.', problems);
    const method = yield* methodFor(paymentType, request);
    if (method?.requiresPartner && request.partnerId === null)
      return yield* invalid(`${method.name} needs a partner.`, ['PartnerId']);
    if (paymentType !== 'Comp') return { paymentType, method, compType: null } satisfies CheckedTender;
    const compType = yield* (yield* CounterPayments).compType(request.compTypeId!);
    if (!compType) return yield* invalid('This comp type does not exist.', ['CompTypeId']);
    const check = checkComp(compType, ticketCount);
    if (!check.ok) return yield* invalid(compMessage(compType, check), ['CompTypeId']);
    return { paymentType, method, compType } satisfies CheckedTender;
  });

const terminal = Effect.gen(function* () {
  const found = yield* Effect.serviceOption(CardTerminals);
  if (Option.isNone(found))
    return yield* Effect.fail(
      new TerminalFailed({
        code: 'NoTerminalConfigured',
        message: TERMINAL_MESSAGES.NoTerminalConfigured,
      }),
    );
  return found.value;
});

/**
 * The terminal's intent for this payment, before anything is saved: it must exist, be ready to
 * capture (or already captured) and be for exactly `amount`.
 */
export const terminalIntentFor = (intentId: string | null, amount: number) =>
  Effect.gen(function* () {
    if (intentId === null) return yield* invalid('Take the card on the terminal first.', ['PaymentIntentId']);
    const intent = yield* (yield* terminal).intent(intentId);
    if (!intent) return yield* invalid('The card terminal does not know this payment.', ['PaymentIntentId']);
    if (intent.status !== 'requires_capture' && intent.status !== 'succeeded')
      return yield* invalid(`The card payment is not ready (${intent.status}).`, ['PaymentIntentId']);
    if (intent.amount !== amount)
      return yield* invalid('The card payment is not for this amount.', ['PaymentIntentId', 'Amount']);
    return intent;
  });

/** Captures the terminal's intent (an intent already captured answers as it is). */
export const captureOnTerminal = (intentId: string): Effect.Effect<TerminalIntent, TerminalFailed> =>
  Effect.flatMap(terminal, (t) => t.capture(intentId));
