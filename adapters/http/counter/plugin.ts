import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { permissionsOf } from '../../../core/accounts/staff/permissions.ts';
import { counterCheckout, counterReady, type CounterSale } from '../../../core/orders/counter/checkout.ts';
import { orderBalance, payBalance } from '../../../core/orders/counter/pay-balance.ts';
import type { PlaceOrder } from '../../../core/orders/checkout/place-order.ts';
import type { CounterCaller } from '../../../core/payments/tenders.ts';
import type { AppRuntime } from '../../wiring.ts';
import { identityOf, staffOf } from '../accounts/session.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { customerLookupOf } from '../basket/caller.ts';
import { buyerOf, checkoutFormOf } from '../checkout/plugin.ts';
import {
  BalancePaymentAnswer,
  BalancePaymentRequest,
  CounterCheckoutAnswer,
  CounterCheckoutRequest,
  InvoiceAnswer,
  InvoiceRequest,
  OrderBalanceAnswer,
  OrderBalanceParams,
  PrecheckAnswer,
} from '../contract/counter.ts';
import { defineRoute } from '../route.ts';
import { runCounter } from './run.ts';
import { followUpPaidOrder } from '../../../core/orders/order-placed.ts';

// The counter: a clerk turns the staff basket into an order and takes its payments (cash with
// change, check, comp, the box office's custom types, a card on the terminal; several, a split
// tender; none yet, an invoice), then payments against the balance. Every route needs a staff
// session whose role may sell; each tender's own permission is the use case's to check
// (core/payments/tenders.ts). The session plugin writes the audit entries.

export interface CounterPluginOptions {
  readonly runtime: AppRuntime;
}

const tags = ['counter'];
const DEFAULT_COUNTER = 'Browser';

type CheckoutBody = ReturnType<typeof CounterCheckoutRequest.parse>;
type InvoiceBody = ReturnType<typeof InvoiceRequest.parse>;

const callerOf = async (request: Request): Promise<CounterCaller> => {
  const identity = await identityOf(request);
  if (identity?.kind === 'staff')
    return { kind: 'staff', permissions: new Set(permissionsOf(identity.role)) };
  return { kind: identity?.kind ?? 'guest' };
};

const sellerOf = async (request: Request) => {
  const staff = await staffOf(request);
  // The route's permission let only staff in.
  if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
  return { id: staff.staffUserId, name: staff.name };
};

const saleOf = async (
  runtime: AppRuntime,
  request: Request,
  body: CheckoutBody | InvoiceBody,
  invoice: boolean,
): Promise<CounterSale> => {
  const paymentType = body.PaymentType ?? 'Cash';
  const place: PlaceOrder = {
    basketId: basketIdOf(request),
    buyer: await buyerOf(request),
    customer: customerLookupOf(runtime, request),
    idempotencyKey: body.IdempotencyKey,
    form: checkoutFormOf({ ...body, PaymentType: paymentType }),
    paymentMethodName: body.PaymentMethodName ?? null,
    card: { brand: null, bin: null, last4: null },
    returnUrl: null,
    // Part paid from a gift certificate (core/extras/gift-tender.ts), the rest by the tender.
    giftCertificate:
      'GiftCertificate' in body && body.GiftCertificate
        ? { code: body.GiftCertificate.Code, amount: body.GiftCertificate.Amount }
        : null,
  };
  return {
    place,
    caller: await callerOf(request),
    seller: await sellerOf(request),
    counter: body.Counter ?? DEFAULT_COUNTER,
    tender: {
      paymentType,
      paymentMethodId: body.PaymentMethodId ?? null,
      paymentMethodName: body.PaymentMethodName ?? null,
      paymentIntentId: body.PaymentIntentId ?? null,
      checkIssuer: body.CheckIssuer ?? null,
      checkNumber: body.CheckNumber ?? null,
      checkAmount: body.CheckAmount ?? null,
      compTypeId: body.CompTypeId ?? null,
      amountTendered: body.AmountTendered ?? null,
      partnerId: body.PartnerId ?? null,
    },
    amount: body.Amount ?? null,
    invoice,
    obscureTicketPriceOnPrint: body.ObscureTicketPriceOnPrint,
  };
};

/** A terminal that does not answer is a 502 with its own words (not the generic 500 text). */
const withGatewayWords = async <A>(h: ResponseToolkit, run: () => Promise<A>) => {
  try {
    return await run();
  } catch (error) {
    if (Boom.isBoom(error) && error.output.statusCode === 502) {
      const words = (error.data as { message?: string } | null)?.message ?? 'Error selling tickets';
      return h.response({ Message: words }).code(502);
    }
    throw error;
  }
};

