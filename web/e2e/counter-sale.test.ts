import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { fillBuyer, soldBanner, toPayment } from './counter-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { upcomingDates } from './seat-map-page.ts';
import { api, holdSeats, money, SELLER, signIn, SUPERVISOR } from './staff-session.ts';

// Selling at the counter in Chromium against the real server and a fresh demo database: a clerk
// adds seats, opens the staff basket, assigns a walk-up customer, takes cash with change due and
// is back at the sell screen with the order named; split tender, a comp, the bulk edits and a
// saved basket resumed by another clerk. Screenshots at desktop width in /tmp.

const basketTotal = async (page: Page) => {
  const vm = await api(page, 'GET', '/api/baskets/viewmodel');
  return (vm.body as { Basket: { Total: number } }).Basket.Total;
};

/** The staff basket with its lines, delivery at the box office chosen. */
const openBasket = async (foyer: FoyerUnderTest, page: Page) => {
  await page.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
  await page.getByRole('heading', { level: 1, name: 'Basket' }).waitFor();
  await page.locator('.basket-line').nth(1).waitFor();
  const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
  await page.getByRole('radio', { name: /^Box office collection/ }).check();
  expect((await chosen).status()).toBe(200);
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
};

/**
 * A basket without tickets (a membership, a gift certificate) paid in exact cash: box office
 * collection when a delivery is asked for, the buyer, the cash; answers the order's name.
 */
