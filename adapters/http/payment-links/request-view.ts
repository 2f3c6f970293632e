import type { PaymentRequest } from '../../../core/group-sales/payment-request.ts';
import { paymentLinkPath } from '../../../core/group-sales/payment-request.ts';
import type { GroupPayment } from '../../../core/group-sales/ports.ts';
import type { PaymentRequestView } from '../contract/payment-links.ts';

/** A payment request as staff see it (contract: PaymentRequestView). */
export const requestView = (request: PaymentRequest, payment: GroupPayment | null): PaymentRequestView => ({
  GsRequestId: request.id,
  PaymentCode: request.paymentCode,
  Link: paymentLinkPath(request),
  CustomerName: request.customerName,
  CustomerEmail: request.customerEmail,
  Description: request.description,
  Kind: request.kind,
  Amount: request.amount,
  Currency: request.currency,
  Status: request.status,
  CreatedAt: request.createdAt.toISOString(),
  PaidAt: request.paidAt?.toISOString() ?? null,
  PaymentId: payment?.id ?? null,
});
