import { Effect } from 'effect';
import { AccountSettings } from '../accounts/ports.ts';
import { basketContexts, liveBasket } from '../basket/basket-answer.ts';
import { BasketRuleViolation } from '../basket/errors.ts';
import { Baskets } from '../basket/ports.ts';
import { gatewaySlotOf } from '../payments/payment-types.ts';
import { PaymentGateways, type CardFacts } from '../payments/ports.ts';
import { validateCheckout, type CheckoutForm } from './checkout-validation.ts';
import { CheckoutInvalid, IdempotencyKeyReused } from './errors.ts';
import { binAllowed, chosenDeliveryMethod, orderDraft, restrictedPromotions } from './order-draft.ts';
import { Orders } from './ports.ts';
import { chargeAttempt, resumeAttempt, type ChargeInput } from './settle-payment.ts';

// POST /api/checkout (spec 001 section 7): pay for the caller's live basket and turn it into an
// order. The attempt is saved with the browser's IdempotencyKey BEFORE the gateway is called; a
// retry with the same key never makes a second order or charge: it answers the order, repeats
// the outcome, or goes on where the first request stopped (core/orders/settle-payment.ts).

export interface PlaceOrder {
  /** The basket the caller's cookie names. */
  readonly basketId: string | null;
  readonly staff: boolean;
  readonly idempotencyKey: string;
  readonly form: CheckoutForm;
  readonly paymentMethodName: string | null;
  /** What the browser's card form said of the card (CardBrand, CCBin, CCLast4). */
  readonly card: {
    readonly brand: string | null;
    readonly bin: string | null;
    readonly last4: string | null;
  };
  /** Where the customer returns after an off-site step (3-D Secure, hosted pages). */
  readonly returnUrl: string | null;
}

const browserCard = (card: PlaceOrder['card']): CardFacts | null =>
  card.bin && card.last4 ? { brand: card.brand ?? 'Other', bin: card.bin, last4: card.last4 } : null;

/** The gateway a payment type goes to, if this installation offers the type to this caller. */
const gatewayFor = (paymentType: string, staff: boolean) =>
  Effect.gen(function* () {
    const gateways = yield* PaymentGateways;
    const slot = gatewaySlotOf(paymentType);
    // Cash, check, comp and custom tenders are for box-office staff (spec 000 section 6).
    if (slot === null) return staff ? null : undefined;
    const gateway = gateways[slot];
    if (!gateway) return undefined;
    // Afterpay is Stripe's; Apple Pay goes to whichever card processor there is.
    if (paymentType === 'Afterpay' && gateway.name !== 'Stripe') return undefined;
    return gateway;
  });

/**
 * The attempt for this request's key, saved before any gateway is called; or, when the key is
 * already saved (a retry, a twin request, a return from an off-site step), that attempt.
 */
const savedAttempt = (cmd: PlaceOrder) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const basket = yield* liveBasket(cmd.basketId);
    if (basket.tickets.length + basket.products.length === 0)
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'EmptyBasket', message: 'Your basket is empty.' }),
      );
    const baskets = yield* Baskets;
    const method = chosenDeliveryMethod(basket, yield* baskets.deliveryMethods(), cmd.staff);
    const gateway = yield* gatewayFor(cmd.form.paymentType, cmd.staff);
    const contexts = yield* basketContexts(basket);
    const draft = orderDraft(basket, contexts, method);
    const toPay = draft.totals.Total > 0;
    const validation = validateCheckout(cmd.form, {
      account: yield* (yield* AccountSettings).information(),
      deliveryMethod: method,
      needsToken: toPay && gatewaySlotOf(cmd.form.paymentType) === 'card',
      needsPayPalOrder: toPay && cmd.form.paymentType === 'PayPal',
    });
    const fields = validation.ok ? [] : [...validation.fields];
    if (gateway === undefined) fields.unshift('PaymentType');
    if (fields.length > 0)
      return yield* Effect.fail(
        new CheckoutInvalid({
          code: validation.ok ? 'invalidFields' : validation.code,
          fields: [...new Set(fields)],
        }),
      );
    if (!validation.ok || gateway === undefined) return yield* Effect.die('unreachable');

    // Spec 000 section 5: a promotion limited to some cards (BIN) needs one of those cards.
    const bins = yield* orders.promotionBins([
      ...new Set(basket.tickets.flatMap((t) => (t.promotionId === null ? [] : [t.promotionId]))),
    ]);
    const restricted = restrictedPromotions(basket, bins);
    if (restricted.some((id) => !binAllowed(cmd.card.bin, bins.get(id) ?? [])))
      return yield* Effect.fail(new CheckoutInvalid({ code: 'binRestricted', fields: ['CCBin'] }));

    const { attempt, created } = yield* orders.startAttempt({
      idempotencyKey: cmd.idempotencyKey,
      basketId: basket.id,
      // Nothing to pay (or a staff tender): no gateway is called.
      gateway: !toPay || gateway === null ? 'None' : gateway.name,
      paymentType: cmd.form.paymentType,
      paymentMethodName: cmd.paymentMethodName,
      amount: draft.totals.Total,
      currency: draft.currency,
      card: browserCard(cmd.card),
      checkout: validation.details,
    });
    return created
      ? ({ kind: 'new', attempt, contexts, method, basket } as const)
      : ({ kind: 'saved', attempt } as const);
  });

export const placeOrder = (cmd: PlaceOrder) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const input: ChargeInput = {
      token: cmd.form.token ?? cmd.form.payPalOrderId ?? null,
      savedCardId: cmd.form.savedCard ?? null,
      paymentIntentId: cmd.form.paymentIntentId ?? null,
      returnUrl: cmd.returnUrl,
      metadata: Object.fromEntries(
        Object.entries(cmd.form.worldPayData ?? {}).map(([k, v]) => [`worldpay_${k}`, v]),
      ),
    };
    // Most requests carry a new key, so the key is not looked up first: the insert of the attempt
    // finds a saved one, and so does a request refused before it (its basket completed or ran
    // out, or its form no longer what the first request sent), which then goes on as that
    // attempt would. Either way, a saved attempt is only ever resumed, never charged again.
    const saved = yield* savedAttempt(cmd).pipe(
      Effect.catch((refused) =>
        Effect.flatMap(orders.attemptByKey(cmd.idempotencyKey), (existing) =>
          existing ? Effect.succeed({ kind: 'saved', attempt: existing } as const) : Effect.fail(refused),
        ),
      ),
    );
    if (saved.kind === 'new') return yield* chargeAttempt(saved.attempt, input, saved);
    if (saved.attempt.basketId !== cmd.basketId)
      return yield* Effect.fail(new IdempotencyKeyReused({ idempotencyKey: cmd.idempotencyKey }));
    return yield* resumeAttempt(saved.attempt, input);
  });
