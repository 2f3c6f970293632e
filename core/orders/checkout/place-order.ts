import { Effect } from 'effect';
import { HouseCurrencySetting } from '../../accounts/house-currency.ts';
import { AccountSettings } from '../../accounts/ports.ts';
import { basketContexts, liveBasket } from '../../basket/basket-answer.ts';
import { basketIsEmpty, type Basket } from '../../basket/basket.ts';
import { BasketRuleViolation } from '../../basket/errors.ts';
import {
  hasSomethingToDeliver,
  isComplimentaryBasket,
  offeredDeliveryMethods,
} from '../../basket/complimentary-delivery.ts';
import { Baskets } from '../../basket/ports.ts';
import { PromotionRestricted } from '../../catalogue/series-promotions.ts';
import { gatewaySlotOf } from '../../payments/payment-types.ts';
import { PaymentGateways, type CardFacts, type PaymentGatewayShape } from '../../payments/ports.ts';
import { Pricing } from '../../pricing/ports.ts';
import { customerFor, type CustomerLookup } from '../../pricing/promotion-customer.ts';
import { customerTagCheck } from '../../pricing/promotion-rules.ts';
import { isStaff, keepsCard, mayTender, orderCustomerId, type Buyer } from './buyer.ts';
import { requireRobotCheck } from './robot-check.ts';
import { validateCheckout, type CheckoutForm } from './validation.ts';
import {
  CheckoutEventCancelled,
  CheckoutInvalid,
  ExchangeBasketNotForSale,
  IdempotencyKeyReused,
  PaymentGatewayDown,
} from '../errors.ts';
import { binAllowed, chosenDeliveryMethod, orderDraft, restrictedPromotions } from './order-draft.ts';
import { Orders } from '../ports.ts';
import { refusePlanCheckoutProblems } from '../../plans/plan-checkout-guard.ts';
import { chargeAttempt, resumeAttempt, type ChargeInput } from './payment-attempt.ts';
import { giftTenderFor } from '../../extras/gift-tender.ts';
import { GiftCertificateDoesNotCover } from '../../extras/gift-certificates.ts';

// The buyer's checkout: pay for the caller's live basket and turn it into an
// order. The attempt is saved with the browser's IdempotencyKey BEFORE the gateway is called; a
// retry with the same key never makes a second order or charge: it answers the order, repeats
// the outcome, or goes on where the first request stopped (core/orders/checkout/payment-attempt.ts).

export interface PlaceOrder {
  /** The basket the caller's cookie names. */
  readonly basketId: string | null;
  /** Who pays, as the session says: the order is the signed-in customer's (core/orders/checkout/buyer.ts). */
  readonly buyer: Buyer;
  /** The buyer's customer tags, for promotions restricted to them (anonymous when not given). */
  readonly customer?: CustomerLookup;
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
  /**
   * A card taken on the counter's terminal: the form has no card token; the counter checks the
   * terminal's payment itself (core/orders/counter/tender.ts terminalIntentFor).
   */
  readonly cardOnTerminal?: boolean;
  /** Part of the total paid from a gift certificate (the code as typed); the rest is charged. */
  readonly giftCertificate?: { readonly code: string; readonly amount: number } | null;
}

const browserCard = (card: PlaceOrder['card']): CardFacts | null =>
  card.bin && card.last4 ? { brand: card.brand ?? 'Other', bin: card.bin, last4: card.last4 } : null;

/** The payment type of a counter sale a clerk places as an invoice. */
export const INVOICE = 'Invoice';

/**
 * The gateway a payment type goes to, if this installation offers the type to this buyer; null
 * for a staff tender (cash, check, comp, custom: no gateway), undefined when not offered.
 */
const gatewayFor = (paymentType: string, buyer: Buyer) =>
  Effect.gen(function* () {
    const gateways = yield* PaymentGateways;
    // An invoice takes no payment: the counter places the order with its whole total due.
    if (paymentType === INVOICE) return isStaff(buyer) ? null : undefined;
    const slot = gatewaySlotOf(paymentType);
    // Tenders are for box-office staff whose role allows them.
    if (slot === null) return mayTender(buyer, paymentType) ? null : undefined;
    const gateway = gateways[slot];
    if (!gateway) return undefined;
    // Afterpay is Stripe's; Apple Pay goes to whichever card processor there is.
    if (paymentType === 'Afterpay' && gateway.name !== 'Stripe') return undefined;
    return gateway;
  });

/**
 * At the counter the clerk fills in what the customer's order needs, not the web's billing form:
 * the account's billing fields and terms-of-service agreement are the consumer's; what the
 * delivery method needs (an e-mail for e-tickets, an address for the post) is still required.
 */
const counterForm = <
  A extends { readonly BillingFields: readonly unknown[]; readonly RequireTosAgreement: boolean },
