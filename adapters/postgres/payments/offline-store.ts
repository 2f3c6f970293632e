import type { Knex } from 'knex';
import type { OfflinePayment, OfflinePaymentStatus, OfflineStore } from '../../offline/store.ts';
import { runPrepared, type NamedStatement } from '../prepared.ts';

// The offline test processor's tokens, payments and refunds (offline_tokens, offline_payments,
// offline_refunds).

interface PaymentRow {
  ref: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: OfflinePaymentStatus;
  decline_code: string | null;
  brand: string | null;
  bin: string | null;
  last4: string | null;
  return_url: string | null;
}

const paymentOf = (row: PaymentRow): OfflinePayment => ({
  ref: row.ref,
  idempotencyKey: row.idempotency_key,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  declineCode: row.decline_code,
  brand: row.brand,
  bin: row.bin,
  last4: row.last4,
  returnUrl: row.return_url,
});

/**
 * A charge in one statement: the token's test behaviour decides the outcome; a key seen before
 * keeps its first outcome (no token we know, or a saved card, which test mode does not keep:
 * declined).
 */
const CHARGE: NamedStatement = {
  name: 'foyer_offline_charge_v1',
  text: `with tok as (select brand, bin, last4, behaviour from offline_tokens where token = $1),
       ins as (
         insert into offline_payments (ref, idempotency_key, token, amount, currency, status, decline_code,
                                       authentication, brand, bin, last4, return_url)
         select $2, $3, $4, $5, $6,
                case t.behaviour when 'succeed' then 'succeeded' when 'authenticate' then 'requires_action' else 'declined' end,
                case t.behaviour when 'succeed' then null when 'authenticate' then null
                                 when 'insufficient_funds' then 'insufficient_funds' else 'card_declined' end,
                case t.behaviour when 'authenticate' then 'pending' end,
                t.brand, t.bin, t.last4, $7
           from (select 1) one left join tok t on true
         on conflict (idempotency_key) do nothing
         returning *)
       select * from ins
       union all
       select * from offline_payments where idempotency_key = $8 and not exists (select 1 from ins)`,
};

export const offlineStorePostgres = (db: Knex): OfflineStore => {
  const byKey = async (key: string) => {
    const row: PaymentRow | undefined = await db('offline_payments').where({ idempotency_key: key }).first();
    return row ? paymentOf(row) : null;
  };
  const byRef = async (ref: string) => {
    const row: PaymentRow | undefined = await db('offline_payments').where({ ref }).first();
    return row ? paymentOf(row) : null;
  };
  return {
    saveToken: async (token) => {
      await db('offline_tokens').insert({
        token: token.token,
        brand: token.brand,
        bin: token.bin,
        last4: token.last4,
        exp_month: token.expMonth,
        exp_year: token.expYear,
        behaviour: token.behaviour,
      });
    },

    chargeToken: async (payment) => {
      const rows = await runPrepared<PaymentRow>(db, CHARGE, [
        payment.token ?? '',
        payment.ref,
        payment.idempotencyKey,
        payment.token,
        payment.amount,
        payment.currency,
        payment.returnUrl,
        payment.idempotencyKey,
      ]);
      // A twin request with the same key committed while this one waited: its payment is the answer.
      return rows[0] ? paymentOf(rows[0]) : (await byKey(payment.idempotencyKey))!;
    },

    saveDecided: async (payment) => {
      const inserted: PaymentRow[] = await db('offline_payments')
        .insert({
          ref: payment.ref,
          idempotency_key: payment.idempotencyKey,
          token: payment.token,
          amount: payment.amount,
          currency: payment.currency,
          status: payment.status,
          decline_code: payment.declineCode,
          brand: payment.brand,
          bin: null,
          last4: payment.last4,
          return_url: payment.returnUrl,
        })
        .onConflict('idempotency_key')
        .ignore()
        .returning('*');
      return inserted[0] ? paymentOf(inserted[0]) : (await byKey(payment.idempotencyKey))!;
    },

    byKey,
    byRef,

    refund: ({ paymentRef, amount, idempotencyKey, refundRef }) =>
      db.transaction(async (trx) => {
        const done: { ref: string } | undefined = await trx('offline_refunds')
          .where({ idempotency_key: idempotencyKey })
          .first('ref');
        if (done) return { refundRef: done.ref };
        const moved = await trx('offline_payments')
          .where({ ref: paymentRef, status: 'succeeded' })
          .whereRaw('refunded + ? <= amount', [amount])
          .increment('refunded', amount)
          .returning('ref');
        if (moved.length === 0)
          return { refused: `offline payment ${paymentRef} cannot be refunded ${amount}` };
        await trx('offline_refunds').insert({
          ref: refundRef,
          idempotency_key: idempotencyKey,
          payment_ref: paymentRef,
          amount,
        });
        return { refundRef };
      }),

    authenticate: async (ref, answer) => {
      await db('offline_payments')
        .where({ ref, status: 'requires_action' })
        .update(
          answer === 'complete'
            ? { status: 'succeeded', authentication: 'completed' }
            : { status: 'declined', decline_code: 'authentication_failed', authentication: 'failed' },
        );
      return byRef(ref);
    },
  };
};
