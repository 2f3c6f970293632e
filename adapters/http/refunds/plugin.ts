import Boom from '@hapi/boom';
import type { Plugin, ResponseToolkit } from '@hapi/hapi';
import {
  refundableOrder,
  refundPayment,
  type RefundResult,
} from '../../../core/orders/refunds/refund-order.ts';
import type { RefundablePayment } from '../../../core/orders/refunds/ports.ts';
import type { AppRuntime } from '../../wiring.ts';
import { staffOf } from '../accounts/session.ts';
import { RefundableAnswer, RefundableParams, RefundAnswer, RefundRequest } from '../contract/refunds.ts';
import { defineRoute } from '../route.ts';
import { runRefund } from './answers.ts';
import { formatGiftCertificateCode } from '../../../core/extras/gift-certificate-code.ts';
import { alternativeOf } from '../gift-certificates/refund-destination.ts';

// Money going back, for staff whose role may refund: one payment's refund (back the way it came,
// or as cash from the till), and what an order may give back for the refund dialog. The rules
// are core/payments/refund-allocation.ts; the session plugin writes the audit entries.

export interface RefundsPluginOptions {
  readonly runtime: AppRuntime;
}

const tags = ['refunds'];
const DEFAULT_COUNTER = 'Browser';

export const refundResultAnswer = (orderId: number, result: RefundResult) => ({
  Order: { ID: orderId },
  Refunds: result.refunds.map((r) => ({
    RefundId: r.refundId,
    PaymentId: r.paymentId,
    Amount: r.amount,
    RefundType: r.refundType,
    Status: r.status,
    ...(r.giftCertificateCode
      ? { GiftCertificateCode: formatGiftCertificateCode(r.giftCertificateCode) }
      : {}),
  })),
  BalanceDue: result.balanceDue,
});

/** What the dialog shows for a payment: its method and, for a card, the last digits. */
export const paymentLabel = (p: RefundablePayment): string => {
  const name = p.paymentMethodName ?? p.paymentType;
  return p.cardLast4 ? `${name} ${p.cardBrand ?? 'card'} ending ${p.cardLast4}` : name;
};

/** A processor that did not answer is a 502 in the refund's own words, not the generic 500 text. */
const withGatewayWords = async <A>(h: ResponseToolkit, run: () => Promise<A>) => {
  try {
    return await run();
  } catch (error) {
    if (Boom.isBoom(error) && error.output.statusCode === 502) {
      const words = (error.data as { message?: string } | null)?.message ?? 'Error completing request';
      return h.response({ Message: words }).code(502);
    }
    throw error;
  }
};

export const refundsPlugin: Plugin<RefundsPluginOptions> = {
  name: 'foyer-refunds',
  register: (server, { runtime }) => {
    server.route([
      defineRoute({
        method: 'PUT',
        path: '/api/admin/payments/refund',
        summary:
          "Refunds part or all of one payment of an order: back the way it was paid (card, PayPal, by record for cash, check, comp and custom types), or another way with alternativePaymentRequest: { PaymentType: 'Cash' } from the till, { PaymentType: 'GiftCertificate', Code? } onto a certificate (none named: a new one, its code in the answer). A GiftCertificate payment goes back onto its certificate. Never more than the credit owed (-RemainingBalance) nor than the payment has left. 400 { Message, Code } refused, nothing changed; 404 no such order; 502 the processor could not be reached (the refund is saved and tried again with the same key)",
        tags,
        permission: 'refund',
        payload: RefundRequest,
        response: RefundAnswer,
        handler: async ({ payload, request, h }) =>
          withGatewayWords(h, async () => {
            const staff = await staffOf(request);
            // The route's permission let only staff in.
            if (!staff) throw Boom.unauthorized('Please sign in with a staff account.');
            const result = await runRefund(
              runtime,
              refundPayment({
                orderId: payload.orderId,
                paymentId: payload.paymentId,
                amount: payload.amount,
                alternative: await alternativeOf(runtime, payload.alternativePaymentRequest),
                reason: payload.reason ?? null,
                actor: {
                  staffUserId: staff.staffUserId,
                  name: staff.name,
                  counter: payload.counter ?? DEFAULT_COUNTER,
                },
              }),
            );
            return refundResultAnswer(payload.orderId, result);
          }),
      }),
      defineRoute({
        method: 'GET',
        path: '/api/admin/orders/{id}/refundable',
        summary:
          "What an order may give back: its balance (negative is the credit owed), each payment's amount and what it has left, and the automatic selection of the credit owed (first payments first, each capped at what is needed)",
        tags,
        permission: 'refund',
        params: RefundableParams,
        response: RefundableAnswer,
        handler: async ({ params }) => {
          const { state, suggested } = await runRefund(runtime, refundableOrder(params.id));
          return {
            RemainingBalance: state.balanceDue,
            Currency: state.currency,
            CurrencyLocale: state.currencyLocale,
            Payments: state.payments.map((p) => ({
              Id: p.paymentId,
              Amount: p.amount,
              Refundable: p.amount - p.refunded,
              PaymentType: p.paymentType,
              Label: paymentLabel(p),
            })),
            Suggested: suggested.map((s) => ({ PaymentId: s.paymentId, Amount: s.amount })),
          };
        },
      }),
    ]);
  },
};
