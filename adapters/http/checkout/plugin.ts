import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { Effect } from 'effect';
import { can, permissionsOf } from '../../../core/accounts/staff/permissions.ts';
import { Sessions } from '../../../core/accounts/ports.ts';
import type { Buyer } from '../../../core/orders/checkout/buyer.ts';
import { ADDRESS_PARTS, type CheckoutForm } from '../../../core/orders/checkout/validation.ts';
import { consumerPaymentTypes, validateBin } from '../../../core/orders/checkout/payment-options.ts';
import { placeOrder, type PlaceOrder } from '../../../core/orders/checkout/place-order.ts';
import { checkRobot } from '../../../core/orders/checkout/robot-check.ts';
import { followUpPaidOrder } from '../../../core/orders/order-placed.ts';
import { registerAtCheckout } from '../../../core/orders/checkout/register-at-checkout.ts';
import type { AppRuntime } from '../../wiring.ts';
import type { BrowserGateways } from '../browser-gateways.ts';
import { identityOf, sessionTokenOf, withSession } from '../accounts/session.ts';
import { basketIdOf } from '../basket/basket-cookie.ts';
import { customerLookupOf } from '../basket/caller.ts';
import {
  CheckoutAnswer,
  CheckoutRequest,
  ConsumerPaymentTypes,
  ConsumerPaymentTypesQuery,
  type ConsumerPaymentType,
  RecaptchaAnswer,
  RobotCheckSettings,
  RecaptchaQuery,
  ValidateBinAnswer,
  ValidateBinQuery,
} from '../contract/checkout.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { runGift } from '../gift-certificates/run.ts';

// The checkout and payment calls. The basket is the one the
// foyer_basket cookie names; the router tolerates /api/checkout/ with a trailing slash.

export interface CheckoutPluginOptions {
  readonly runtime: AppRuntime;
  /** Where a customer comes back to after an off-site payment step. */
  readonly publicUrl: string;
  /** The gateway scripts the payment page loads (adapters/http/browser-gateways.ts). */
  readonly gateways?: BrowserGateways;
}

type CheckoutBody = ReturnType<typeof CheckoutRequest.parse>;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const addressOf = (body: CheckoutBody, prefix: 'BillTo' | 'ShipTo') =>
  Object.fromEntries(
    ADDRESS_PARTS.map((part) => [part, text((body as Record<string, unknown>)[`${prefix}${part}`])]),
  );

export const checkoutFormOf = (body: CheckoutBody): CheckoutForm => ({
  paymentType: body.PaymentType,
  token: body.Token,
  savedCard: body.SavedCard,
  saveCreditCard: body.SaveCreditCard,
  paymentIntentId: body.PaymentIntentId,
  payPalOrderId: body.PayPalOrderId,
  worldPayData: body.WorldPayData,
  cardHolderName: body.CardHolderName,
  firstName: body.FirstName,
  lastName: body.LastName,
  email: body.Email,
  phone: body.Phone,
  organization: body.Organization,
  title: body.Title,
  rewardsNumber: body.RewardsNumber,
  billTo: addressOf(body, 'BillTo'),
  shipTo: addressOf(body, 'ShipTo'),
  acceptTermsOfService: body.AcceptTermsOfService,
  hasJustRegistered: body.HasJustRegistered,
  password: body.Password,
  confirmPassword: body.ConfirmPassword,
  note: body.OrderNote,
  marketingOptInTagIds: body.marketingOptInTagIds,
});

const tags = ['checkout'];

/**
 * Who pays, as the session says (never the request body): a signed-in customer (the order is
 * theirs), staff whose role may sell (staff tenders, delivery methods), or a guest.
 */
export const buyerOf = async (request: Request): Promise<Buyer> => {
  const identity = await identityOf(request);
  if (identity?.kind === 'customer')
    return { kind: 'customer', customerId: identity.customerId, email: identity.email };
  if (identity?.kind === 'staff' && can(identity.role, 'sell'))
    return { kind: 'staff', permissions: new Set(permissionsOf(identity.role)) };
  return { kind: 'guest' };
};