const payExactCash = async (page: Page, amount: number) => {
  const boxOffice = page.getByRole('radio', { name: /^Box office collection/ });
  if (await boxOffice.count()) {
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await boxOffice.check();
    expect((await chosen).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
  }
  await toPayment(page);
  await fillBuyer(page);
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByLabel(/^Cash tendered/).fill((amount / 100).toFixed(2));
  await page.getByRole('button', { name: `Take ${money(amount)}` }).click();
  const orderName = /^Order (\S+) is paid\./.exec(await soldBanner(page))?.[1];
  expect(orderName).toBeDefined();
  return orderName!;
};

describe('selling at the counter in Chromium', { timeout: 120_000 }, () => {
  let foyer: FoyerUnderTest;
  let dates: Event[];

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('lets a Seller sell two seats to a walk-up customer for cash, with the change due', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await holdSeats(page, dates[1]!, 2);
    const total = await basketTotal(page);
    await openBasket(foyer, page);
    expect(await page.getByTestId('staff-basket-total').innerText()).toBe(money(total));
    // A Seller may not bulk edit: no tick boxes, no bulk bar.
    expect(await page.getByRole('toolbar', { name: 'Bulk edit' }).count()).toBe(0);

    await page.getByRole('button', { name: 'New customer' }).click();
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Walkup');
    await page.getByLabel('E-mail (optional)').fill(`wanda.${Date.now()}@example.com`);
    await page.getByLabel('Phone (optional)').fill('555 0100');
    await page.getByRole('button', { name: 'Create and assign' }).click();
    await page.getByTestId('staff-basket-customer').getByText('Wanda Walkup').waitFor();
    await page.screenshot({ path: '/tmp/foyer-counter-basket.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await toPayment(page);
    // The spec's order: card first, then cash, check, comp (a Seller has no comp).
    const labels = (await page.locator('.counter-method').allInnerTexts()).map((l) => l.trim());
    expect(labels.indexOf('Cash')).toBeGreaterThanOrEqual(0);
    expect(labels.indexOf('Cash')).toBeLessThan(labels.indexOf('Check'));
    expect(labels).not.toContain('Comp');
    // The walk-up customer's name, e-mail and phone are there already; the address is asked.
    expect(
      await page
        .getByRole('group', { name: 'Customer details' })
        .getByLabel('Last name', { exact: true })
        .inputValue(),
    ).toBe('Walkup');
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Cash tendered/).fill(((total + 1000) / 100).toFixed(2));
    await page
      .getByTestId('counter-change-due')
      .getByText(`Change due: ${money(1000)}`)
      .waitFor();
    await page.screenshot({ path: '/tmp/foyer-counter-payment.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Take ${money(total)}` }).click();

    const banner = await soldBanner(page);
    expect(banner).toMatch(/^Order \S+ is paid\./);
    expect(banner).toContain(`Change due: ${money(1000)}.`);
    expect(banner).toContain('Tickets awaiting printing.');
    await page.screenshot({ path: '/tmp/foyer-counter-sold.png', fullPage: true });
    await page.context().close();
  });

  it('takes a split tender, cash then a check, down to a balance of 0', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await holdSeats(page, dates[2]!, 2);
    const total = await basketTotal(page);
    await openBasket(foyer, page);
    await toPayment(page);
    await fillBuyer(page);

    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Amount of this payment/).fill('10.00');
    await page.getByLabel(/^Cash tendered/).fill('10.00');
    await page.getByRole('button', { name: `Take ${money(1000)}` }).click();
    const split = page.getByTestId('counter-balance-panel');
    await split.getByText(`Balance left: ${money(total - 1000)}`).waitFor();
    expect(await page.getByTestId('counter-balance').innerText()).toBe(money(total - 1000));
    await page.screenshot({ path: '/tmp/foyer-counter-split.png', fullPage: true });

    await page.getByRole('radio', { name: 'Check' }).check();
    await page.getByLabel('Check issuer').fill('First Bank');
    await page.getByLabel('Check number').fill('1042');
    await page.getByRole('button', { name: `Take ${money(total - 1000)}` }).click();
    expect(await soldBanner(page)).toMatch(/^Order \S+ is paid\./);
    await page.context().close();
  });

  it('sells a membership from an empty staff basket for cash, issued at once with its card', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await page.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
    await page.getByLabel('Membership code').fill('friends');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('button', { name: 'Add Friends of Foyer: Friend, $60.00' }).click();
    await page.getByTestId('membership-line').waitFor();
    expect(await page.getByTestId('staff-basket-total').innerText()).toBe(money(6000));
    expect(await page.getByTestId('basket-totals').innerText()).toContain('1 membership');
    await page.screenshot({ path: '/tmp/foyer-counter-membership.png', fullPage: true });
    const orderName = await payExactCash(page, 6000);

    const db = createDatabase(foyer.databaseUrl, { max: 1 });
    try {
      const issued = await db('memberships as m')
        .join('orders as o', 'o.id', 'm.order_id')
        .where('o.name', orderName)
        .select('m.id', 'm.customer_id', 'm.delivered_at');
      expect(issued).toHaveLength(1);
      expect(issued[0].delivered_at).not.toBeNull();
      const card = await api(
        page,
        'GET',
        `/api/memberships/${issued[0].id}/customer/${issued[0].customer_id}`,
      );
      expect(card.status).toBe(200);
      expect(card.body).toMatchObject({ PriceLevelName: 'Friend', Status: 'Active' });
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it('sells a membership as a gift: the gift fields checked as on the web, issued to the recipient', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await page.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
    const panel = page.getByRole('region', { name: 'Sell a membership' });
    await panel.getByLabel('Membership code').fill('FRIENDS');
    await panel.getByRole('button', { name: 'Find', exact: true }).click();
    await panel.getByLabel('This is a gift').check();
    const add = panel.getByRole('button', { name: 'Add Friends of Foyer: Friend, $60.00' });
    // Nothing filled in: each field says what it needs, and nothing is added.
    await add.click();
    await panel.getByText("Enter the recipient's e-mail address.").waitFor();
    expect(await panel.getByText("Enter the recipient's first name.").count()).toBe(1);
    expect(await page.getByTestId('membership-line').count()).toBe(0);
    await page.screenshot({ path: '/tmp/foyer-counter-membership-gift-errors.png', fullPage: true });
    await panel.getByLabel("Recipient's first name").fill('Greta');
    await panel.getByLabel("Recipient's last name").fill('Garbo');
    await panel.getByLabel("Recipient's e-mail").fill('greta.counter@example.com');
    await add.click();
    await page.getByTestId('membership-line').waitFor();
    expect(await page.getByTestId('membership-line').innerText()).toContain('Greta Garbo');
    await page.screenshot({ path: '/tmp/foyer-counter-membership-gift.png', fullPage: true });
    const orderName = await payExactCash(page, 6000);

    const db = createDatabase(foyer.databaseUrl, { max: 1 });
    try {
      const issued = await db('memberships as m')
        .join('orders as o', 'o.id', 'm.order_id')
        .join('customers as c', 'c.id', 'm.customer_id')
        .where('o.name', orderName)
        .select('m.is_gift', 'c.email', 'm.delivered_at');
      expect(issued).toEqual([
        { is_gift: true, email: 'greta.counter@example.com', delivered_at: expect.any(Date) },
      ]);
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it('sells a gift certificate from an empty staff basket for cash, issued to its recipient', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await page.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
    const panel = page.getByRole('region', { name: 'Sell a gift certificate' });
    // Nothing chosen: said, and nothing added.
    await panel.getByRole('button', { name: 'Add gift certificate' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Please choose an amount.' }).waitFor();
    await panel.getByLabel('Amount').selectOption({ label: money(5000) });
    await panel.getByLabel("Recipient's name").fill('Counter Friend');
    await panel.getByLabel("Recipient's e-mail").fill('counter-friend@example.com');
    await panel.getByRole('button', { name: 'Add gift certificate' }).click();
    await page.getByTestId('gift-certificate-line').filter({ hasText: 'Counter Friend' }).waitFor();
    expect(await page.getByTestId('staff-basket-total').innerText()).toBe(money(5000));
    expect(await page.getByTestId('basket-totals').innerText()).toContain('1 gift certificate');
    await page.screenshot({ path: '/tmp/foyer-counter-gift.png', fullPage: true });
    const orderName = await payExactCash(page, 5000);

    const db = createDatabase(foyer.databaseUrl, { max: 1 });
    try {
      const sales = await db('gift_certificate_sales as s')
        .join('orders as o', 'o.id', 's.order_id')
        .join('gift_certificates as g', 'g.id', 's.gift_certificate_id')
        .where('o.name', orderName)
        .select('s.recipient_email', 'g.balance');
      expect(sales).toEqual([{ recipient_email: 'counter-friend@example.com', balance: 5000 }]);
    } finally {
      await db.destroy();
    }
    await page.context().close();
  });

  it('lets a supervisor bulk edit and comp the basket', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SUPERVISOR, '/admin');
    await holdSeats(page, dates[3]!, 2);
    await openBasket(foyer, page);
    const bar = page.getByRole('toolbar', { name: 'Bulk edit' });
    await bar.getByLabel('Select all').check();
    await page.getByTestId('staff-bulk-count').getByText('2 items selected').waitFor();

    const shots: [string, string, string][] = [
      ['Change Price Type', 'change-price-type', 'New price type'],
      ['Select New Promotion', 'select-new-promotion', 'Promotion code'],
      ['Override Price', 'override-price', 'New price per ticket (USD)'],
      ['Remove Items', 'remove-items', 'Are you sure you want to remove these basket items from the order?'],
      [
        'Remove Fees',
        'remove-fees',
        'Are you sure you want to remove these fees from the order? Go back to seat selection to restore any removed order fees.',
      ],
    ];
    for (const [name, file, text] of shots) {
      const button = bar.getByRole('button', { name, exact: true });
      if ((await button.count()) === 0) continue; // Override Price needs a basket that allows it
      await button.click();
      const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
      await dialog.getByText(text, { exact: true }).waitFor();
      await page.screenshot({ path: `/tmp/foyer-counter-bulk-${file}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // Remove Fees for real: the modal closes, the selection clears.
    await bar.getByRole('button', { name: 'Remove Fees', exact: true }).click();
    const removing = page.waitForResponse((r) => r.url().endsWith('/api/admin/baskets/removefees'));
    await page.getByRole('dialog').getByRole('button', { name: 'Remove fees', exact: true }).click();
    expect((await removing).status()).toBe(200);
    await page.getByTestId('staff-bulk-count').getByText('0 items selected').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Comp' }).check();
    await page.getByLabel('Comp type').selectOption({ label: 'House' });
    await page.screenshot({ path: '/tmp/foyer-counter-comp.png', fullPage: true });
    await page.getByRole('button', { name: /^Take / }).click();
    expect(await soldBanner(page)).toMatch(/^Order \S+ is paid\./);
    await page.context().close();
  });

  it("takes a card on the counter's reader (simulated in test mode), polling until it is accepted", async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, '/admin');
    await holdSeats(page, dates[5]!, 2);
    await openBasket(foyer, page);
    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Card (terminal)' }).check();
    await page.getByRole('button', { name: /^Take \$[\d.,]+ on the reader$/ }).click();
    const terminal = page.getByTestId('counter-terminal');
    const ready = terminal.locator('[data-state="ready"]');
    await ready.waitFor().catch(async () => {
      throw new Error(
        `the reader is not ready: ${(await page.getByRole('alert').allInnerTexts()).join(' / ')}`,
      );
    });
    expect(await ready.innerText()).toBe('Ready');
    await page.screenshot({ path: '/tmp/foyer-counter-terminal.png', fullPage: true });
    await terminal.getByRole('button', { name: 'Simulate card', exact: true }).click();
    expect(await soldBanner(page)).toMatch(/^Order \S+ is paid\./);
    await page.context().close();
  });

  it("resumes a Seller's saved basket at another clerk's counter, handling that clerk's unsaved basket", async () => {
    const seller = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, seller, SELLER, '/admin');
    const saved = await holdSeats(seller, dates[4]!, 2);
    await openBasket(foyer, seller);
    await seller.getByRole('button', { name: 'Save basket' }).click();
    await seller.getByLabel('Name (optional)').fill('Held for Mrs Peel');
    await seller.getByRole('dialog', { name: 'Save basket' }).getByRole('button', { name: 'Save' }).click();
    await seller.getByText('The basket is saved as Held for Mrs Peel.', { exact: false }).waitFor();

    // The other clerk has a basket of their own, not saved.
    const other = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, other, SUPERVISOR, '/admin');
    const own = await holdSeats(other, dates[6]!, 2);
    await openBasket(foyer, other);
    await other.getByRole('button', { name: 'Saved baskets' }).click();
    const dialog = other.getByRole('dialog', { name: 'Saved baskets' });
    await dialog.getByText('Held for Mrs Peel', { exact: true }).waitFor();
    await other.screenshot({ path: '/tmp/foyer-counter-saved-baskets.png' });
    await dialog.getByRole('button', { name: /^Resume\W*Held for Mrs Peel$/ }).click();

    const existing = other.getByRole('alertdialog', { name: 'Handle existing unsaved basket' });
    await existing
      .getByText('This counter has an unsaved basket with 2 tickets.', { exact: false })
      .waitFor();
    await other.screenshot({ path: '/tmp/foyer-counter-existing-basket.png' });
    await existing.getByRole('button', { name: 'Release its seats, then resume' }).click();
    await existing.waitFor({ state: 'detached' });
    await other.locator('.basket-line').nth(1).waitFor();
    const vm = await api(other, 'GET', '/api/baskets/viewmodel');
    const keys = (vm.body as { Basket: { TicketItems: { Key: string }[] } }).Basket.TicketItems.map(
      (i) => i.Key,
    );
    expect(keys.sort()).toEqual([...saved].sort());
    expect(keys).not.toContain(own[0]);
    await seller.context().close();
    await other.context().close();
  });
});
