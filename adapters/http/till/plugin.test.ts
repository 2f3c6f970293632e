import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fromZonedTime } from 'date-fns-tz';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import { insertTestSale, type TestSale } from '../../postgres/boxoffice/test-sales.ts';
import { hashPassword } from '../../crypto/password.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { DEMO_PASSWORD, signedIn, staffOfRole } from '../checkout/test-people.ts';
import { TillReport } from '../contract/till.ts';

// The till report against the rows it reads: random counter sales (with web payments, failed and
// handed-back payments, another currency and the day's edges as noise), and the report's figures
// checked against sums computed in SQL over the same rows, the day taken by PostgreSQL's own
// reading of the venue's zone.

let api: TestApi;
let db: Knex;
let supervisor: Browser;
let timeZone: string;
const sellers: { id: number; name: string }[] = [];

beforeAll(async () => {
  api = await createTestApi();
  db = api.db;
  supervisor = await staffOfRole(api.server, db, 'BoxOfficeSupervisor');
  timeZone = (await db('venues').orderBy('id').first('time_zone')).time_zone;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const name of ['Ann Till', 'Bob Till', 'Cy Till']) {
    const [row] = await db('staff_users')
      .insert({
        email: `${name.split(' ')[0]!.toLowerCase()}.till@foyer.local`,
        name,
        role: 'Seller',
        password_hash: hash,
      })
      .returning(['id', 'name']);
    sellers.push(row);
  }
}, 120_000);
afterAll(async () => {
  await api?.close();
});

const report = async (query: string) => {
  const res = await supervisor.call('GET', `/api/admin/reports/till?${query}`);
  expect(res.status, res.raw).toBe(200);
  return TillReport.parse(res.body);
};

describe('who may read the till', () => {
  test('signed out 401, a seller 403, a supervisor 200; a bad date is a 400 naming it', async () => {
    const anonymous = await signedIn(api.server, null);
    expect((await anonymous.call('GET', '/api/admin/reports/till?date=2026-12-01')).status).toBe(401);
    const seller = await staffOfRole(api.server, db, 'Seller');
    const refused = await seller.call('GET', '/api/admin/reports/till?date=2026-12-01');
    expect(refused).toMatchObject({ status: 403, body: { Message: 'A seller may not do this.' } });
    for (const date of ['2026-02-30', '01/12/2026', '']) {
      const res = await supervisor.call('GET', `/api/admin/reports/till?date=${date}`);
      expect(res.status).toBe(400);
      expect(res.body.Message).toMatch(/date/);
    }
    expect((await supervisor.call('GET', '/api/admin/reports/till')).status).toBe(400);
    expect((await supervisor.call('GET', '/api/admin/reports/till?date=2026-12-01&sellerId=x')).status).toBe(
      400,
    );
    const unknown = await supervisor.call('GET', '/api/admin/reports/till?date=2026-12-01&venueId=9999');
    expect(unknown.status).toBe(404);
  });

  test('a day without counter sales: no rows, zeros, the venue’s zone and currency', async () => {
    const empty = await report('date=2019-06-01');
    expect(empty).toMatchObject({ Date: '2019-06-01', TimeZone: timeZone, Currency: 'USD', Rows: [] });
    expect(empty.Totals).toEqual({
      Cash: 0,
      Check: 0,
      Card: 0,
      Comp: 0,
      Custom: 0,
      RefundsPaidOut: 0,
      CashExpected: 0,
      PaymentCount: 0,
    });
  });
});

const TYPES = [
  { paymentType: 'Cash', paymentMethodName: 'Cash' },
  { paymentType: 'Check', paymentMethodName: 'Check' },
  { paymentType: 'CreditCard', paymentMethodName: 'Credit card' },
  { paymentType: 'Comp', paymentMethodName: 'Comp' },
  { paymentType: 'Custom', paymentMethodName: 'Voucher' },
  { paymentType: 'Custom', paymentMethodName: 'Bank transfer' },
];

