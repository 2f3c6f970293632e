import { randomUUID } from 'node:crypto';
import { fromZonedTime } from 'date-fns-tz';
import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { insertTestSale } from '../../adapters/postgres/boxoffice/test-sales.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { signIn } from './staff-session.ts';

// The till page in Chromium against the real server: a supervisor opens the day's till and sees
// the figures of the counter sales written for the test, opens a row's orders and prints; a
// seller is refused. On another day a seller took a card payment and gave more back in cash at the
// default counter: the drawer is short, which the page says in words, in English and French, and
// on a phone.

const DAY = '2026-12-05';
const SHORT_DAY = '2026-12-06';

describe('the till page', () => {
  let foyer: FoyerUnderTest;
  let db: Knex;
  const orders: string[] = [];

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    db = createDatabase(foyer.databaseUrl, { max: 2 });
    const hash = (await db('staff_users').where({ email: 'admin@foyer.local' }).first('password_hash'))
      .password_hash;
    const [sue, , ann, bob, cy] = await db('staff_users')
      .insert([
        {
          email: 'sue@foyer.local',
          name: 'Sue Supervisor',
          role: 'BoxOfficeSupervisor',
          password_hash: hash,
        },
        { email: 'sam@foyer.local', name: 'Sam Seller', role: 'Seller', password_hash: hash },
        { email: 'ann@foyer.local', name: 'Ann Lee', role: 'Seller', password_hash: hash },
        { email: 'bob@foyer.local', name: 'Bob Ray', role: 'Seller', password_hash: hash },
        { email: 'cy@foyer.local', name: 'Cy Day', role: 'Seller', password_hash: hash },
      ])
      .returning(['id', 'name']);
    expect(sue).toBeDefined();
    const zone = (await db('venues').orderBy('id').first('time_zone')).time_zone;
    const at = (time: string) => fromZonedTime(`${DAY}T${time}`, zone);
    const sales = [
      {
        sellerId: ann.id,
        sellerName: ann.name,
        counter: 'Window 1',
        payments: [
          { paymentType: 'Cash', amount: 4_250, tendered: 5_000, at: at('10:15:00') },
          { paymentType: 'CreditCard', paymentMethodName: 'Credit card', amount: 3_000, at: at('10:16:00') },
        ],
      },
      {
        sellerId: ann.id,
        sellerName: ann.name,
        counter: 'Window 1',
        payments: [{ paymentType: 'Check', amount: 12_000, at: at('13:05:00') }],
      },
      {
        sellerId: bob.id,
        sellerName: bob.name,
        counter: 'Window 2',
        payments: [
          { paymentType: 'Comp', amount: 0, at: at('18:30:00') },
          { paymentType: 'Custom', paymentMethodName: 'Voucher', amount: 2_500, at: at('18:31:00') },
        ],
      },
      {
        sellerId: bob.id,
        sellerName: bob.name,
        counter: 'Window 2',
        payments: [{ paymentType: 'Cash', amount: 6_000, tendered: 10_000, at: at('19:10:00') }],
      },
    ];
    for (const sale of sales) orders.push((await insertTestSale(db, sale)).orderName);

    // A card payment at the default counter (none set: 'Browser'), then $28.25 of it given back
    // in cash from the drawer, where no cash was taken that day.
    const short = await insertTestSale(db, {
      sellerId: cy.id,
      sellerName: cy.name,
      counter: null,
      payments: [
        {
          paymentType: 'CreditCard',
          paymentMethodName: 'Credit card',
          amount: 3_000,
          at: fromZonedTime(`${SHORT_DAY}T11:00:00`, zone),
        },
      ],
    });
    await db('refunds').insert({
      order_id: short.orderId,
      payment_id: short.paymentIds[0],
      amount: 2_825,
      currency: 'USD',
      refund_type: 'Cash',
      gateway: null,
      idempotency_key: randomUUID(),
      status: 'succeeded',
      staff_user_id: cy.id,
      staff_name: cy.name,
      counter: null,
      created_at: fromZonedTime(`${SHORT_DAY}T11:30:00`, zone),
    });
  });

  afterAll(async () => {
    await db?.destroy();
    await foyer?.stop();
  });

  const cells = async (page: Page, row: ReturnType<Page['getByTestId']>) => {
    const figures: Record<string, string> = {};
    for (const figure of [
      'Cash',
      'Check',
      'Card',
      'Comp',
      'Custom',
      'RefundsPaidOut',
      'CashExpected',
      'PaymentCount',
    ])
      figures[figure] = (await row.locator(`[data-figure="${figure}"]`).innerText()).trim();
    return figures;
  };

  it('shows a supervisor the day per seller and counter, the totals, and the orders behind them', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, 'sue@foyer.local', '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Till' }).click();
    await page.getByRole('heading', { name: 'Till', level: 1 }).waitFor();
    await page.getByTestId('till-date').fill(DAY);
    await page.waitForURL((url) => url.searchParams.get('date') === DAY);
    await page.getByTestId('till-table').waitFor();
    expect(await page.getByTestId('till-summary').innerText()).toBe(
      'Saturday, December 5, 2026: times in New York, amounts in USD',
    );

    const rows = page.getByTestId('till-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('th').innerText()).toBe('Ann Lee');
    expect(await cells(page, rows.nth(0))).toEqual({
      Cash: '$42.50',
      Check: '$120.00',
      Card: '$30.00',
      Comp: '$0.00',
      Custom: '$0.00',
      RefundsPaidOut: '$0.00',
      CashExpected: '$42.50',
      PaymentCount: '3',
    });
    expect(await rows.nth(1).locator('th').innerText()).toBe('Bob Ray');
    expect(await cells(page, rows.nth(1))).toEqual({
      Cash: '$60.00',
      Check: '$0.00',
      Card: '$0.00',
      Comp: '$0.00',
      Custom: '$25.00',
      RefundsPaidOut: '$0.00',
      CashExpected: '$60.00',
      PaymentCount: '3',
    });
    expect(await cells(page, page.getByTestId('till-totals'))).toEqual({
      Cash: '$102.50',
      Check: '$120.00',
      Card: '$30.00',
      Comp: '$0.00',
      Custom: '$25.00',
      RefundsPaidOut: '$0.00',
      CashExpected: '$102.50',
      PaymentCount: '6',
    });

    // Bob's orders, in the venue's time.
    await rows.nth(1).getByRole('button', { name: 'Show 3 payments' }).click();
    const lines = page.getByTestId('till-lines');
    await lines.waitFor();
    const text = await lines.innerText();
    expect(text).toContain(orders[2]!);
    expect(text).toContain(orders[3]!);
    expect(text).toMatch(/Custom\s+Voucher\s+\$25\.00\s+6:31\s?PM/);
    expect(
      await rows.nth(1).getByRole('button', { name: 'Hide payments' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-till.png', fullPage: true });

    // One seller: the filter narrows the rows, and stays in the address.
    const onlyRow = async (name: string) => {
      await page.getByTestId('till-row').filter({ hasText: name }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="till-row"]').length === 1);
      expect(await rows.nth(0).locator('th').innerText()).toBe(name);
    };
    await page.getByTestId('till-seller').selectOption({ label: 'Ann Lee' });
    await page.waitForURL((url) => url.searchParams.has('sellerId'));
    await onlyRow('Ann Lee');
    await page.getByTestId('till-seller').selectOption({ label: 'All sellers' });
    await page.waitForURL((url) => !url.searchParams.has('sellerId'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="till-row"]').length === 2);
    await page.getByTestId('till-counter').selectOption('Window 2');
    await page.waitForURL((url) => url.searchParams.get('counter') === 'Window 2');
    await page.screenshot({ path: '/tmp/foyer-till-counter.png', fullPage: true });
    await onlyRow('Bob Ray');

    // Print: the report alone.
    await page.getByTestId('till-counter').selectOption({ label: 'All counters' });
    await page.waitForURL((url) => !url.searchParams.has('counter'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="till-row"]').length === 2);
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('till-table').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/foyer-till-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Another day: nothing taken.
    await page.goto(`${foyer.baseUrl}/admin/v2/till?date=2020-01-01`);
    await page.getByTestId('till-empty').waitFor();
    await page.context().close();
  });

  it('counts payments as the button does, explains a short drawer, and names types in words', async () => {
    const page = await foyer.openPage({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await signIn(foyer, page, 'sue@foyer.local', '/admin');
    await page.goto(`${foyer.baseUrl}/admin/v2/till?date=${SHORT_DAY}`);
    await page.getByTestId('till-table').waitFor();
    const row = page.getByTestId('till-row');
    expect(await row.count()).toBe(1);
    const figure = async (name: string) =>
      (await row.locator(`[data-figure="${name}"]`).innerText()).replace(/\s+/g, ' ').trim();

    // One payment taken and one refund paid out: the button counts them as the column does.
    expect.soft(await figure('PaymentCount')).toBe('1');
    expect.soft((await row.getByRole('button').innerText()).trim()).toBe('Show 1 payment and 1 refund');
    expect.soft(await figure('RefundsPaidOut')).toBe('$28.25');
    // Cash expected below nothing, said in words, on the row and in the totals.
    expect
      .soft(await figure('CashExpected'))
      .toBe('-$28.25 more paid out than taken: take $28.25 from the float');
    expect
      .soft(
        (await page.getByTestId('till-totals').locator('[data-figure="CashExpected"]').innerText())
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .toBe('-$28.25 more paid out than taken: take $28.25 from the float');

    // The filters wear the staff screens' field style.
    for (const id of ['till-date', 'till-seller', 'till-counter'])
      expect
        .soft(await page.getByTestId(id).evaluate((el) => getComputedStyle(el).minHeight), id)
        .toBe('44px');

    // The lines name the payment type in words, not as stored.
    await row.getByRole('button').click();
    const lines = await page.getByTestId('till-lines').innerText();
    expect.soft(lines).toMatch(/Card\s+Credit card\s+\$30\.00/);
    expect.soft(lines).toMatch(/Cash\s+-\$28\.25/);
    expect.soft(lines).not.toContain('CreditCard');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-till-1280.png', fullPage: true });
    await page.context().close();
  });

  it('fits a phone, in French: types and the default counter in French', async () => {
    const page = await foyer.openPage({
      bypassCSP: true,
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
    });
    await signIn(foyer, page, 'sue@foyer.local', '/admin');
    await page.goto(`${foyer.baseUrl}/admin/v2/till?date=${SHORT_DAY}`);
    await page.getByTestId('till-table').waitFor();
    const row = page.getByTestId('till-row');
    expect.soft((await row.locator('td').first().innerText()).trim()).toBe('Navigateur');
    const counters = await page.getByTestId('till-counter').locator('option').allInnerTexts();
    expect.soft(counters).toContain('Navigateur');
    expect.soft(counters).not.toContain('Browser');
    await row.getByRole('button').click();
    const lines = await page.getByTestId('till-lines').innerText();
    expect.soft(lines).toMatch(/Carte\s+Credit card/);
    expect.soft(lines).toMatch(/Espèces/);
    expect.soft(lines).not.toContain('CreditCard');
    // The page is as wide as the phone; the table scrolls in its own box.
    await page.screenshot({ path: '/tmp/foyer-till-390.png', fullPage: true });
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const parent = el.parentElement;
          return (
            el.getBoundingClientRect().right > 391 && (parent?.getBoundingClientRect().right ?? 0) <= 391
          );
        })
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      wider.join(' '),
    ).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('refuses a seller: no link, and the page is not allowed', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, 'sam@foyer.local', '/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Sell tickets' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Till' }).count()).toBe(0);
    await page.goto(`${foyer.baseUrl}/admin/v2/till?date=${DAY}`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByTestId('till-table').count()).toBe(0);
    await page.context().close();
  });
});