const ACCOUNT_EXISTS =
  'An account already uses this e-mail address. Please sign in, or check out without creating an account.';

/**
 * Register at checkout: the account is made before anything is charged (core/orders/
 * register-at-checkout.ts) and this browser signed in to it; the buyer becomes that customer.
 * The cookies are the request's in hapi, so they go with whatever the checkout then answers: a
 * declined card leaves the buyer signed in, and their next try pays as that customer.
 */
const registerBuyer = async (
  runtime: AppRuntime,
  request: Request,
  h: ResponseToolkit,
  cmd: PlaceOrder,
  signInLink: string,
): Promise<Buyer> => {
  const customer = await runGift(
    runtime,
    registerAtCheckout(cmd, signInLink).pipe(
      Effect.catchTag('EmailTaken', () => Effect.succeed('taken' as const)),
    ),
  );
  // Said as it is, before anything is charged: the buyer signs in or checks out as a guest.
  if (customer === 'taken') throw Boom.conflict(ACCOUNT_EXISTS, { body: { Fields: ['Email'] } });
  if (customer === null) return cmd.buyer;
  const old = sessionTokenOf(request);
  const agent: unknown = request.headers['user-agent'];
  const { token } = await runtime.runPromise(
    Effect.gen(function* () {
      const sessions = yield* Sessions;
      if (old) yield* sessions.end(old);
      return yield* sessions.create('customer', customer.customerId, {
        address: request.info.remoteAddress || null,
        userAgent: typeof agent === 'string' ? agent : null,
      });
    }),
  );
  withSession(request, h.response(), token, 'customer');
  return { kind: 'customer', customerId: customer.customerId, email: customer.email };
};

