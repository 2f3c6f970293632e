import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../adapters/http/contract/catalogue.ts';
import { CounterCheckoutAnswer } from '../../adapters/http/contract/counter.ts';
import { OutboxList } from '../../adapters/http/contract/outbox.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, upcomingDates } from './seat-map-page.ts';
import {
  api,
  decimal,
  holdSeats,
  money,
  ok,
  payOnReader,
  screenshots,
  SELLER,
  signIn,
  SUPERVISOR,
} from './staff-session.ts';

// The staff order screens in Chromium against the real server and a fresh demo database: a
// supervisor finds a counter order by e-mail and by number, cancels one of its two tickets with
// a fee and refunds the credit at once (the seat is back on sale: a buyer can hold it), then
// refunds an order paid in cash and by card over both payments as the refund rules suggest (the
// older payment first), and the customer's refund e-mails reach the outbox. Screenshots in
// /tmp/shots/.

const shot = screenshots('/tmp/shots/staff-orders-');

interface CounterOrder {
  readonly id: number;
  readonly name: string;
  readonly total: number;
  readonly email: string;
  readonly seats: readonly string[];
}

/**
 * Two seats sold at the counter to a customer made for the order: paid in cash whole, or `cash`
 * in cash and the rest by card on the counter's simulated reader.
 */
const counterOrder = async (page: Page, event: Event, who: string, cash: number | null) => {
  const seats = await holdSeats(page, event, 2);
  const email = `${who.toLowerCase()}.${Date.now()}@example.com`;
  const made = await ok(page, 'POST', '/api/admin/customers', {
    FirstName: who,
    LastName: 'Orders',
    Email: email,
  });
  await ok(page, 'PUT', `/api/admin/baskets/updatecustomer/${String(made.CustomerId)}`);
  const sold = CounterCheckoutAnswer.parse(
    await ok(page, 'POST', '/api/checkout/pos', {
      IdempotencyKey: crypto.randomUUID(),
      PaymentType: 'Cash',
      ...(cash === null ? {} : { Amount: cash }),
      AmountTendered: 10_000_000,
      FirstName: who,
      LastName: 'Orders',
      Email: email,
      Phone: '+1 212 555 0100',
      BillToAddress1: '1 Theatre Row',
      BillToCity: 'New York',
      BillToState: 'NY',
      BillToPostalCode: '10036',
      BillToCountryCode: 'US',
      AcceptTermsOfService: true,
      Counter: 'Window 3',
    }),
  );
  if (cash !== null) {
    expect(sold.BalanceDue).toBeGreaterThan(0);
    await payOnReader(page, sold.Order.ID, sold.BalanceDue, 'Window 3');
  }
  return { id: sold.Order.ID, name: sold.Order.Name, total: sold.Order.Total, email, seats } as CounterOrder;
};

/** The newest outbox message to this address whose subject matches, waited for. */
const mailTo = async (page: Page, baseUrl: string, email: string, subject: RegExp) => {
  for (let tries = 0; ; tries++) {
    const list = OutboxList.parse(await (await page.request.get(`${baseUrl}/api/outbox`)).json());
    const found = list.Messages.filter((m) => m.To.includes(email) && subject.test(m.Subject));
    if (found.length > 0) return found;
    expect(tries, `an e-mail to ${email} matching ${subject} reaches the outbox`).toBeLessThan(60);
    await page.waitForTimeout(500);
  }
};

/** The amount shown in one of the balance panel's figures. */
const figure = (page: Page, testId: string) =>
  page.getByTestId('order-balance').getByTestId(testId).innerText();

