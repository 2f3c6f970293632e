import type { Knex } from 'knex';
import { findCertificate, issueCertificate, moveMoney } from './gift-certificates.ts';

// A refund onto a gift certificate (refund_type GiftCertificate, migrations/
// 20261214000100_gift_certificate_sales.ts): settled in ONE transaction with the money put on the
// certificate, so it happens once whatever runs it again: the named certificate credited with the
// refund's own key, or (no code named) a new certificate issued, and the refund row marked
// succeeded with its destination. A GiftCertificate payment refunded its own way goes back onto
// the certificate it was paid from (the payment's reference is its code).

interface PendingGiftRefund {
  id: number;
  order_id: number;
  amount: number;
  currency: string;
  idempotency_key: string;
  gift_certificate_code: string | null;
  payment_type: string;
  payment_ref: string | null;
}

/** Settles a pending GiftCertificate refund; false when it was not pending (another run did it). */
export const settleGiftRefund = (db: Knex, refundId: number): Promise<boolean> =>
  db.transaction(async (trx) => {
    const refund: PendingGiftRefund | undefined = await trx('refunds as r')
      .join('payments as p', 'p.id', 'r.payment_id')
      .where({ 'r.id': refundId, 'r.status': 'pending' })
      .forUpdate('r')
      .first(
        'r.id',
        'r.order_id',
        'r.amount',
        'r.currency',
        'r.idempotency_key',
        'r.gift_certificate_code',
        'p.payment_type',
        'p.payment_ref',
      );
    if (!refund) return false;
    const code =
      refund.gift_certificate_code ?? (refund.payment_type === 'GiftCertificate' ? refund.payment_ref : null);
    let certificateId: number;
    const target = code ? await findCertificate(trx, code) : null;
    if (code && target?.currency !== refund.currency) {
      await trx('refunds')
        .where({ id: refundId })
        .update({
          status: 'failed',
          failure_message: `The gift certificate ${code} is not one in ${refund.currency}.`,
          updated_at: trx.fn.now(),
        });
      return true;
    }
    if (code) {
      const moved = await moveMoney(trx, 'refund', {
        code,
        amount: refund.amount,
        key: refund.idempotency_key,
        orderId: refund.order_id,
      });
      if (!moved.ok) {
        await trx('refunds')
          .where({ id: refundId })
          .update({
            status: 'failed',
            failure_message: `The gift certificate could not be credited (${moved.error._tag}).`,
            updated_at: trx.fn.now(),
          });
        return true;
      }
      certificateId = moved.value.certificate.id;
    } else {
      const issued = await issueCertificate(trx, {
        amount: refund.amount,
        currency: refund.currency,
        orderId: refund.order_id,
      });
      certificateId = issued.id;
    }
    await trx('refunds')
      .where({ id: refundId })
      .update({ status: 'succeeded', gift_certificate_id: certificateId, updated_at: trx.fn.now() });
    return true;
  });
