import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellSearchAnswer, BoxOfficeInventory } from '../../adapters/http/contract/staff-inventory.ts';
import { SvgData } from '../../adapters/http/contract/catalogue.ts';
import { stringsFor } from '../../core/i18n/strings/index.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { seatPoint, type Performance } from './seat-map-page.ts';
import { signInOnLoginPage, SUPERVISOR } from './staff-session.ts';

// A clerk whose browser speaks Brazilian Portuguese sells at the counter and refunds, every step
// on screen: the clerk's home finds HAMLET, the staff seat map takes two seats, the staff basket
// gets a walk-up customer and box office collection, the payment page takes cash with change,
// and the order found again from the home is cancelled and refunded from its page. Each screen
// is driven by the Portuguese tables' words and checked against the English admin and consumer
// tables: no text of the page, nor a label a screen reader hears, may be one of their sentences.
// (The box office's own content, show titles, price types, delivery and payment method names,
// is written in English by the demo and is not checked.) Screenshots in /tmp/shots/staff-pt-*.

const admin = stringsFor('admin', 'pt');
const consumer = stringsFor('consumer', 'pt');

// Whole English sentences and labels of two words or more, placeholders left out.
const englishSentences = [
  ...new Set(
    [...Object.values(stringsFor('admin', 'en')), ...Object.values(stringsFor('consumer', 'en'))].filter(
      (text) => !text.includes('{{') && /^[A-Z][a-z’']+ [a-z’']+/.test(text),
    ),
  ),
];

/** Every text node and every label a screen reader hears (aria-label, placeholder, title, alt). */
const textsOn = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node.textContent ?? '');
    for (const element of document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt'])
        found.push(element.getAttribute(name) ?? '');
    return found.map((text) => text.trim()).filter((text) => text !== '');
  });

/** The English tables' sentences the page shows as a whole text or label. */
const englishOn = async (page: Page): Promise<string[]> => {
  const shown = new Set(await textsOn(page));
  return englishSentences.filter((sentence) => shown.has(sentence));
};

/** A screenshot once the page's fonts have arrived, then the page's words checked. */
const screen = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: `/tmp/shots/staff-pt-${name}.png`, fullPage: true });
  expect(await englishOn(page), `English on the ${name} screen`).toEqual([]);
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A table text as a pattern, each placeholder a group: 'Pagar {{amount}}' -> /^Pagar (.+)$/. */
const pattern = (text: string) => new RegExp(`^${literal(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+)')}$`);
/** The same, found inside a longer text. */
const within = (text: string) => new RegExp(literal(text).replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+?)'));

/** 1250 -> '12,50', as a Brazilian clerk types an amount. */
const typed = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

