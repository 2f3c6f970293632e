import type { Alternative } from '../../../core/orders/refunds/refund-order.ts';
import { giftCertificateBalance } from '../../../core/extras/gift-certificate-actions.ts';
import type { RefundRequest } from '../contract/refunds.ts';
import type { AppRuntime } from '../../wiring.ts';
import { runGift } from './run.ts';

// Where a refund's alternativePaymentRequest sends the money: cash from the till, or a gift
// certificate. A code named must be a certificate's (400 not a code, 404 none has it) before
// anything is refunded; no code: a new certificate is issued when the refund settles.

export const alternativeOf = async (
  runtime: AppRuntime,
  request: RefundRequest['alternativePaymentRequest'],
): Promise<Alternative> => {
  if (!request) return null;
  if (request.PaymentType === 'Cash') return 'Cash';
  const typed = (request.Code ?? '').trim();
  if (typed === '') return { giftCertificateCode: null };
  const certificate = await runGift(runtime, giftCertificateBalance(typed));
  return { giftCertificateCode: certificate.code };
};