>(
  account: A,
): A => ({ ...account, BillingFields: [], RequireTosAgreement: false });

/** The customer assigned to the staff basket gives the contact fields the clerk left empty. */
const withBasketContact = (form: CheckoutForm, basket: Basket): CheckoutForm => ({
  ...form,
  firstName: form.firstName || basket.contact.firstName,
  lastName: form.lastName || basket.contact.lastName,
  email: form.email || basket.contact.email,
  phone: form.phone || basket.contact.phone,
});

/**
 * Everything checked before any money moves: a live basket with something in it, a form complete
 * for its delivery method and the account's billing form, a payment type this buyer may use, the
 * card a BIN-restricted promotion asks for. Also what the order needs of it.
 */
export const readyToPay = (cmd: PlaceOrder) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const basket = yield* liveBasket(cmd.basketId);
    if (basket.isExchange)
      return yield* Effect.fail(
        new ExchangeBasketNotForSale({ basketId: basket.id, orderId: basket.exchangeOrderId }),
      );
    if (basketIsEmpty(basket))
      return yield* Effect.fail(
        new BasketRuleViolation({ rule: 'EmptyBasket', message: 'Your basket is empty.' }),
      );
    const baskets = yield* Baskets;
    yield* refuseCancelledEvents(basket);
    yield* refusePlanCheckoutProblems(basket);
    const contexts = yield* basketContexts(basket);
    // A complimentary basket (house seats without payment) delivers free, so it needs no card.
    const offered = offeredDeliveryMethods(yield* baskets.deliveryMethods(), {
      staff: isStaff(cmd.buyer),
      complimentary: isComplimentaryBasket(basket, contexts),
    });
    // Certificates and memberships only: nothing to deliver, so no method and none of its fields.
    const method = hasSomethingToDeliver(basket)
      ? chosenDeliveryMethod(basket, offered, isStaff(cmd.buyer))
      : null;
    const gateway = yield* gatewayFor(cmd.form.paymentType, cmd.buyer);
    const draft = orderDraft(basket, contexts, method, yield* (yield* HouseCurrencySetting).current());
    const fromGift = cmd.giftCertificate?.amount ?? 0;
    if (fromGift < 0 || fromGift > draft.totals.Total)
      return yield* Effect.fail(new CheckoutInvalid({ code: 'invalidFields', fields: ['GiftCertificate'] }));
    // What is left to charge once the gift certificate paid its part.
    const due = draft.totals.Total - fromGift;
    const toPay = due > 0;
    const staff = isStaff(cmd.buyer);
    const account = yield* (yield* AccountSettings).information();
    const validation = validateCheckout(staff ? withBasketContact(cmd.form, basket) : cmd.form, {
      account: staff ? counterForm(account) : account,
      deliveryMethod: method,
      needsToken: toPay && !cmd.cardOnTerminal && gatewaySlotOf(cmd.form.paymentType) === 'card',
      needsPayPalOrder: toPay && cmd.form.paymentType === 'PayPal',
    });
    const fields = validation.ok ? [] : [...validation.fields];
    // A certificate paying part and no card for the rest: say what is still due (nothing spent).
    if (fromGift > 0 && fields.includes('Token'))
      return yield* Effect.fail(
        new GiftCertificateDoesNotCover({ applied: fromGift, due, currency: draft.currency }),
      );
    if (gateway === undefined) fields.unshift('PaymentType');
    if (fields.length > 0)
      return yield* Effect.fail(
        new CheckoutInvalid({
          code: validation.ok ? 'invalidFields' : validation.code,
          fields: [...new Set(fields)],
        }),
      );
    if (!validation.ok || gateway === undefined) return yield* Effect.die('unreachable');

    // A promotion limited to some cards (BIN) needs one of those cards.
    const bins = yield* orders.promotionBins([
      ...new Set(basket.tickets.flatMap((t) => (t.promotionId === null ? [] : [t.promotionId]))),
    ]);
    const restricted = restrictedPromotions(basket, bins);
    if (restricted.some((id) => !binAllowed(cmd.card.bin, bins.get(id) ?? [])))
      return yield* Effect.fail(new CheckoutInvalid({ code: 'binRestricted', fields: ['CCBin'] }));
    yield* checkRestrictedPromotions(basket, cmd.customer);
    if (toPay && gateway !== null) yield* checkSavedCard(cmd, gateway);
    return { basket, contexts, method, draft, toPay, due, gateway, details: validation.details };
  });

/**
 * An event cancelled after its seats went in the basket (holds refuse it before:
 * core/basket/rules/sale-rules.ts) is not sold. Read fresh, not from the sale context, which may be a
 * few seconds old: one indexed read of the basket's events.
 */
