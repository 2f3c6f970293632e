import { Effect, Exit, type Layer } from 'effect';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from '../database.ts';
import { createTestDatabase } from '../../../test/database.ts';
import {
  giftCertificateBalance,
  issueGiftCertificate,
  redeemGiftCertificate,
  refundToGiftCertificate,
} from '../../../core/extras/gift-certificate-actions.ts';
import {
  codeFromRandomBytes,
  formatGiftCertificateCode,
} from '../../../core/extras/gift-certificate-code.ts';
import { GiftCertificates } from '../../../core/extras/ports.ts';
import { GiftCertificatesPostgres } from './gift-certificates.ts';

// Gift certificates on a real database: twenty redemptions of one certificate at the same moment
// never spend more than it holds, the store agrees with a model over random sequences of
// movements, and PostgreSQL itself refuses a negative balance or a changed entry.

let drop: () => Promise<void>;
let db: Knex;
let layer: Layer.Layer<GiftCertificates>;

beforeAll(async () => {
  const database = await createTestDatabase({ seed: false });
  drop = database.drop;
  db = createDatabase(database.url, { max: 30 });
  layer = GiftCertificatesPostgres(db);
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const run = <A, E>(program: Effect.Effect<A, E, GiftCertificates>) =>
  Effect.runPromiseExit(Effect.provide(program, layer));
const runOk = async <A, E>(program: Effect.Effect<A, E, GiftCertificates>) => {
  const exit = await run(program);
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`);
  return exit.value;
};
const failureTag = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit)
    ? ((exit.cause.reasons[0] as { error?: { _tag?: string } })?.error?._tag ?? 'defect')
    : 'ok';

const issue = (amount: number, currency = 'USD') =>
  runOk(issueGiftCertificate({ amount, currency, orderId: null }));
const redeem = (code: string, amount: number, key: string, currency = 'USD') =>
  run(redeemGiftCertificate({ code, amount, currency, key, orderId: null }));
const refund = (code: string, amount: number, key: string) =>
  run(refundToGiftCertificate({ code, amount, currency: 'USD', key, orderId: null }));

const ledgerSum = async (code: string) => {
  const { rows } = await db.raw<{ rows: { sum: number; balance: number }[] }>(
    `select coalesce(sum(e.amount), 0)::int as sum, g.balance
       from gift_certificates g left join gift_certificate_entries e on e.gift_certificate_id = g.id
      where g.code = ? group by g.id`,
    [code],
  );
  return rows[0]!;
};

/** Waits until `n` sessions of this database are waiting for a lock. */
const untilWaiting = async (n: number) => {
  for (let i = 0; i < 400; i++) {
    const { rows } = await db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${n} sessions never waited for the certificate's lock`);
};

describe('redeeming one certificate from many checkouts at once', () => {
  test('20 redemptions of 10.00 against 100.00: exactly 10 succeed, the balance ends at 0 and never went below', async () => {
    const certificate = await issue(10_000);
    // Hold the certificate's row so all twenty reach its lock before any goes through.
    const holder = await db.transaction();
    let exits: Exit.Exit<unknown, unknown>[];
    try {
      await holder.raw('select id from gift_certificates where id = ? for update', [certificate.id]);
      const all = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          redeem(certificate.code, 1_000, `checkout-${certificate.id}-${i}`),
        ),
      );
      await untilWaiting(20);
      await holder.commit();
      exits = await all;
    } catch (error) {
      await holder.rollback();
      throw error;
    }
    expect(exits.filter(Exit.isSuccess)).toHaveLength(10);
    expect(exits.filter((e) => !Exit.isSuccess(e)).map(failureTag)).toEqual(
      Array(10).fill('GiftCertificateBalanceTooLow'),
    );
    expect(await ledgerSum(certificate.code)).toEqual({ sum: 0, balance: 0 });
    // Each successful redemption saw a balance 10.00 lower than the one before: never below 0.
    const after = exits
      .filter(Exit.isSuccess)
      .map((e) => (e.value as { certificate: { balance: number } }).certificate.balance)
      .sort((a, b) => b - a);
    expect(after).toEqual([9_000, 8_000, 7_000, 6_000, 5_000, 4_000, 3_000, 2_000, 1_000, 0]);
    const ledger = await runOk(
      Effect.gen(function* () {
        return yield* (yield* GiftCertificates).ledger(certificate.code);
      }),
    );
    expect(ledger.map((e) => e.kind)).toEqual(['issue', ...Array(10).fill('redeem')]);
  }, 60_000);
});