/** A payment somewhere from 3 hours before the local day to 3 hours after it, or on its edges. */
const paymentArb = (day: { from: Date; to: Date }) =>
  fc.record({
    type: fc.constantFrom(...TYPES),
    amount: fc.integer({ min: 0, max: 60_000 }),
    change: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: undefined }),
    at: fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .integer({ min: -3 * 3600, max: 27 * 3600 })
          .map((s) => new Date(day.from.getTime() + s * 1000)),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          day.from,
          new Date(day.from.getTime() - 1),
          day.to,
          new Date(day.to.getTime() - 1),
        ),
      },
    ),
    noise: fc.constantFrom<'none' | 'web' | 'failed' | 'handedBack' | 'otherCounter'>(
      'none',
      'none',
      'none',
      'none',
      'web',
      'failed',
      'handedBack',
      'otherCounter',
    ),
  });

const saleArb = (day: { from: Date; to: Date }) =>
  fc.record({
    seller: fc.integer({ min: 0, max: 2 }),
    counter: fc.constantFrom('Window 1', 'Window 2', null),
    currency: fc.constantFrom('USD', 'USD', 'USD', 'GBP'),
    payments: fc.array(paymentArb(day), { minLength: 1, maxLength: 3 }),
  });

const FIGURES_SQL = `
  select p.seller_id, coalesce(p.counter, 'Browser') as counter,
         coalesce(sum(p.amount) filter (where p.payment_type = 'Cash'), 0)::int as "Cash",
         coalesce(sum(p.amount) filter (where p.payment_type = 'Check'), 0)::int as "Check",
         coalesce(sum(p.amount) filter (where p.payment_type = 'CreditCard'), 0)::int as "Card",
         coalesce(sum(p.amount) filter (where p.payment_type = 'Comp'), 0)::int as "Comp",
         coalesce(sum(p.amount) filter (where p.payment_type = 'Custom'), 0)::int as "Custom",
         count(*)::int as "PaymentCount",
         array_agg(p.id order by p.id) as ids
    from payments p join orders o on o.id = p.order_id
   where p.id = any(:ids) and p.seller_id is not null and p.status = 'succeeded'
     and p.refund_status is null and p.currency = 'USD'
     and cast(p.created_at at time zone :zone as date) = cast(:date as date)
   group by 1, 2`;

/** Local days of the venue; the first two cross New York's spring and autumn clock changes. */
const DAYS = ['2026-03-08', '2026-11-01', '2026-06-15', '2026-06-16'];

