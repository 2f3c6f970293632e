import type { z } from 'zod';
import {
  RefundableAnswer,
  RefundAnswer,
  type RefundLineAnswer,
  type RefundRequest,
} from '../../../../adapters/http/contract/refunds.ts';
import { call, sendJson } from '../../api/api-client.ts';

// The refund calls, with the contract's schemas: what each of an order's payments can still give
// back (with the rules' suggestion), and one refund from one payment (CSRF header, api-client.ts).

export type Refundable = z.infer<typeof RefundableAnswer>;
export type RefundLine = z.infer<typeof RefundLineAnswer>;
export type { RefundAnswer, RefundRequest };

/** Read afresh: what a payment can give back changes with every refund. */
export const fetchRefundable = async (orderId: number, signal?: AbortSignal) =>
  RefundableAnswer.parse(
    (await call('GET', `/api/admin/orders/${orderId}/refundable`, { signal, noStore: true })).body,
  );

export const refundPayment = (request: RefundRequest) =>
  sendJson('PUT', '/api/admin/payments/refund', request, RefundAnswer);