export const checkoutPlugin: Plugin<CheckoutPluginOptions> = {
  name: 'foyer-checkout',
  register: (server, { runtime, publicUrl, gateways = { stripe: null, paypal: null } }) => {
    /**
     * A payment type with what the browser loads for it: Stripe.js for Stripe cards and for
     * Afterpay (Stripe.js hands the buyer to Afterpay), the PayPal SDK for PayPal.
     */
    const withScript = <T extends { PaymentType: string; Processor: string }>(
      type: T,
    ): T & Pick<ConsumerPaymentType, 'ScriptUrl' | 'PublishableKey' | 'ClientId'> => {
      if (
        (type.PaymentType === 'CreditCard' || type.PaymentType === 'Afterpay') &&
        type.Processor === 'Stripe' &&
        gateways.stripe
      )
        return {
          ...type,
          ScriptUrl: gateways.stripe.scriptUrl,
          PublishableKey: gateways.stripe.publishableKey,
        };
      if (type.PaymentType === 'PayPal' && gateways.paypal)
        return { ...type, ScriptUrl: gateways.paypal.scriptUrl, ClientId: gateways.paypal.clientId };
      return type;
    };
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/checkout',
        summary:
          "Pay for the caller's basket and make the order (also /api/checkout/). 200 the order; 400 { Message, Fields }; 402 declined; 404 no live basket; 409 seats gone, refunded; 422 RequiresAction; 502 'Error selling tickets'. The same IdempotencyKey never charges or orders twice. GiftCertificate { Code, Amount } pays part or all from a certificate, redeemed with the IdempotencyKey in the sale (400 { Code: BalanceTooLow, Balance } when it has too little; 422 { Code: GiftCertificateShort, Due } when it pays only part and no card pays the rest)",
        tags,
        payload: CheckoutRequest,
        response: CheckoutAnswer,
        handler: async ({ payload, request, h }) => {
          try {
            const cmd: PlaceOrder = {
              basketId: basketIdOf(request),
              buyer: await buyerOf(request),
              customer: customerLookupOf(runtime, request),
              idempotencyKey: payload.IdempotencyKey,
              form: checkoutFormOf(payload),
              paymentMethodName: payload.PaymentMethodName ?? null,
              card: {
                brand: payload.CardBrand ?? null,
                bin: payload.CCBin ?? null,
                last4: payload.CCLast4 ?? null,
              },
              returnUrl: payload.ReturnUrl ?? `${publicUrl}/checkout/payment`,
              giftCertificate: payload.GiftCertificate
                ? { code: payload.GiftCertificate.Code, amount: payload.GiftCertificate.Amount }
                : null,
            };
            const buyer =
              payload.HasJustRegistered && cmd.buyer.kind === 'guest'
                ? await registerBuyer(runtime, request, h, cmd, `${publicUrl}/account/login`)
                : cmd.buyer;
            const order = await runGift(runtime, placeOrder({ ...cmd, buyer }));
            await runtime.runPromise(followUpPaidOrder(order.orderId));
            return { Order: { ID: order.orderId, Name: order.name, Total: order.total }, CustomerTags: [] };
          } catch (error) {
            // 502 'Error selling tickets' sends the buyer to /Checkout/Error.
            if (Boom.isBoom(error) && error.output.statusCode === 502)
              return h.response({ Message: 'Error selling tickets' }).code(502);
            throw error;
          }
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/paymentmethods/consumerPaymentTypes',
        summary:
          'Payment types a consumer may use, in the box office order (CreditCard, Cash, Check, Comp; PayPal after the card when more than 2). Apple Pay only when its merchant validation is configured. A Stripe card or Afterpay type carries ScriptUrl (Stripe.js) and PublishableKey, PayPal ScriptUrl (PayPal JS SDK) and ClientId',
        tags,
        query: ConsumerPaymentTypesQuery,
        response: ConsumerPaymentTypes,
        handler: async () =>
          (await runUseCase(runtime, consumerPaymentTypes()))
            // Apple Pay needs its merchant validation configured; the device check is the browser's.
            .filter((type) => type.PaymentType !== 'ApplePay' || gateways.applePay === true)
            .map(withScript),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/checkout/robotcheck',
        summary:
          'The robot-check widget the payment page shows before paying: its provider (recaptcha or turnstile) and site key, or Provider null when none is configured',
        tags,
        response: RobotCheckSettings,
        handler: () => ({
          Provider: gateways.captcha?.provider ?? null,
          SiteKey: gateways.captcha?.siteKey ?? null,
        }),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/checkout/recaptcha',
        summary:
          "Checks the robot-check widget's answer (query gRecaptchaResponse) with the provider and, when it passes, lets the caller's basket pay for the next half hour. 200 { Success: true, Required: true }; 400 when it does not pass; 503 when the provider cannot be asked. With no provider configured: 200 { Success: false, Required: false } (nothing is checked, nothing is needed)",
        tags,
        query: RecaptchaQuery,
        response: RecaptchaAnswer,
        handler: async ({ query, request }) => {
          // The page's host as the browser asked for it: the provider names the host the widget ran on.
          const site = { hostname: request.info.hostname, remoteIp: request.info.remoteAddress || null };
          const answer = await runUseCase(
            runtime,
            checkRobot(basketIdOf(request), query.gRecaptchaResponse, site),
          );
          if (!answer.required) return { Success: false, Required: false };
          if (!answer.passed)
            throw Boom.badRequest('Please confirm you are not a robot.', {
              body: { Success: false, Required: true },
            });
          return { Success: true, Required: true };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/promotions/validateBIN',
        summary: 'Whether a card whose number starts with BINNumber may use the BIN-restricted promotion id',
        tags,
        query: ValidateBinQuery,
        response: ValidateBinAnswer,
        handler: async ({ query }) => {
          const valid = await runUseCase(runtime, validateBin(query.id, query.BINNumber.slice(0, 6)));
          return {
            IsValid: valid,
            Message: valid
              ? null
              : 'This promotion is not available with this card. Please use another card.',
          };
        },
      }),
    ]);
  },
};