describe('the till equals the rows', () => {
  test('random counter sales: every figure equals SQL sums over the same payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...DAYS).chain((date) => {
          const from = fromZonedTime(`${date}T00:00:00`, timeZone);
          const next = new Date(from.getTime() + 36 * 3600_000).toISOString().slice(0, 10);
          const to = fromZonedTime(`${next}T00:00:00`, timeZone);
          return fc.record({
            date: fc.constant(date),
            sales: fc.array(saleArb({ from, to }), { minLength: 1, maxLength: 12 }),
          });
        }),
        async ({ date, sales }) => {
          // Each run's rows are removed after it, so runs sharing a day stay apart.
          const ids: number[] = [];
          try {
            for (const s of sales) {
              const seller = sellers[s.seller]!;
              const sale: TestSale = {
                sellerId: seller.id,
                sellerName: seller.name,
                counter: s.counter,
                currency: s.currency,
                payments: s.payments.map((p) => ({
                  ...p.type,
                  amount: p.amount,
                  ...(p.type.paymentType === 'Cash' && p.change !== undefined
                    ? { tendered: p.amount + p.change }
                    : {}),
                  at: p.at,
                  ...(p.noise === 'web' ? { sellerId: null } : {}),
                  ...(p.noise === 'failed' ? { status: 'failed' as const } : {}),
                  ...(p.noise === 'handedBack' ? { refundStatus: 'refunded' as const } : {}),
                  ...(p.noise === 'otherCounter' ? { counter: 'Window 9' } : {}),
                })),
              };
              ids.push(...(await insertTestSale(db, sale)).paymentIds);
            }
            const expected: {
              seller_id: number;
              counter: string;
              ids: number[];
              Cash: number;
              Check: number;
              Card: number;
              Comp: number;
              Custom: number;
              PaymentCount: number;
            }[] = (await db.raw(FIGURES_SQL, { ids, zone: timeZone, date })).rows;
            const got = await report(`date=${date}`);
            const key = (sellerId: number | null, counter: string) => `${sellerId}|${counter}`;
            expect(new Set(got.Rows.map((r) => key(r.SellerId, r.Counter)))).toEqual(
              new Set(expected.map((e) => key(e.seller_id, e.counter))),
            );
            for (const e of expected) {
              const row = got.Rows.find((r) => key(r.SellerId, r.Counter) === key(e.seller_id, e.counter))!;
              expect(row).toMatchObject({
                Cash: e.Cash,
                Check: e.Check,
                Card: e.Card,
                Comp: e.Comp,
                Custom: e.Custom,
                PaymentCount: e.PaymentCount,
                RefundsPaidOut: 0,
                CashExpected: e.Cash,
              });
              expect(row.Orders.map((o) => o.PaymentId).sort((a, b) => a - b)).toEqual(e.ids);
              expect(row.Orders.reduce((s, o) => s + o.Amount, 0)).toBe(
                e.Cash + e.Check + e.Card + e.Comp + e.Custom,
              );
              expect(row.SellerName).toBe(sellers.find((s) => s.id === e.seller_id)!.name);
            }
            const sum = (f: 'Cash' | 'Check' | 'Card' | 'Comp' | 'Custom' | 'PaymentCount') =>
              expected.reduce((s, e) => s + e[f], 0);
            expect(got.Totals).toEqual({
              Cash: sum('Cash'),
              Check: sum('Check'),
              Card: sum('Card'),
              Comp: sum('Comp'),
              Custom: sum('Custom'),
              RefundsPaidOut: 0,
              CashExpected: sum('Cash'),
              PaymentCount: sum('PaymentCount'),
            });
            const gbp = (
              await db.raw(
                `select count(*)::int as n from payments p where p.id = any(:ids) and p.seller_id is not null
                   and p.status = 'succeeded' and p.refund_status is null and p.currency = 'GBP'
                   and cast(p.created_at at time zone :zone as date) = cast(:date as date)`,
                { ids, zone: timeZone, date },
              )
            ).rows[0].n;
            expect(got.OtherCurrencyPayments).toBe(gbp);

            // A seller's till and a counter's till are the matching rows of the whole day's.
            const seller = sellers[sales[0]!.seller]!;
            const mine = await report(`date=${date}&sellerId=${seller.id}`);
            expect(mine.Rows).toEqual(got.Rows.filter((r) => r.SellerId === seller.id));
            const window = await report(`date=${date}&counter=${encodeURIComponent('window 1')}`);
            expect(window.Rows).toEqual(got.Rows.filter((r) => r.Counter === 'Window 1'));
          } finally {
            await db('payments').whereIn('id', ids).del();
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);

  test('a cash sale with change: the drawer expects what was kept, not what was handed over', async () => {
    const seller = sellers[0]!;
    const at = fromZonedTime('2026-07-04T14:30:00', timeZone);
    const sale = await insertTestSale(db, {
      sellerId: seller.id,
      sellerName: seller.name,
      counter: 'Window 1',
      payments: [
        { paymentType: 'Cash', amount: 4_250, tendered: 5_000, at },
        { paymentType: 'CreditCard', paymentMethodName: 'Credit card', amount: 1_000, at },
      ],
    });
    const got = await report(`date=2026-07-04&sellerId=${seller.id}`);
    expect(got.Rows).toHaveLength(1);
    expect(got.Rows[0]).toMatchObject({ Cash: 4_250, Card: 1_000, CashExpected: 4_250, PaymentCount: 2 });
    expect(got.Rows[0]!.Orders).toEqual([
      expect.objectContaining({
        OrderId: sale.orderId,
        OrderName: sale.orderName,
        PaymentType: 'Cash',
        Amount: 4_250,
      }),
      expect.objectContaining({ OrderId: sale.orderId, PaymentType: 'CreditCard', Amount: 1_000 }),
    ]);
    const filters = await supervisor.call('GET', '/api/admin/reports/till/filters');
    expect(filters.status).toBe(200);
    expect(filters.body.Sellers).toContainEqual({
      SellerId: seller.id,
      SellerName: seller.name,
      Email: 'ann.till@foyer.local',
    });
    expect(filters.body.Counters).toContain('Window 1');
  });
});