describe('the counter in Brazilian Portuguese', { timeout: 180_000 }, () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    await mkdir('/tmp/shots', { recursive: true });
    foyer = await startFoyerUnderTest({ env: { BASKET_HOLD_MINUTES: '15' } });
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('sells two seats for cash and refunds the order, every screen in Portuguese', async () => {
    const page = await foyer.openPage({ locale: 'pt-BR' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Signed in on the login page, back at the clerk's home.
    await signInOnLoginPage(foyer, page, SUPERVISOR, '/admin/v2/sell-tickets');
    await page.getByRole('heading', { level: 2, name: admin['sell.upcoming'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    // The role is named in Portuguese, not as the server calls it.
    expect(await page.getByTestId('admin-staff-role').innerText()).toBe(admin['role.BoxOfficeSupervisor']);
    await screen(page, 'home');

    // HAMLET by name; the performance with the most seats open.
    await page.getByLabel(admin['sell.searchLabel']!, { exact: true }).fill('Hamlet');
    await page.getByRole('button', { name: admin['sell.searchButton'], exact: true }).click();
    await page.getByRole('heading', { level: 2, name: admin['sell.eventsFound'] }).waitFor();
    const rows = page.locator('table.sell-events tbody tr');
    await rows.first().waitFor();
    const listed = new Set(
      (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-event-id')))).map(Number),
    );
    const found = SellSearchAnswer.parse(
      await (await page.request.get(`${foyer.baseUrl}/api/admin/sell/search?q=HAMLET&limit=100`)).json(),
    );
    const target = found.Events.filter((e) => listed.has(e.EventID)).sort((a, b) => b.Open - a.Open)[0]!;
    const row = page.locator(`tr[data-event-id="${target.EventID}"]`);
    await screen(page, 'search');
    await row.getByRole('link', { name: pattern(admin['sell.sellFor']!) }).click();

    // The staff seat map: two plain open seats.
    await page.locator('[data-seats-drawn]').waitFor({ timeout: 30_000 });
    const gotIt = page.getByRole('button', { name: consumer['seatmap.instructions.dismiss'], exact: true });
    if (await gotIt.isVisible()) await gotIt.click();
    const inventory = BoxOfficeInventory.parse(
      await (
        await page.request.get(`${foyer.baseUrl}/api/admin/eventinventory/${target.EventID}/boxoffice`)
      ).json(),
    );
    const svg = SvgData.parse(
      await (
        await page.request.get(`${foyer.baseUrl}/api/svg/svgdata/${inventory.VenueConfigurationID}`)
      ).json(),
    );
    const plain = inventory.MapSeats.filter(
      (s) => s.seatStatus === 'Open' && !s.ADAType && s.seatAlertId === undefined && !s.PossiblePackageIDs,
    );
    for (const seat of [plain[Math.floor(plain.length / 3)]!, plain[Math.floor((2 * plain.length) / 3)]!]) {
      const at = await seatPoint(page, { svg } as unknown as Performance, seat.Key);
      await page.mouse.click(at.x, at.y);
    }
    const cont = page.getByRole('button', { name: consumer['seatmap.cart.continue'], exact: true });
    await expect.poll(() => cont.isEnabled()).toBe(true);
    await page.mouse.move(1, 1);
    await screen(page, 'seatmap');
    await cont.click();

    // The staff basket: a walk-up customer, collection at the box office.
    await page.waitForURL((url) => url.pathname === '/admin/v2/checkout/basket', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: admin['staffBasket.title'] }).waitFor();
    await page.locator('.basket-line').nth(1).waitFor();
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await page.getByRole('radio', { name: within(consumer['basket.delivery.type.PointOfSale']!) }).check();
    expect((await chosen).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await page.getByRole('button', { name: admin['staffBasket.customer.new'], exact: true }).click();
    await page.getByLabel(admin['staffBasket.customer.FirstName']!, { exact: true }).fill('Joana');
    await page.getByLabel(admin['staffBasket.customer.LastName']!, { exact: true }).fill('Balcão');
    await page
      .getByLabel(admin['staffBasket.customer.Email']!, { exact: true })
      .fill(`joana.${Date.now()}@example.com`);
    await page.getByRole('button', { name: admin['staffBasket.customer.create'], exact: true }).click();
    await page.getByTestId('staff-basket-customer').getByText('Joana Balcão').waitFor();
    // A browser without a counter name of its own is named in Portuguese.
    expect(await page.getByTestId('staff-basket-counter').innerText()).toBe(
      admin['staffBasket.pos.current']!.replace('{{counter}}', admin['staffBasket.pos.defaultCounter']!),
    );
    const total = (
      (await (await page.request.get(`${foyer.baseUrl}/api/baskets/viewmodel`)).json()) as {
        Basket: { Total: number };
      }
    ).Basket.Total;
    await screen(page, 'basket');

    // The payment page: the address, then cash with $10.00 of change (the venue's dollars).
    await page.getByRole('button', { name: admin['staffBasket.toPayment'], exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/checkout/payment');
    await page.getByRole('heading', { level: 1, name: admin['counterPayment.title'] }).waitFor();
    const details = page.getByRole('group', { name: admin['counterPayment.details.title'] });
    const fill = async (field: string, value: string) => {
      const input = details.getByLabel(admin[`counterPayment.details.${field}`]!, { exact: true });
      if ((await input.count()) > 0 && (await input.inputValue()) === '') await input.fill(value);
    };
    await fill('Address1', 'Rua Augusta, 1500');
    await fill('City', 'São Paulo');
    await fill('PostalCode', '01304-001');
    // Countries by their Portuguese names.
    const country = details.getByLabel(admin['counterPayment.details.CountryCode']!, { exact: true });
    expect(await country.locator('option:checked').innerText()).toBe(
      new Intl.DisplayNames(['pt'], { type: 'region' }).of(await country.inputValue()),
    );
    const tos = details.getByRole('checkbox', { name: admin['counterPayment.details.tos'] });
    if ((await tos.count()) > 0) await tos.check();
    await page.getByRole('radio', { name: admin['counterPayment.type.Cash'], exact: true }).check();
    await page.getByLabel(pattern(admin['counterPayment.cash.tendered']!)).fill(typed(total + 1000));
    await page
      .getByTestId('counter-change-due')
      .getByText(pattern(admin['counterPayment.cash.changeDue']!))
      .waitFor();
    await screen(page, 'payment');
    await page.getByRole('button', { name: pattern(admin['counterPayment.pay']!) }).click();

    // Back at the home, the banner naming the order.
    await page.waitForURL((url) => url.pathname === '/admin/v2/sell-tickets');
    const banner = page.getByTestId('counter-sale-banner');
    await banner.waitFor();
    const orderName = within(admin['counterPayment.done.paid']!).exec(await banner.innerText())?.[1];
    expect(orderName, await banner.innerText()).toBeDefined();
    await page.getByRole('heading', { level: 2, name: admin['sell.upcoming'] }).waitFor();
    await screen(page, 'sold');

    // The order found from the home by its number.
    const find = page.getByRole('search', { name: admin['staffOrders.findOrder'] });
    await find.getByRole('searchbox').fill(orderName!);
    await find.getByRole('button', { name: admin['staffOrders.findOrderButton'], exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    const results = page.getByTestId('order-search-results');
    await results.getByRole('link', { name: orderName }).waitFor();
    await screen(page, 'order-search');
    await results.getByRole('link', { name: orderName }).click();
    await page.waitForURL((url) => /^\/admin\/orders\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${orderName}`) }).waitFor();
    const payment = page.getByTestId('order-payments').locator('tbody tr').first();
    await payment.waitFor();
    // The order's status, the payment's type and the counter's default name, in Portuguese.
    expect(await page.getByTestId('order-status').textContent()).toBe(
      admin['staffOrders.orderStatus.Complete'],
    );
    const cells = await payment.locator('td').allInnerTexts();
    expect(cells[0]).toBe(admin['staffOrders.paymentTypeName.Cash']);
    expect(cells).toContain(admin['staffBasket.pos.defaultCounter']);
    await screen(page, 'order');

    // Both tickets cancelled, the refund left for later.
    await page.getByRole('button', { name: admin['staffOrders.cancel.action'], exact: true }).click();
    const form = page.getByTestId('cancel-form');
    await form.getByRole('checkbox', { name: pattern(admin['staffOrders.cancel.all_other']!) }).check();
    await form.getByRole('checkbox', { name: admin['staffOrders.cancel.refundNow'] }).uncheck();
    await screen(page, 'cancel');
    await form.getByRole('button', { name: admin['staffOrders.cancel.review'], exact: true }).click();
    const confirm = page.getByTestId('cancel-confirm');
    await confirm.getByText(pattern(admin['staffOrders.cancel.sentence_other']!)).waitFor();
    await screen(page, 'cancel-confirm');
    await confirm.getByRole('button', { name: admin['staffOrders.cancel.confirm'], exact: true }).click();
    const cancelled = page.getByTestId('cancel-result');
    await cancelled.getByText(pattern(admin['staffOrders.cancel.done_other']!)).waitFor();
    await screen(page, 'cancelled');
    await cancelled.getByRole('button', { name: admin['staffOrders.close'], exact: true }).click();

    // The refund of the credit owed, the way it was paid.
    await page.getByText(admin['staffOrders.creditOwed']!, { exact: true }).waitFor();
    await page.getByRole('button', { name: pattern(admin['staffOrders.refund.action']!) }).click();
    const refund = page.getByTestId('refund-form');
    await refund.locator('tbody tr').first().waitFor();
    await screen(page, 'refund');
    await refund.getByRole('button', { name: pattern(admin['staffOrders.refund.confirm']!) }).click();
    const refunded = page.getByTestId('refund-result');
    await refunded
      .getByText(
        pattern(
          admin['staffOrders.refund.made.succeeded']!.replace(
            '{{type}}',
            admin['staffOrders.paymentTypeName.Cash']!,
          ),
        ),
      )
      .waitFor();
    await screen(page, 'refunded');
    await refunded.getByRole('button', { name: admin['staffOrders.close'], exact: true }).click();

    const refunds = page.getByTestId('order-refunds');
    await refunds.locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe(
      admin['staffOrders.orderStatus.Cancelled'],
    );
    expect((await refunds.locator('tbody tr td').allInnerTexts())[1]).toBe(
      admin['staffOrders.paymentTypeName.Cash'],
    );
    expect(await page.getByTestId('order-balance').getByTestId('balance-due').innerText()).toMatch(
      /\b0[.,]00\b/,
    );
    await screen(page, 'order-refunded');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
