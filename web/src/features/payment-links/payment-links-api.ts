import {
  PaymentConfirmation,
  PaymentLinkViewModel,
  PaymentRequestList,
  PaymentRequestView,
  WorldPaySetupAnswer,
  type PaymentLinkPayment,
  type PaymentRequestCreate,
} from '../../../../adapters/http/contract/payment-links.ts';
import { answerOf, call, getJson, sendJson } from '../../api/api-client.ts';
import { linkPayOutcomeOf, type LinkParams, type LinkPayOutcome } from './payment-link-form.ts';

// The payment links' calls (adapters/http/contract/payment-links.ts).

const linkQuery = (link: LinkParams) =>
  new URLSearchParams({ gsRequestId: String(link.gsRequestId), paymentCode: link.paymentCode }).toString();

/** GET /api/payments/getViewModel: 401 (ApiError) when the link is not a request's. */
export const fetchLinkViewModel = async (link: LinkParams, signal?: AbortSignal) =>
  PaymentLinkViewModel.parse(
    // Read afresh: the request may have been paid a moment ago.
    (await call('GET', `/api/payments/getViewModel?${linkQuery(link)}`, { signal, noStore: true })).body,
  );

/** POST /api/payments: every answer is an outcome, never a throw. */
export const postLinkPayment = async (body: PaymentLinkPayment): Promise<LinkPayOutcome> => {
  const answer = await answerOf('POST', '/api/payments', { body });
  return linkPayOutcomeOf(answer.status, answer.body);
};

/** GET /api/payments/{id}/confirmation with the link's code. */
export const fetchPaymentConfirmation = (
  paymentId: number,
  paymentCode: string | null,
  signal?: AbortSignal,
) =>
  getJson(
    `/api/payments/${paymentId}/confirmation${paymentCode ? `?paymentCode=${encodeURIComponent(paymentCode)}` : ''}`,
    PaymentConfirmation,
    signal,
  );

/** POST /api/worldpay/setup: WorldPay's hosted page for this request. */
export const setUpWorldPay = (link: LinkParams, email: string) =>
  sendJson(
    'POST',
    '/api/worldpay/setup',
    { PaymentRequestId: link.gsRequestId, PaymentCode: link.paymentCode, Email: email || null },
    WorldPaySetupAnswer,
  );

export const fetchPaymentRequests = (signal?: AbortSignal) =>
  getJson('/api/admin/paymentrequests', PaymentRequestList, signal);

export const createPaymentRequest = (body: PaymentRequestCreate) =>
  sendJson('POST', '/api/admin/paymentrequests', body, PaymentRequestView);

export const cancelPaymentRequest = (id: number) =>
  sendJson('POST', `/api/admin/paymentrequests/${id}/cancel`, {}, PaymentRequestView);