describe('refunds at the counter', () => {
  test('paid out by whoever gave them back: a cash refund leaves the drawer; web, command-line and failed refunds are not the till’s', async () => {
    const [ann, bob] = [sellers[0]!, sellers[1]!];
    const at = fromZonedTime('2026-08-12T11:00:00', timeZone);
    const later = fromZonedTime('2026-08-12T16:00:00', timeZone);
    const sale = await insertTestSale(db, {
      sellerId: ann.id,
      sellerName: ann.name,
      counter: 'Window 1',
      payments: [
        { paymentType: 'Cash', amount: 5_000, at },
        { paymentType: 'CreditCard', paymentMethodName: 'Credit card', amount: 3_000, at },
      ],
    });
    const [cash, card] = sale.paymentIds as [number, number];
    const refund = (
      paymentId: number,
      amount: number,
      refundType: string,
      staff: { id: number; name: string } | null,
      status = 'succeeded',
    ) =>
      db('refunds').insert({
        order_id: sale.orderId,
        payment_id: paymentId,
        amount,
        currency: 'USD',
        refund_type: refundType,
        idempotency_key: `till-test-${paymentId}-${amount}-${refundType}-${status}`,
        status,
        staff_user_id: staff?.id ?? null,
        staff_name: staff?.name ?? 'cli:operator',
        counter: staff ? 'Window 2' : null,
        created_at: later,
      });
    // Bob pays back 1,000 of the cash and, from the card's payment, 800 as cash from his till and
    // 500 to the card; the web's refund, the operator's and a failed one are not at a counter.
    await refund(cash, 1_000, 'Cash', bob);
    await refund(card, 800, 'Cash', bob);
    await refund(card, 500, 'CreditCard', bob);
    await refund(card, 200, 'CreditCard', null);
    await refund(cash, 300, 'Cash', bob, 'failed');

    const got = await report('date=2026-08-12');
    const annRow = got.Rows.find((r) => r.SellerId === ann.id)!;
    const bobRow = got.Rows.find((r) => r.SellerId === bob.id)!;
    expect(annRow).toMatchObject({
      Cash: 5_000,
      Card: 3_000,
      RefundsPaidOut: 0,
      CashExpected: 5_000,
      PaymentCount: 2,
    });
    expect(bobRow).toMatchObject({
      Counter: 'Window 2',
      Cash: 0,
      Card: 0,
      RefundsPaidOut: 2_300,
      CashExpected: -1_800,
      PaymentCount: 0,
    });
    expect(bobRow.Orders.map((o) => [o.PaymentType, o.Amount]).sort()).toEqual(
      [
        ['Cash', -1_000],
        ['Cash', -800],
        ['CreditCard', -500],
      ].sort(),
    );
    expect(got.Totals).toMatchObject({ RefundsPaidOut: 2_300, CashExpected: 3_200, PaymentCount: 2 });
    const filters = await supervisor.call('GET', '/api/admin/reports/till/filters');
    expect(filters.body.Counters).toContain('Window 2');
  });
});
