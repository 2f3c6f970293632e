import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { keyboardClerk, soldBanner, waitForFocus } from './counter-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { decimal, ok, SELLER, signIn } from './staff-session.ts';

// The counter at a clerk's speed, by keyboard alone: from the sell screen to the sold order in
// as few actions as a queue at the window allows (a key press is one action, typing one value is
// one; every one goes through keyboardClerk, which counts them). A walk-up sale of two best
// available seats for cash with exact change takes at most 10, with no customer asked for; a
// phone sale to a returning customer found by e-mail at most 15. A Seller's screens make no call
// the role is refused. Screenshots in /tmp.

const WALK_UP_LIMIT = 10;
const PHONE_LIMIT = 15;

interface SoldOrder {
  readonly tickets: number;
  readonly customerId: number | null;
  readonly delivery: string;
  readonly payments: readonly { payment_type: string; amount: number; amount_tendered: number }[];
}

describe('the counter at a clerk’s speed', { timeout: 180_000 }, () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest({ env: { BASKET_HOLD_MINUTES: '10' } });
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  const orderNamed = async (name: string): Promise<SoldOrder> => {
    const db = createDatabase(foyer.databaseUrl, { max: 1 });
    try {
      const order = await db('orders as o')
        .leftJoin('delivery_methods as d', 'd.id', 'o.delivery_method_id')
        .where('o.name', name)
        .first('o.id', 'o.customer_id', 'd.display_name');
      expect(order, `order ${name}`).toBeDefined();
      const tickets = await db('order_tickets').where({ order_id: order.id }).count({ n: '*' });
      const payments = await db('payments')
        .where({ order_id: order.id, status: 'succeeded' })
        .select('payment_type', 'amount', 'amount_tendered');
      return {
        tickets: Number(tickets[0]!.n),
        customerId: order.customer_id,
        delivery: order.display_name,
        payments,
      };
    } finally {
      await db.destroy();
    }
  };

  /** Calls a Seller's screens were refused (403): there must be none. */
  const refusedCalls = (page: Page) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    return refused;
  };

  /**
   * The common start of a sale: the show found, its first performance opened, two best
   * available seats held, the staff basket open with Take payment focused.
   */
  const twoBestSeats = async (page: Page, clerk: ReturnType<typeof keyboardClerk>) => {
    await page.goto(`${foyer.baseUrl}/admin/v2/sell-tickets`);
    await page.getByRole('heading', { level: 1, name: 'Sell tickets' }).waitFor();
    await waitForFocus(page, '#sell-search-text');
    await clerk.type('Hamlet');
    await clerk.press('Enter');
    await waitForFocus(page, 'a.sell-events__sell');
    await page.screenshot({ path: '/tmp/foyer-speed-found.png', fullPage: true });
    await clerk.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/selltickets/seriestickets/'));
    await waitForFocus(page, '.staff-best input');
    await page.screenshot({ path: '/tmp/foyer-speed-map.png' });
    await clerk.type('2');
    await clerk.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/v2/checkout/basket');
    await page.locator('.basket-line').nth(1).waitFor();
    // Handed over at the counter unless the clerk says otherwise.
    await page.getByRole('radio', { name: /^Hand over at the counter/, checked: true }).waitFor();
  };

  /** Alt+C, the exact amount typed, Enter: the order's name from the banner. */
  const payExactCash = async (page: Page, clerk: ReturnType<typeof keyboardClerk>) => {
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    const total = await ok(page, 'GET', '/api/baskets/viewmodel').then(
      (vm) => (vm.Basket as { Total: number }).Total,
    );
    await clerk.press('Alt+C');
    await page.getByRole('radio', { name: 'Cash', checked: true }).waitFor();
    await waitForFocus(page, '.counter-method-fields input');
    await clerk.type(decimal(total));
    await page.screenshot({ path: `/tmp/foyer-speed-payment-${clerk.actions.length}.png`, fullPage: true });
    await clerk.press('Enter');
    const banner = await soldBanner(page);
    expect(banner).toMatch(/^Order \S+ is paid\./);
    expect(banner).toContain('Tickets awaiting printing.');
    return { name: /^Order (\S+) is paid\./.exec(banner)![1]!, total };
  };

  it(`sells two best seats to a walk-up for exact cash in at most ${WALK_UP_LIMIT} actions, asking nothing of them`, async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    const refused = refusedCalls(page);
    await signIn(foyer, page, SELLER);
    const clerk = keyboardClerk(page);

    await twoBestSeats(page, clerk);
    await waitForFocus(page, '.staff-basket__footer button');
    await page.screenshot({ path: '/tmp/foyer-speed-basket.png', fullPage: true });
    await clerk.press('Enter');
    const sold = await payExactCash(page, clerk);
    await page.screenshot({ path: '/tmp/foyer-speed-sold.png', fullPage: true });

    process.stdout.write(`walk-up sale: ${clerk.actions.length} actions (${clerk.actions.join(', ')})\n`);
    expect(clerk.actions.length).toBeLessThanOrEqual(WALK_UP_LIMIT);
    const order = await orderNamed(sold.name);
    expect(order).toMatchObject({ tickets: 2, customerId: null, delivery: 'Hand over at the counter' });
    expect(order.payments).toEqual([
      { payment_type: 'Cash', amount: sold.total, amount_tendered: sold.total },
    ]);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it(`sells two best seats to a returning customer on the phone in at most ${PHONE_LIMIT} actions`, async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    const refused = refusedCalls(page);
    await signIn(foyer, page, SELLER, '/admin');
    const email = `rita.returning.${Date.now()}@example.com`;
    const made = await ok(page, 'POST', '/api/admin/customers', {
      FirstName: 'Rita',
      LastName: 'Returning',
      Email: email,
      Phone: '555 0199',
    });
    const customerId = made.CustomerId as number;
    const clerk = keyboardClerk(page);

    await twoBestSeats(page, clerk);
    await clerk.press('Alt+U');
    await waitForFocus(page, 'input[type="search"][aria-keyshortcuts="Alt+U"]');
    await clerk.type(email);
    await page.getByRole('list', { name: 'Matching customers' }).getByText('Rita Returning').waitFor();
    await clerk.press('Enter');
    await page.getByTestId('staff-basket-customer').getByText('Rita Returning').waitFor();
    await page.screenshot({ path: '/tmp/foyer-speed-phone-basket.png', fullPage: true });
    await clerk.press('Alt+P');
    const sold = await payExactCash(page, clerk);

    process.stdout.write(`phone sale: ${clerk.actions.length} actions (${clerk.actions.join(', ')})\n`);
    expect(clerk.actions.length).toBeLessThanOrEqual(PHONE_LIMIT);
    const order = await orderNamed(sold.name);
    expect(order).toMatchObject({ tickets: 2, customerId });
    expect(order.payments).toEqual([
      { payment_type: 'Cash', amount: sold.total, amount_tendered: sold.total },
    ]);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('asks what a chosen delivery needs, marked, and puts the focus on the refusal that stops a payment', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER);
    const clerk = keyboardClerk(page);
    await twoBestSeats(page, clerk);
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await page.getByRole('radio', { name: /^E-ticket/ }).check();
    expect((await chosen).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await clerk.press('Alt+P');
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    const details = page.getByRole('group', { name: 'Customer details' });
    // E-tickets go to an e-mail: that field, and only that one, is marked required.
    expect(await details.locator('[aria-required="true"]').count()).toBe(1);
    expect(await details.getByLabel('E-mail', { exact: true }).getAttribute('aria-required')).toBe('true');
    expect(await details.locator('.required-mark').allInnerTexts()).toEqual(['Required']);
    const total = await ok(page, 'GET', '/api/baskets/viewmodel').then(
      (vm) => (vm.Basket as { Total: number }).Total,
    );
    await clerk.press('Alt+C');
    await waitForFocus(page, '.counter-method-fields input');
    await clerk.type(decimal(total));
    await clerk.press('Enter');
    await waitForFocus(page, '[data-testid="counter-payment-error"]');
    expect(await page.getByTestId('counter-payment-error').innerText()).toBe(
      'Fill in the customer details marked.',
    );
    expect(await details.getByLabel('E-mail', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: '/tmp/foyer-speed-refused.png', fullPage: true });
    expect(new URL(page.url()).pathname).toBe('/admin/checkout/payment');
    await page.context().close();
  });
});
