import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { giftCertificateBalance } from '../../../core/extras/gift-certificate-actions.ts';
import { formatGiftCertificateCode } from '../../../core/extras/gift-certificate-code.ts';
import {
  GIFT_AMOUNT_CHOICES,
  giftSaleCurrency,
  MAX_GIFT_MESSAGE,
  MAX_GIFT_SALE_AMOUNT,
  MAX_RECIPIENT_NAME,
  MIN_GIFT_SALE_AMOUNT,
} from '../../../core/extras/gift-certificate-sale.ts';
import { addGiftCertificate } from '../../../core/extras/gift-certificate-sale-actions.ts';
import { Basket } from '../contract/basket.ts';
import {
  AddGiftCertificateBody,
  GiftCertificateBalance,
  GiftCertificateCodeParams,
  GiftCertificateOptions,
  GiftBalancePaymentAnswer,
  GiftBalancePaymentRequest,
} from '../contract/gift-certificates.ts';
import { payBalanceFromGiftCertificate } from '../../../core/extras/gift-balance-payment.ts';
import { staffOf } from '../accounts/session.ts';
import { withBasketCookie } from '../basket/basket-cookie.ts';
import { callerOf } from '../basket/caller.ts';
import { basketView } from '../basket/basket-view.ts';
import { defineRoute } from '../route.ts';
import type { AppRuntime } from '../../wiring.ts';
import { runGift } from './run.ts';

// Gift certificates on sale (core/extras/README.md): the selection page's choices, a certificate
// into the basket (the basket's own cookie, as /api/baskets/additems), and a code's balance for
// the payment page and the counter. Paying with one and refunding onto one are the checkout's,
// the counter's and the refunds' calls; paying a counter order's later balance with one is here.

export interface GiftCertificatesPluginOptions {
  readonly runtime: AppRuntime;
  /** BASKET_HOLD_MINUTES: how long a new basket lasts. */
  readonly holdMinutes: number;
}

const tags = ['gift certificates'];

export const giftCertificatesPlugin: Plugin<GiftCertificatesPluginOptions> = {
  name: 'foyer-gift-certificates',
  register: (server, { runtime, holdMinutes }) => {
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/payments/giftcertificate',
        summary:
          "A gift certificate pays (part of) a counter order's balance due (after a split tender, an exchange or an invoice): Amount, or all the balance the certificate can pay. Never more than the balance due or the certificate's balance; redeemed with the IdempotencyKey, which answers the first payment when sent again. 400 { Code: BalanceTooLow | RequestInvalid | CodeInvalid }; 404 no such order or code",
        tags,
        permission: 'sell',
        payload: GiftBalancePaymentRequest,
        response: GiftBalancePaymentAnswer,
        handler: async ({ payload, request }) => {
          const staff = await staffOf(request);
          // The route's permission let only staff in.
          if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
          const paid = await runGift(
            runtime,
            payBalanceFromGiftCertificate({
              orderId: payload.OrderId,
              idempotencyKey: payload.IdempotencyKey,
              code: payload.Code,
              amount: payload.Amount ?? null,
              seller: { id: staff.staffUserId, name: staff.name },
              counter: payload.Counter ?? 'Browser',
            }),
          );
          return {
            PaymentID: paid.paymentId,
            Amount: paid.amount,
            BalanceDue: paid.balanceDue,
            Order: { ID: paid.orderId, Name: paid.orderName, Total: paid.total },
          };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/giftcertificates/options',
        summary:
          'The gift certificate amounts offered, and the limits of a custom amount, in minor units of CurrencyCode (CurrencyLocale: how the page writes them)',
        tags,
        response: GiftCertificateOptions,
        handler: async () => {
          const currency = await runtime.runPromise(giftSaleCurrency);
          return {
            Amounts: [...GIFT_AMOUNT_CHOICES],
            Minimum: MIN_GIFT_SALE_AMOUNT,
            Maximum: MAX_GIFT_SALE_AMOUNT,
            RecipientNameMaxLength: MAX_RECIPIENT_NAME,
            MessageMaxLength: MAX_GIFT_MESSAGE,
            CurrencyCode: currency.code,
            CurrencyLocale: currency.locale,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/baskets/giftcertificates',
        summary:
          "A gift certificate into the caller's basket (a new one if none is live), paid through the normal checkout; issued and e-mailed to the recipient (or the buyer) once the order is placed. 400 { Message } names the field to fix",
        tags,
        payload: AddGiftCertificateBody,
        response: Basket,
        handler: async ({ payload, request, h }) => {
          const added = await runGift(
            runtime,
            addGiftCertificate({
              caller: await callerOf(runtime, request),
              holdSeconds: holdMinutes * 60,
              salesChannel: payload.salesChannel ?? 'Web',
              item: {
                amount: payload.Amount,
                recipientName: payload.RecipientName ?? null,
                recipientEmail: payload.RecipientEmail ?? null,
                message: payload.Message ?? null,
              },
            }),
          );
          return withBasketCookie(
            request,
            h.response(basketView(added.basket)).header('cache-control', 'no-store'),
            added.basketId,
          );
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/giftcertificates/{code}',
        summary:
          "A gift certificate's balance (the code in any case, with or without hyphens). 400 not a code (says what is wrong); 404 no certificate has it",
        tags,
        params: GiftCertificateCodeParams,
        response: GiftCertificateBalance,
        handler: async ({ params, h }) => {
          const found = await runGift(runtime, giftCertificateBalance(params.code));
          return h
            .response({
              Code: formatGiftCertificateCode(found.code),
              Balance: found.balance,
              IsoCurrencyCode: found.currency,
            })
            .header('cache-control', 'no-store');
        },
      }),
    ]);
  },
};