const refuseCancelledEvents = (basket: Basket) =>
  Effect.gen(function* () {
    const eventIds = [
      ...new Set([
        ...basket.tickets.map((t) => t.eventId),
        ...basket.products.flatMap((p) => (p.eventId === null ? [] : [p.eventId])),
      ]),
    ];
    const cancelled = yield* (yield* Baskets).cancelledEvents(eventIds);
    if (cancelled.length > 0) return yield* Effect.fail(new CheckoutEventCancelled({ events: cancelled }));
  });

/**
 * A promotion restricted to customer tags is the signed-in member's. It was
 * checked when the seats were held; checked again here, as the basket may outlive the session
 * that held it (a member who signed out leaves no discount to whoever pays next).
 */
const checkRestrictedPromotions = (basket: Basket, customer: CustomerLookup | undefined) =>
  Effect.gen(function* () {
    const codes = [...new Set(basket.tickets.flatMap((t) => (t.promoCode === null ? [] : [t.promoCode])))];
    if (codes.length === 0) return;
    const pricing = yield* Pricing;
    for (const code of codes) {
      const promotion = yield* pricing.promotionByCode(code);
      if (!promotion?.restrictToCustomerTag) continue;
      const check = customerTagCheck(promotion, yield* customerFor(promotion, customer));
      if (check !== 'Allowed') return yield* Effect.fail(new PromotionRestricted({ code, reason: check }));
    }
  });

/** A saved card (SavedCard, the gateway's id) pays only for the signed-in customer it was saved for. */
const checkSavedCard = (cmd: PlaceOrder, gateway: PaymentGatewayShape) =>
  Effect.gen(function* () {
    const savedCardId = (cmd.form.savedCard ?? '').trim();
    if (savedCardId === '') return;
    const refused = new CheckoutInvalid({ code: 'invalidFields', fields: ['SavedCard'] });
    if (cmd.buyer.kind !== 'customer') return yield* Effect.fail(refused);
    const customerRef = yield* (yield* Orders).cardCustomerRef(cmd.buyer.customerId);
    if (customerRef === null) return yield* Effect.fail(refused);
    const cards = yield* gateway
      .savedCards(customerRef)
      .pipe(
        Effect.catchTag('GatewayUnavailable', () =>
          Effect.fail(new PaymentGatewayDown({ gateway: gateway.name })),
        ),
      );
    if (!cards.some((card) => card.savedCardId === savedCardId)) return yield* Effect.fail(refused);
  });

/** The basket is the buyer's before it is paid for: the order copies its customer. */
const linkBuyer = (basket: Basket, buyer: Buyer) =>
  Effect.gen(function* () {
    const customerId = orderCustomerId(buyer, basket.customerId);
    if (customerId === basket.customerId) return basket;
    const baskets = yield* Baskets;
    yield* baskets.update(basket.id, { customerId });
    // Read again, with the store's version, so the sale can go ahead without reading it a third time.
    return yield* liveBasket(basket.id);
  });

/**
 * The attempt for this request's key, saved before any gateway is called; or, when the key is
 * already saved (a retry, a twin request, a return from an off-site step), that attempt.
 */
const savedAttempt = (cmd: PlaceOrder) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const ready = yield* readyToPay(cmd);
    yield* requireRobotCheck(ready.basket.id, cmd.buyer);
    const gift = yield* giftTenderFor(cmd.giftCertificate, ready.draft.totals.Total, ready.draft.currency);
    const basket = yield* linkBuyer(ready.basket, cmd.buyer);
    const { attempt, created } = yield* orders.startAttempt({
      idempotencyKey: cmd.idempotencyKey,
      basketId: basket.id,
      // Nothing to pay (or a staff tender): no gateway is called.
      gateway: !ready.toPay || ready.gateway === null ? 'None' : ready.gateway.name,
      paymentType: cmd.form.paymentType,
      paymentMethodName: cmd.paymentMethodName,
      amount: ready.due,
      currency: ready.draft.currency,
      card: browserCard(cmd.card),
      checkout: gift ? { ...ready.details, giftCertificate: gift } : ready.details,
    });
    return created
      ? ({ kind: 'new', attempt, contexts: ready.contexts, method: ready.method, basket } as const)
      : ({ kind: 'saved', attempt } as const);
  });

/** Where a card the customer asked to keep is kept: their gateway customer, made at the first save. */
const cardKeeping = (cmd: PlaceOrder) =>
  Effect.gen(function* () {
    if (cmd.buyer.kind !== 'customer' || !keepsCard(cmd.buyer, cmd.form)) return null;
    const customerRef = yield* (yield* Orders).cardCustomerRef(cmd.buyer.customerId);
    return { customerId: cmd.buyer.customerId, customerRef, email: cmd.buyer.email };
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
      saveCardFor: yield* cardKeeping(cmd),
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