describe('the store against a model', () => {
  type Op =
    { op: 'issue'; amount: number } | { op: 'redeem' | 'refund'; which: number; amount: number; key: number };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('issue' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({
      op: fc.constantFrom('redeem' as const, 'refund' as const),
      which: fc.nat(),
      amount: fc.integer({ min: 1, max: 3_000 }),
      // Few keys, so that some movements repeat one (a retried payment) or reuse one (a mistake).
      key: fc.integer({ min: 0, max: 6 }),
    }),
  );
  let run_ = 0;

  test('answers and balances as the model does over random sequences of issue, redeem and refund', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        run_ += 1;
        const codes: string[] = [];
        const model = new Map<string, number>();
        const keys = new Map<string, { code: string; op: string; amount: number }>();
        for (const o of ops) {
          if (o.op === 'issue') {
            const c = await issue(o.amount);
            codes.push(c.code);
            model.set(c.code, o.amount);
            expect(c.balance).toBe(o.amount);
            continue;
          }
          if (codes.length === 0) continue;
          const code = codes[o.which % codes.length]!;
          const key = `model-${process.pid}-${run_}-${o.key}`;
          const exit =
            o.op === 'redeem' ? await redeem(code, o.amount, key) : await refund(code, o.amount, key);
          const earlier = keys.get(key);
          const balance = model.get(code)!;
          let expected: string;
          if (earlier)
            expected =
              earlier.code === code && earlier.op === o.op && earlier.amount === o.amount
                ? 'ok'
                : 'GiftCertificateKeyReused';
          else if (o.op === 'redeem' && o.amount > balance) expected = 'GiftCertificateBalanceTooLow';
          else {
            expected = 'ok';
            keys.set(key, { code, op: o.op, amount: o.amount });
            model.set(code, balance + (o.op === 'redeem' ? -o.amount : o.amount));
          }
          expect(failureTag(exit)).toBe(expected);
          if (Exit.isSuccess(exit)) expect(exit.value.replayed).toBe(earlier !== undefined);
        }
        for (const code of codes) {
          const found = await runOk(giftCertificateBalance(formatGiftCertificateCode(code).toLowerCase()));
          expect(found.balance).toBe(model.get(code));
          expect(await ledgerSum(code)).toEqual({ sum: model.get(code), balance: model.get(code) });
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('what the database refuses, whatever code asks', () => {
  test('a redemption entry that would take the balance below zero', async () => {
    const c = await issue(500);
    await expect(
      db('gift_certificate_entries').insert({
        gift_certificate_id: c.id,
        kind: 'redeem',
        amount: -501,
        key: 'raw-1',
      }),
    ).rejects.toMatchObject({ code: '23514', constraint: 'gift_certificates_balance' });
    expect(await ledgerSum(c.code)).toEqual({ sum: 500, balance: 500 });
  });

  test('a balance changed other than by an entry, and an entry changed or deleted', async () => {
    const c = await issue(700);
    await expect(db('gift_certificates').where({ id: c.id }).update({ balance: 1_000_000 })).rejects.toThrow(
      /changes only through its ledger entries/,
    );
    await expect(
      db('gift_certificate_entries').where({ gift_certificate_id: c.id }).update({ amount: 900_000 }),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(db('gift_certificate_entries').where({ gift_certificate_id: c.id }).del()).rejects.toThrow(
      /never changed or deleted/,
    );
    // A certificate inserted with a balance starts at 0 all the same.
    const [row] = await db('gift_certificates')
      .insert({ code: codeFromRandomBytes(new Uint8Array(10).fill(1)), currency: 'USD', balance: 5_000 })
      .returning('balance');
    expect(row.balance).toBe(0);
    expect(await ledgerSum(c.code)).toEqual({ sum: 700, balance: 700 });
  });

  test('a second issue entry for one certificate, and a redemption with a positive amount', async () => {
    const c = await issue(100);
    await expect(
      db('gift_certificate_entries').insert({ gift_certificate_id: c.id, kind: 'issue', amount: 100 }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db('gift_certificate_entries').insert({ gift_certificate_id: c.id, kind: 'redeem', amount: 50 }),
    ).rejects.toMatchObject({ code: '23514', constraint: 'gift_certificate_entries_sign' });
  });
});

describe('requests that change nothing', () => {
  test('a typed code that is not a code, a bad amount or key, another currency, an unknown code', async () => {
    const c = await issue(2_000);
    const typo = (c.code[0] === 'A' ? 'B' : 'A') + c.code.slice(1);
    expect(failureTag(await redeem(typo, 100, 'k-typo'))).toBe('GiftCertificateCodeInvalid');
    expect(failureTag(await redeem(c.code, 0, 'k-zero'))).toBe('GiftCertificateRequestInvalid');
    expect(failureTag(await redeem(c.code, 10.5, 'k-frac'))).toBe('GiftCertificateRequestInvalid');
    expect(failureTag(await redeem(c.code, 100, '  '))).toBe('GiftCertificateRequestInvalid');
    const euro = await redeem(c.code, 100, 'k-eur', 'EUR');
    expect(failureTag(euro)).toBe('GiftCertificateRequestInvalid');
    expect(JSON.stringify(euro)).toContain('This gift certificate is in USD and cannot pay in EUR.');
    // A well-formed code (its check character right) that no certificate has.
    const unknown = formatGiftCertificateCode(codeFromRandomBytes(new Uint8Array(10).fill(0xff)));
    expect(failureTag(await run(giftCertificateBalance(unknown)))).toBe('GiftCertificateNotFound');
    expect(failureTag(await redeem(unknown, 100, 'k-unknown'))).toBe('GiftCertificateNotFound');
    expect(
      failureTag(await run(issueGiftCertificate({ amount: 100, currency: 'dollars', orderId: null }))),
    ).toBe('GiftCertificateRequestInvalid');
    expect(await ledgerSum(c.code)).toEqual({ sum: 2_000, balance: 2_000 });
  });
});