export const counterPlugin: Plugin<CounterPluginOptions> = {
  name: 'foyer-counter',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/checkout/precheck',
        summary:
          "Checks the counter's checkout request before the card terminal is started: the basket, the form, the tender and its amount. 200 { BasketId, Total, Currency, Valid }; 400 { Message, Fields }; 403 the tender's permission; 404 no live basket",
        tags,
        permission: 'sell',
        payload: CounterCheckoutRequest,
        response: PrecheckAnswer,
        handler: async ({ payload, request }) => {
          const ready = await runCounter(
            runtime,
            counterReady(await saleOf(runtime, request, payload, false), true),
          );
          return {
            BasketId: ready.ready.basket.id,
            Total: ready.total,
            Currency: ready.ready.draft.currency,
            Valid: true as const,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/checkout/pos',
        summary:
          "The counter's checkout: the staff basket becomes the order and this payment is taken (Cash with AmountTendered and change, Check, Comp, Custom, CreditCard on the terminal). Amount below the total places the order with a balance due (split tender). The same IdempotencyKey never makes a second order or payment. 400 { Message, Fields }; 402 declined; 403 the tender's permission; 404 no live basket; 409 seats gone",
        tags,
        permission: 'sell',
        payload: CounterCheckoutRequest,
        response: CounterCheckoutAnswer,
        handler: async ({ payload, request, h }) =>
          withGatewayWords(h, async () => {
            const done = await runCounter(
              runtime,
              counterCheckout(await saleOf(runtime, request, payload, false)),
            );
            // Gift certificates and memberships sold are issued once the order is paid in full,
            // so the clerk can hand over the member's card at once.
            if (done.balanceDue <= 0) await runtime.runPromise(followUpPaidOrder(done.orderId));
            return {
              Order: { ID: done.orderId, Name: done.name, Total: done.total },
              PaymentID: done.paymentId,
              BalanceDue: done.balanceDue,
              ChangeDue: done.changeDue,
            };
          }),
      }),
      defineRoute({
        method: 'PUT',
        path: '/api/admin/baskets/invoice',
        summary:
          'Places the staff basket as an invoice: the order with its whole total due, paid later with POST /api/admin/payments. The same IdempotencyKey never makes a second order',
        tags,
        permission: 'sell',
        payload: InvoiceRequest,
        response: InvoiceAnswer,
        handler: async ({ payload, request }) => {
          const done = await runCounter(
            runtime,
            counterCheckout(await saleOf(runtime, request, payload, true)),
          );
          return {
            Order: { ID: done.orderId, Name: done.name, Total: done.total },
            BalanceDue: done.balanceDue,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/payments',
        summary:
          "A payment against an order's balance due (the rest of a split tender, an invoice paid). Never more than the balance, except cash, whose excess is change. Two clerks paying the last balance: one is taken, the other 400. The same IdempotencyKey answers the first payment",
        tags,
        permission: 'sell',
        payload: BalancePaymentRequest,
        response: BalancePaymentAnswer,
        handler: async ({ payload, request, h }) =>
          withGatewayWords(h, async () => {
            const paid = await runCounter(
              runtime,
              payBalance({
                caller: await callerOf(request),
                seller: await sellerOf(request),
                counter: payload.Counter ?? DEFAULT_COUNTER,
                orderId: payload.OrderId,
                idempotencyKey: payload.IdempotencyKey,
                amount: payload.Amount,
                tender: {
                  paymentType: payload.PaymentType,
                  paymentMethodId: payload.PaymentMethodId ?? null,
                  paymentMethodName: payload.PaymentMethodName ?? null,
                  paymentIntentId: payload.PaymentIntentId ?? null,
                  checkIssuer: payload.CheckIssuer ?? null,
                  checkNumber: payload.CheckNumber ?? null,
                  compTypeId: payload.CompTypeId ?? null,
                  amountTendered: payload.AmountTendered ?? null,
                  partnerId: payload.PartnerId ?? null,
                },
              }),
            );
            // The last payment of a split tender or an invoice issues what was sold (once).
            if (paid.balanceDue <= 0) await runtime.runPromise(followUpPaidOrder(paid.orderId));
            return {
              PaymentID: paid.paymentId,
              BalanceDue: paid.balanceDue,
              ChangeDue: paid.changeDue,
              Order: { ID: paid.orderId, Name: paid.orderName, Total: paid.total },
            };
          }),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/orders/{id}/balance',
        summary: "An order's total, what was paid, the balance due and its payments (who took each, where)",
        tags,
        permission: 'sell',
        params: OrderBalanceParams,
        response: OrderBalanceAnswer,
        handler: async ({ params }) => {
          const balance = await runCounter(runtime, orderBalance(params.id));
          return {
            OrderId: balance.orderId,
            OrderName: balance.orderName,
            Total: balance.total,
            Paid: balance.paid,
            BalanceDue: balance.balanceDue,
            Currency: balance.currency,
            CurrencyLocale: balance.currencyLocale,
            VenueId: balance.venueId,
            Payments: balance.payments.map((p) => ({
              PaymentID: p.paymentId,
              PaymentType: p.paymentType,
              PaymentMethodName: p.paymentMethodName,
              Amount: p.amount,
              ChangeDue: p.changeDue,
              SellerName: p.sellerName,
              Counter: p.counter,
              At: p.at.toISOString(),
            })),
          };
        },
      }),
    ]);
  },
};
