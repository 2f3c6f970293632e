import { randomBytes } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { Effect } from 'effect';
import {
  cancelPaymentRequest,
  createPaymentRequest,
  listPaymentRequests,
} from '../../../core/group-sales/manage-requests.ts';
import { payRequest, paymentConfirmation, requestByLink } from '../../../core/group-sales/pay-request.ts';
import {
  checkRequestFields,
  groupOrderRef,
  mayPay,
  PAYMENT_CODE_BYTES,
  paymentCodeFromBytes,
} from '../../../core/group-sales/payment-request.ts';
import { PaymentRequests } from '../../../core/group-sales/ports.ts';
import { PaymentGateways } from '../../../core/payments/ports.ts';
import type { WorldPayGateway } from '../../worldpay/gateway.ts';
import type { AppRuntime } from '../../wiring.ts';
import { mayDo, staffOf } from '../accounts/session.ts';
import type { BrowserGateways } from '../browser-gateways.ts';
import {
  PaymentConfirmation,
  PaymentConfirmationQuery,
  PaymentLinkPaid,
  PaymentLinkPayment,
  PaymentLinkQuery,
  PaymentLinkViewModel,
  PaymentRequestCreate,
  PaymentRequestIdParams,
  PaymentRequestList,
  PaymentRequestView,
  WorldPaySetupAnswer,
  WorldPaySetupRequest,
} from '../contract/payment-links.ts';
import { defineRoute, runUseCase } from '../route.ts';
import { linkErrors } from './link-errors.ts';
import { requestView } from './request-view.ts';

// Group-sales payment links (core/group-sales/): staff make a request for a group's deposit or
// balance and send its link; the payer opens /payment/paymentlink?gsRequestId&paymentCode and pays
// by card through the card gateway checkout uses, 3-D Secure included.

export interface PaymentLinksPluginOptions {
  readonly runtime: AppRuntime;
  /** The browser side of the card gateway (Stripe.js when Stripe is configured). */
  readonly gateways: BrowserGateways;
  /** WorldPay's hosted page, when configured. */
  readonly worldpay: WorldPayGateway | null;
  /** The address customers use: the base of WorldPay's return addresses. */
  readonly publicUrl: string;
}

const adminTags = ['admin', 'payment-links'];
const tags = ['payments'];

