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
// seller is refused.

const DAY = '2026-12-05';

describe('the till page', () => {
  let foyer: FoyerUnderTest;
  let db: Knex;
  const orders: string[] = [];

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    db = createDatabase(foyer.databaseUrl, { max: 2 });
    const hash = (await db('staff_users').where({ email: 'admin@foyer.local' }).first('password_hash'))
      .password_hash;
    const [sue, , ann, bob] = await db('staff_users')
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