describe('the staff order screens in Chromium', { timeout: 180_000 }, () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;
  let dates: Event[];
  let page: Page;
  let first: CounterOrder;

  beforeAll(async () => {
    await mkdir('/tmp/shots', { recursive: true });
    // Workers on and an outbox of its own: the refund e-mails are really sent, to DATA_DIR/outbox.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-staff-orders-e2e-'));
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true', DATA_DIR: dataDir } });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SUPERVISOR, '/admin/v2/sell-tickets');
    first = await counterOrder(page, dates[3]!, 'Fern', null);
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("finds an order from the clerk's home by e-mail, and on the order search by its number", async () => {
    await page.goto(`${foyer.baseUrl}/admin/v2/sell-tickets`);
    const find = page.getByRole('search', { name: 'Find an order' });
    await find.getByRole('searchbox').fill(first.email);
    await shot(page, 'sell-home');
    await find.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/orders' && url.searchParams.get('q') === first.email,
    );
    const results = page.getByTestId('order-search-results');
    await results
      .getByRole('link', { name: first.name })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${page.url()}\n${await page.locator('main').innerText()}`);
      });
    expect(await results.locator('tbody tr').count()).toBe(1);
    await shot(page, 'search-email');

    // By number, without its letter and zeros: the address holds the search.
    const number = String(Number(first.name.replace(/\D/g, '')));
    await page.getByLabel('Number, barcode, name, e-mail or phone').fill(number);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The router keeps the type of what it writes in the address: a number-like q is quoted.
    await page.waitForURL((url) => url.searchParams.get('q')?.replace(/"/g, '') === number);
    await results.getByRole('link', { name: first.name }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${first.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${first.name}`) }).waitFor();
    expect(await page.getByTestId('order-customer').innerText()).toContain('Fern Orders');
    expect(await page.getByTestId('order-tickets').locator('tbody tr').count()).toBe(2);
    expect(await figure(page, 'balance-total')).toBe(money(first.total));
    expect(await figure(page, 'balance-due')).toBe(money(0));
    await shot(page, 'order');

    // A note, kept with the order and shown with who wrote it.
    const notes = page.getByTestId('order-notes');
    await notes.getByLabel('Add a note').fill('Customer called: may cancel one seat.');
    await notes.getByRole('button', { name: 'Save the note' }).click();
    const note = notes.getByRole('listitem').filter({ hasText: 'Customer called: may cancel one seat.' });
    await note.waitFor();
    expect(await note.innerText()).toContain('Sam Supervisor');

    // The tickets e-mailed again, after a confirmation naming the address.
    await page.getByRole('button', { name: 'Resend tickets' }).click();
    const resend = page.getByTestId('resend-dialog');
    expect(await resend.innerText()).toContain(`E-mail the tickets again to ${first.email}?`);
    await resend.getByRole('button', { name: 'Send them' }).click();
    await resend.getByText(`The tickets are on their way to ${first.email}.`).waitFor();
    await shot(page, 'resent');
    await resend.getByRole('button', { name: 'Close' }).click();
  });

  it("finds a performance's orders by choosing the performance by its date, not by its id", async () => {
    await page.goto(`${foyer.baseUrl}/admin/orders`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await page.getByLabel('Event ID').count()).toBe(0);
    const [year, month, day] = dates[3]!.LocalDate.slice(0, 10).split('-');
    await page.getByLabel('Find by show or date').fill(`${month}-${day}-${year}`);
    const picker = page.getByTestId('performance-picker');
    const option = picker.getByRole('button').filter({ hasText: dates[3]!.Name }).first();
    await option.waitFor();
    // Said with its date and time on the venue's clock, as the order page says the tickets'.
    const time = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(`${dates[3]!.LocalDate.slice(0, 19)}Z`));
    expect(await option.innerText()).toContain(time);
    await option.click();
    expect(await page.getByTestId('performance-chosen').innerText()).toContain(time);
    await shot(page, 'search-performance');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('eventId') === String(dates[3]!.ID));
    await page.getByTestId('order-search-results').getByRole('link', { name: first.name }).waitFor();
    // Opened again from its address, the search names its performance in words.
    await page.reload();
    expect(await page.getByTestId('performance-chosen').innerText()).toContain(dates[3]!.Name);
  });

  it('shows a Seller the refund and exchange actions disabled, with whom to ask, and calls nothing refused', async () => {
    const seller = await foyer.openPage({ bypassCSP: true });
    const refused: string[] = [];
    seller.on('response', (response) => {
      if (response.status() === 401 || response.status() === 403)
        refused.push(`${String(response.status())} ${response.request().method()} ${response.url()}`);
    });
    await signIn(foyer, seller, SELLER, `/admin/orders/${first.id}`);
    await seller.getByRole('heading', { level: 1, name: new RegExp(`^${first.name}`) }).waitFor();
    await seller.getByRole('button', { name: 'Resend tickets' }).waitFor();
    const cancel = seller.getByRole('button', { name: 'Cancel tickets' });
    const exchange = seller.getByRole('button', { name: 'Exchange tickets' });
    expect(await cancel.isDisabled()).toBe(true);
    expect(await exchange.isDisabled()).toBe(true);
    // Each disabled action says whom to ask, and a screen reader hears it with the button.
    const reasons = seller.getByTestId('order-needs-role');
    expect(await reasons.getByRole('listitem').allInnerTexts()).toEqual([
      'Refunds and cancellations: ask your Box-office supervisor',
      'Exchanges: ask your Box-office supervisor',
    ]);
    expect(await cancel.getAttribute('aria-describedby')).toBe('order-needs-refund');
    expect(await exchange.getAttribute('aria-describedby')).toBe('order-needs-exchange');
    expect(await seller.getByRole('link', { name: /^Audit log/ }).count()).toBe(0);
    await shot(seller, 'seller-order');
    // Everything the page loads has been answered by now: none of it was refused.
    await seller.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
    await seller.context().close();
  });

  it('shows a supervisor no reason to ask anyone', async () => {
    await page.goto(`${foyer.baseUrl}/admin/orders/${first.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${first.name}`) }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel tickets' }).isDisabled()).toBe(false);
    expect(await page.getByTestId('order-needs-role').count()).toBe(0);
  });

  it('cancels one of two tickets with a fee and refunds at once: the seat is back on sale', async () => {
    await page.goto(`${foyer.baseUrl}/admin/orders/${first.id}`);
    await page.getByRole('button', { name: 'Cancel tickets' }).click();
    const form = page.getByTestId('cancel-form');
    const boxes = form.getByRole('checkbox');
    // All, then the two tickets, then "refund now" (checked for a supervisor).
    await boxes.nth(1).check();
    await form.getByLabel('Cancellation fee kept (optional)').fill('5.00');
    expect(await form.getByRole('checkbox', { name: 'Refund the customer now' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Review the cancellation' }).click();
    const confirm = page.getByTestId('cancel-confirm');
    await confirm.waitFor();
    const text = await confirm.innerText();
    expect(text).toContain('1 ticket will be cancelled.');
    expect(text).toContain('1 seat goes back on sale.');
    expect(text).toContain(`${money(500)} is kept as a cancellation fee.`);
    const refunded = Number(/\$([\d,.]+) is refunded/.exec(text)?.[1]?.replace(/,/g, '')) * 100;
    expect(refunded).toBeGreaterThan(0);
    await shot(page, 'cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel the tickets' }).click();
    const result = page.getByTestId('cancel-result');
    await result.getByText('1 ticket cancelled.').waitFor();
    expect(await result.innerText()).toContain(`${money(refunded)} refunded.`);
    await result.getByRole('button', { name: 'Close' }).click();

    // The page read again: one ticket cancelled, the fee and the refund, nothing owed either way.
    const tickets = page.getByTestId('order-tickets');
    await tickets.locator('tr[data-status="Cancelled"]').waitFor();
    expect(await tickets.locator('tr[data-status="Active"]').count()).toBe(1);
    expect(await figure(page, 'balance-refunded')).toBe(money(refunded));
    expect(await figure(page, 'balance-due')).toBe(money(0));
    expect(await figure(page, 'balance-total')).toBe(money(first.total - refunded));
    await page.getByTestId('order-refunds').waitFor();
    expect(await page.getByTestId('order-adjustments').innerText()).toContain('Cancellation fee kept');
    await shot(page, 'cancelled');

    // A buyer on the web can hold the seat given back.
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const open = first.seats.filter(
      (key) => p.inventory.MapSeats.find((s) => s.Key === key)?.seatStatus === 'Open',
    );
    expect(open).toHaveLength(1);
    const buyer = await foyer.openPage();
    await buyer.goto(foyer.baseUrl);
    const held = await api(buyer, 'POST', '/api/baskets/additems', {
      eventId: dates[3]!.ID,
      basketItems: [{ Key: open[0] }],
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    await buyer.context().close();

    await mailTo(page, foyer.baseUrl, first.email, /^Refund of /);
  });

  it("shows the order's audit log in words, titled by the order's number", async () => {
    await page.goto(`${foyer.baseUrl}/admin/orders/${first.id}`);
    await page.getByRole('link', { name: /^Audit log/ }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${first.id}/audit`);
    expect(first.name).toMatch(/^F\d{7}$/);
    await page.getByRole('heading', { level: 1, name: `Audit log of order ${first.name}` }).waitFor();
    expect(await page.title()).toContain(first.name);
    const table = page.getByTestId('audit-table');
    const text = await table.innerText();
    // The note, the tickets e-mailed again and the cancellation of the tests above, in words.
    for (const words of ['Note added', 'Tickets e-mailed again', 'Tickets cancelled'])
      expect(text).toContain(words);
    expect(text).not.toContain('/api/');
    expect(text).not.toMatch(/\b(POST|PUT|PATCH|DELETE)\b/);
    await shot(page, 'audit-log');
  });

  it('refunds an order paid in cash and by card over both payments, the older payment first', async () => {
    const cash = 1000;
    const order = await counterOrder(page, dates[4]!, 'Gus', cash);
    await page.goto(`${foyer.baseUrl}/admin/orders/${order.id}`);
    const payments = page.getByTestId('order-payments');
    await payments.locator('tbody tr').nth(1).waitFor();

    // Every ticket cancelled without a refund: what they cost is owed back (the order's own
    // charges, such as delivery, stay).
    await page.getByRole('button', { name: 'Cancel tickets' }).click();
    const form = page.getByTestId('cancel-form');
    await form.getByRole('checkbox', { name: /^All/ }).check();
    await form.getByRole('checkbox', { name: 'Refund the customer now' }).uncheck();
    await form.getByRole('button', { name: 'Review the cancellation' }).click();
    const confirm = page.getByTestId('cancel-confirm');
    const owedText = /(\$[\d,.]+) is owed to the customer, to refund later\./.exec(await confirm.innerText());
    expect(owedText, await confirm.innerText()).not.toBeNull();
    const owed = Math.round(Number(owedText![1]!.replace(/[$,]/g, '')) * 100);
    expect(owed).toBeGreaterThan(cash);
    await confirm.getByRole('button', { name: 'Cancel the tickets' }).click();
    await page.getByTestId('cancel-result').getByText('2 tickets cancelled.').waitFor();
    await page.getByTestId('cancel-result').getByRole('button', { name: 'Close' }).click();
    await page.getByText('Credit owed to the customer', { exact: true }).waitFor();
    expect(await figure(page, 'balance-due')).toBe(money(owed));

    // The refund dialog suggests the cash first (all of it), then the card for the rest.
    await page.getByRole('button', { name: `Refund ${money(owed)}` }).click();
    const dialog = page.getByTestId('refund-form');
    const lines = dialog.locator('tbody tr');
    await lines.nth(1).waitFor();
    const amounts = dialog.getByRole('textbox');
    expect(await amounts.nth(0).inputValue()).toBe(decimal(cash));
    expect(await amounts.nth(1).inputValue()).toBe(decimal(owed - cash));
    await shot(page, 'refund-suggested');

    // More than the cash payment brought in is refused as it is typed, and said why.
    await amounts.nth(0).fill(decimal(cash + 100));
    await dialog.getByText(`This payment can give back at most ${money(cash)}.`).waitFor();
    expect(await dialog.getByRole('button', { name: /^Refund \$/ }).isDisabled()).toBe(true);
    await shot(page, 'refund-refused');
    await dialog.getByRole('button', { name: 'Fill in the suggestion again' }).click();
    expect(await amounts.nth(0).inputValue()).toBe(decimal(cash));

    await dialog.getByRole('button', { name: `Refund ${money(owed)}` }).click();
    const result = page.getByTestId('refund-result');
    await result.waitFor();
    const said = await result.innerText();
    expect(said).toContain(`${money(cash)} refunded`);
    expect(said).toContain(`${money(owed - cash)} refunded`);
    await result.getByRole('button', { name: 'Close' }).click();

    const refunds = page.getByTestId('order-refunds');
    await expect.poll(() => refunds.locator('tbody tr').count()).toBe(2);
    expect(await figure(page, 'balance-refunded')).toBe(money(owed));
    expect(await figure(page, 'balance-due')).toBe(money(0));
    const given = await payments.getByTestId('payment-refunded').allInnerTexts();
    expect(given).toEqual([money(cash), money(owed - cash)]);
    await shot(page, 'refunded');

    // The customer hears of each refund.
    await expect
      .poll(async () => (await mailTo(page, foyer.baseUrl, order.email, /^Refund of /)).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    await page.goto(`${foyer.baseUrl}/outbox`);
    await page.locator('.outbox__item', { hasText: order.email }).first().waitFor();
    await shot(page, 'outbox');
  });
});
