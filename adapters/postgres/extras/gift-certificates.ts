import { randomBytes } from 'node:crypto';
import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import { CODE_RANDOM_BYTES, codeFromRandomBytes } from '../../../core/extras/gift-certificate-code.ts';
import {
  decideRedeem,
  GiftCertificateBalanceTooLow,
  GiftCertificateKeyReused,
  GiftCertificateNotFound,
  signedAmount,
  type GiftEntryKind,
} from '../../../core/extras/gift-certificates.ts';
import {
  GiftCertificates,
  type GiftCertificate,
  type GiftLedgerRow,
  type GiftMovement,
  type GiftMovementRequest,
} from '../../../core/extras/ports.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';

// Gift certificates and their ledger (migrations/20261213000200_gift_certificates.ts). Every
// movement takes the certificate's row lock first (select ... for update), so concurrent
// redemptions of one certificate queue and each reads the balance the one before it left; the
// entry's trigger moves the balance in the same statement, and the check balance >= 0 refuses
// anything that would spend more than is there even if this code were wrong. The 20-at-once test
// in gift-certificates.test.ts holds it to that.

interface CertificateRow {
  id: number;
  code: string;
  currency: string;
  balance: number;
  created_at: Date;
}

interface EntryRow {
  id: string;
  gift_certificate_id: number;
  kind: GiftEntryKind;
  amount: number;
  order_id: number | null;
  key: string | null;
  at: Date;
}

const UNIQUE_VIOLATION = '23505';

const certificateOf = (row: CertificateRow): GiftCertificate => ({
  id: row.id,
  code: row.code,
  currency: row.currency,
  balance: row.balance,
  createdAt: row.created_at,
});

const errorCode = (error: unknown) => (error as { code?: string; constraint?: string }).code;
const constraintOf = (error: unknown) => (error as { constraint?: string }).constraint;

/** A new certificate and its issue entry; a code drawn twice (75 random bits: never) is drawn again. */
export const issueCertificate = async (
  db: Knex,
  request: { amount: number; currency: string; orderId: number | null },
  random: (size: number) => Uint8Array = randomBytes,
): Promise<GiftCertificate> => {
  for (let attempt = 1; ; attempt++) {
    const code = codeFromRandomBytes(random(CODE_RANDOM_BYTES));
    try {
      return await db.transaction(async (trx) => {
        const [made] = await trx<CertificateRow>('gift_certificates')
          .insert({ code, currency: request.currency })
          .returning('id');
        await trx('gift_certificate_entries').insert({
          gift_certificate_id: made!.id,
          kind: 'issue',
          amount: signedAmount('issue', request.amount),
          order_id: request.orderId,
        });
        const row: CertificateRow = await trx('gift_certificates').where({ id: made!.id }).first();
        return certificateOf(row);
      });
    } catch (error) {
      if (
        errorCode(error) === UNIQUE_VIOLATION &&
        constraintOf(error) === 'gift_certificates_code_unique' &&
        attempt < 5
      )
        continue;
      throw error;
    }
  }
};

export const findCertificate = async (db: Knex, code: string): Promise<GiftCertificate | null> => {
  const row: CertificateRow | undefined = await db('gift_certificates').where({ code }).first();
  return row ? certificateOf(row) : null;
};

type MoveError = GiftCertificateNotFound | GiftCertificateBalanceTooLow | GiftCertificateKeyReused;

/** A redemption or a refund, under the certificate's row lock. */
export const moveMoney = async (
  db: Knex,
  kind: 'redeem' | 'refund',
  request: GiftMovementRequest,
): Promise<Outcome<GiftMovement, MoveError>> => {
  try {
    return await inTransaction<GiftMovement, MoveError>(db, async (trx) => {
      const row: CertificateRow | undefined = await trx('gift_certificates')
        .where({ code: request.code })
        .forUpdate()
        .first();
      if (!row) return refuse(new GiftCertificateNotFound({ code: request.code }));
      const amount = signedAmount(kind, request.amount);

      // The same key again: the first movement's answer, or a refusal if it named another.
      const earlier: EntryRow | undefined = await trx('gift_certificate_entries')
        .where({ key: request.key })
        .first();
      if (earlier) {
        if (earlier.gift_certificate_id !== row.id || earlier.kind !== kind || earlier.amount !== amount)
          return refuse(new GiftCertificateKeyReused({ key: request.key }));
        return { entryId: Number(earlier.id), certificate: certificateOf(row), kind, amount, replayed: true };
      }

      if (kind === 'redeem') {
        const decision = decideRedeem(row.balance, request.amount);
        if (!decision.ok)
          return refuse(
            new GiftCertificateBalanceTooLow({
              code: row.code,
              balance: row.balance,
              amount: request.amount,
              currency: row.currency,
            }),
          );
      }
      const [entry] = await trx<EntryRow>('gift_certificate_entries')
        .insert({ gift_certificate_id: row.id, kind, amount, order_id: request.orderId, key: request.key })
        .returning('id');
      return {
        entryId: Number(entry!.id),
        certificate: certificateOf({ ...row, balance: row.balance + amount }),
        kind,
        amount,
        replayed: false,
      };
    });
  } catch (error) {
    // The key is already another certificate's (that certificate's lock is not ours to wait on).
    if (
      errorCode(error) === UNIQUE_VIOLATION &&
      constraintOf(error) === 'gift_certificate_entries_key_unique'
    )
      return { ok: false, error: new GiftCertificateKeyReused({ key: request.key }) };
    throw error;
  }
};

export const readLedger = async (db: Knex, code: string): Promise<GiftLedgerRow[] | null> => {
  const certificate = await findCertificate(db, code);
  if (!certificate) return null;
  const rows: EntryRow[] = await db('gift_certificate_entries')
    .where({ gift_certificate_id: certificate.id })
    .orderBy('id');
  return rows.map((e) => ({
    entryId: Number(e.id),
    kind: e.kind,
    amount: e.amount,
    orderId: e.order_id,
    key: e.key,
    at: e.at,
  }));
};

const fromOutcome = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (o) => (o.ok ? Effect.succeed(o.value) : Effect.fail(o.error)));

export const GiftCertificatesPostgres = (db: Knex, random?: (size: number) => Uint8Array) =>
  Layer.succeed(GiftCertificates, {
    issue: (request) => Effect.promise(() => issueCertificate(db, request, random)),
    find: (code) => Effect.promise(() => findCertificate(db, code)),
    redeem: (request) => fromOutcome(() => moveMoney(db, 'redeem', request)),
    // A refund never checks the balance: a BalanceTooLow from it would be a fault.
    refund: (request) =>
      fromOutcome(() => moveMoney(db, 'refund', request)).pipe(
        Effect.catchTag('GiftCertificateBalanceTooLow', (e) => Effect.die(e)),
      ),
    ledger: (code) =>
      Effect.flatMap(
        Effect.promise(() => readLedger(db, code)),
        (rows) => (rows ? Effect.succeed(rows) : Effect.fail(new GiftCertificateNotFound({ code }))),
      ),
  });