export const paymentLinksPlugin: Plugin<PaymentLinksPluginOptions> = {
  name: 'foyer-payment-links',
  register: (server, { runtime, gateways, worldpay, publicUrl }) => {
    const site = publicUrl.replace(/\/+$/, '');
    server.route([
      defineRoute({
        method: 'POST',
        path: '/api/admin/paymentrequests',
        summary:
          "Make a group-sales payment request (a deposit or the balance): answers 201 with its GsRequestId, PaymentCode and Link, the payer's page. 400 { Message, Fields } names each field to fix",
        tags: adminTags,
        permission: 'sell',
        payload: PaymentRequestCreate,
        response: PaymentRequestView,
        handler: async ({ payload, request, h }) => {
          const input = {
            customerName: payload.CustomerName,
            customerEmail: payload.CustomerEmail,
            description: payload.Description,
            kind: payload.Kind,
            amount: payload.Amount,
            currency: payload.Currency,
          };
          const checked = checkRequestFields(input);
          if (!checked.ok)
            throw Boom.badRequest(checked.problems.map((p) => p.message).join(' '), {
              body: { Fields: checked.problems.map((p) => p.field) },
            });
          const staff = await staffOf(request);
          const code = paymentCodeFromBytes(randomBytes(PAYMENT_CODE_BYTES));
          const created = await runUseCase(
            runtime,
            createPaymentRequest(input, code, staff?.staffUserId ?? null),
          );
          return h.response(requestView(created, null)).code(201).header('cache-control', 'no-store');
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/paymentrequests',
        summary:
          'Group-sales payment requests, newest first, with their status and the payment that paid them',
        tags: adminTags,
        permission: 'sell',
        response: PaymentRequestList,
        handler: async () =>
          (await runUseCase(runtime, listPaymentRequests())).map(({ request, payment }) =>
            requestView(request, payment),
          ),
      }),
      defineRoute({
        method: 'POST',
        path: '/api/admin/paymentrequests/{id}/cancel',
        summary:
          'Cancel an open payment request: its link takes no payment any more. 409 when paid or cancelled already',
        tags: adminTags,
        permission: 'sell',
        params: PaymentRequestIdParams,
        response: PaymentRequestView,
        handler: async ({ params }) =>
          requestView(await runUseCase(runtime, linkErrors(cancelPaymentRequest(params.id))), null),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/payments/getViewModel',
        summary:
          "What a payment link's page shows: who asks, for what, how much, and how the card is taken. 401 when gsRequestId and paymentCode do not match a request (the page goes to /payment/Unauthorized)",
        tags,
        query: PaymentLinkQuery,
        response: PaymentLinkViewModel,
        handler: async ({ query }) => {
          const { request, paid, processor } = await runUseCase(
            runtime,
            linkErrors(
              Effect.gen(function* () {
                const request = yield* requestByLink(query.gsRequestId, query.paymentCode);
                const paid = mayPay(request.status)
                  ? null
                  : yield* (yield* PaymentRequests).paidBy(request.id);
                const processor = (yield* PaymentGateways).card.name;
                return { request, paid, processor };
              }),
            ),
          );
          const stripe = processor === 'Stripe' ? gateways.stripe : null;
          return {
            GsRequestId: request.id,
            CustomerName: request.customerName,
            Description: request.description,
            IsDepositPayment: request.kind === 'deposit',
            Amount: request.amount,
            Currency: request.currency,
            Status: request.status,
            PaymentId: paid?.id ?? null,
            ReqAcceptTermsOfService: true,
            ReqAllFields: true,
            CardProcessor: processor,
            ScriptUrl: stripe?.scriptUrl ?? null,
            PublishableKey: stripe?.publishableKey ?? null,
            WorldPayAvailable: worldpay !== null,
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/payments',
        summary:
          "Pay a group-sales payment request (PaymentRequestId, PaymentCode) by card, or with WorldPayData after WorldPay's page. 200 { PaymentID }; 400 { Message, Fields }; 401 not the link's; 402 declined; 409 already paid or cancelled; 422 RequiresAction (authenticate, then POST again with PaymentIntentId and the same IdempotencyKey); 502. The same IdempotencyKey never charges twice",
        tags,
        payload: PaymentLinkPayment,
        response: PaymentLinkPaid,
        handler: async ({ payload }) => {
          const worldPay = payload.PaymentType === 'WorldPay' ? (payload.WorldPayData ?? null) : null;
          if (payload.PaymentType === 'WorldPay' && !worldPay)
            throw Boom.badRequest('WorldPayData: give the parameters WorldPay returned with.', {
              body: { Fields: ['WorldPayData'] },
            });
          const paid = await runUseCase(
            runtime,
            linkErrors(
              payRequest({
                requestId: payload.PaymentRequestId,
                paymentCode: payload.PaymentCode,
                idempotencyKey: payload.IdempotencyKey,
                payer: {
                  firstName: payload.FirstName,
                  lastName: payload.LastName,
                  email: payload.Email,
                  acceptTermsOfService: payload.AcceptTermsOfService,
                },
                token: payload.Token ?? null,
                paymentIntentId: payload.PaymentIntentId ?? null,
                card:
                  payload.CCLast4 && payload.CardBrand
                    ? { brand: payload.CardBrand, bin: payload.CCBin ?? '', last4: payload.CCLast4 }
                    : null,
                worldPayData: worldPay,
              }),
            ),
          );
          return { PaymentID: paid.paymentId };
        },
      }),
      defineRoute({
        method: 'GET',
        path: '/api/payments/{id}/confirmation',
        summary:
          "A payment link's payment, for its confirmation page: the payer gives the link's paymentCode; staff who may sell need none. 401 otherwise (the page goes to /payment/Unauthorized)",
        tags,
        params: PaymentRequestIdParams,
        query: PaymentConfirmationQuery,
        response: PaymentConfirmation,
        handler: async ({ params, query, request }) => {
          const code = query.paymentCode ?? null;
          if (code === null && !(await mayDo(request, 'sell')))
            throw Boom.unauthorized('This payment is not yours to see.');
          const { payment, request: paymentRequest } = await runUseCase(
            runtime,
            linkErrors(paymentConfirmation(params.id, code)),
          );
          return {
            PaymentID: payment.id,
            GsRequestId: paymentRequest.id,
            CustomerName: paymentRequest.customerName,
            Description: paymentRequest.description,
            IsDepositPayment: paymentRequest.kind === 'deposit',
            Amount: payment.amount,
            Currency: payment.currency,
            PayerName: payment.payerName,
            PayerEmail: payment.payerEmail,
            CardBrand: payment.card?.brand ?? null,
            CCLast4: payment.card?.last4 ?? null,
            PaidAt: (paymentRequest.paidAt ?? payment.createdAt).toISOString(),
          };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/api/worldpay/setup',
        summary:
          "Send a payment link's payer to WorldPay's hosted page: answers { url }, which returns to /payment/processing (or /payment/worldPayError). 409 when WorldPay is not configured",
        tags,
        payload: WorldPaySetupRequest,
        response: WorldPaySetupAnswer,
        handler: async ({ payload }) => {
          if (!worldpay)
            throw Boom.conflict('WorldPay is not set up for this box office. Please pay by card.');
          const paymentRequest = await runUseCase(
            runtime,
            linkErrors(requestByLink(payload.PaymentRequestId, payload.PaymentCode)),
          );
          if (!mayPay(paymentRequest.status))
            throw Boom.conflict('This payment request has already been paid or cancelled.');
          const exit = await Effect.runPromiseExit(
            worldpay.createOrder({
              basketId: groupOrderRef(paymentRequest.id),
              amount: paymentRequest.amount,
              currency: paymentRequest.currency,
              description: paymentRequest.description,
              shopperEmail: payload.Email ?? null,
              resultUrl: `${site}/payment/processing`,
              errorUrl: `${site}/payment/worldPayError`,
            }),
          );
          if (exit._tag === 'Failure')
            throw Boom.badGateway('WorldPay could not be reached. Please pay by card.');
          return { url: exit.value.url };
        },
      }),
    ]);
  },
};
