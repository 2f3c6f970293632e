import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BoxOfficeInventory,
  SellSearchAnswer,
  type BoxOfficeSeat,
} from '../../adapters/http/contract/staff-inventory.ts';
import { SvgData } from '../../adapters/http/contract/catalogue.ts';
import { fillBuyer, soldBanner, toPayment } from './counter-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { seatPoint, type Performance } from './seat-map-page.ts';
import {
  api,
  decimal,
  money,
  screenshots,
  SELLER as SELLER_EMAIL,
  signInOnLoginPage,
  SUPERVISOR as SUPERVISOR_EMAIL,
} from './staff-session.ts';

// A clerk's day at the box office in Chromium against the real server and a fresh demo database:
// a phone sale by check to a customer found by name, a split tender of cash and a card on the
// counter's reader, a basket of four seats put through every bulk edit and paid in cash, an
// invoice paid later in two payments, and then the till of the venue's day, whose figures per
// seller and counter must be what those sales took (summed here from the amounts the screens and
// the balance calls showed). Screenshots at desktop width in /tmp/foyer-day-*.png.

const VENUE_ZONE = 'America/New_York';
const SELLER = { email: SELLER_EMAIL, name: 'Sid Seller', counter: 'Window 1' };
const SUPERVISOR = { email: SUPERVISOR_EMAIL, name: 'Sam Supervisor', counter: 'Window 2' };
/** '$1,234.50' in minor units. */
const minorOf = (text: string) => {
  const m = /^\$([\d,]+)\.(\d\d)$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
};
const shot = screenshots('/tmp/foyer-day-');

interface Figures {
  Cash: number;
  Check: number;
  Card: number;
  Comp: number;
  Custom: number;
  RefundsPaidOut: number;
  CashExpected: number;
  PaymentCount: number;
}
const noFigures = (): Figures => ({
  Cash: 0,
  Check: 0,
  Card: 0,
  Comp: 0,
  Custom: 0,
  RefundsPaidOut: 0,
  CashExpected: 0,
  PaymentCount: 0,
});

interface Balance {
  OrderId: number;
  OrderName: string;
  Total: number;
  Paid: number;
  BalanceDue: number;
  Payments: { PaymentType?: string; Amount: number }[];
}

describe("a clerk's day at the box office, ending with the till", { timeout: 150_000 }, () => {
  let foyer: FoyerUnderTest;
  let seller: Page;
  let supervisor: Page;
  /** HAMLET's performances with the most open seats, one per sale. */
  let performances: { EventID: number; StartDate: string; SeriesCode: string; UrlSafeName: string }[];
  const usedSeats = new Set<string>();
  const took = { seller: noFigures(), supervisor: noFigures() };
  /** Each order placed at the counter, by name: its ID, from the checkout's or invoice's answer. */
  const orderIds = new Map<string, number>();
  /** The orders each clerk sold today, by name. */
  const orders = { seller: [] as string[], supervisor: [] as string[] };

  /** Signs in through the login form and lands on the sell-tickets screen. */
  const signIn = async (who: { email: string; counter: string }) => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signInOnLoginPage(foyer, page, who.email, '/admin/v2/sell-tickets');
    page.on('response', (response) => {
      if (!/\/api\/(checkout\/pos|admin\/baskets\/invoice)$/.test(response.url()) || !response.ok()) return;
      void response.json().then(
        (body: { Order?: { ID: number; Name: string } }) => {
          if (body.Order) orderIds.set(body.Order.Name, body.Order.ID);
        },
        () => undefined,
      );
    });
    return page;
  };

  /** On the staff seat map of a performance: `count` plain open seats clicked, then Continue. */
  const sellSeats = async (page: Page, sale: number, count: number) => {
    const target = performances[sale]!;
    const url = `/admin/selltickets/seriestickets/${target.SeriesCode}/${target.UrlSafeName}`;
    await page.goto(`${foyer.baseUrl}${url}?startDate=${target.StartDate}&eventId=${target.EventID}`);
    await page.locator('[data-seats-drawn]').waitFor({ timeout: 30_000 });
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    const inventory = BoxOfficeInventory.parse(
      (await api(page, 'GET', `/api/admin/eventinventory/${target.EventID}/boxoffice`)).body,
    );
    const svg = SvgData.parse(
      (await api(page, 'GET', `/api/svg/svgdata/${inventory.VenueConfigurationID}`)).body,
    );
    const p = { svg } as unknown as Performance;
    const plain = inventory.MapSeats.filter(
      (s: BoxOfficeSeat) =>
        s.seatStatus === 'Open' &&
        !s.ADAType &&
        s.seatAlertId === undefined &&
        !s.PossiblePackageIDs &&
        !usedSeats.has(s.Key),
    );
    // Seats spread over the house, so that no click lands on a neighbour.
    const chosen = Array.from(
      { length: count },
      (_, i) => plain[Math.floor(((i + 1) * plain.length) / (count + 2))]!,
    );
    for (const seat of chosen) {
      usedSeats.add(seat.Key);
      const at = await seatPoint(page, p, seat.Key);
      await page.mouse.click(at.x, at.y);
    }
    const cont = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => cont.isEnabled()).toBe(true);
    await cont.click();
    await page.waitForURL((u) => u.pathname === '/admin/v2/checkout/basket', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Basket' }).waitFor();
    await expect.poll(() => page.locator('.basket-line').count()).toBe(count);
    const chosenDelivery = page.waitForResponse((r) =>
      r.url().includes('/api/baskets/changedeliverymethod/'),
    );
    await page.getByRole('radio', { name: /^Box office collection/ }).check();
    expect((await chosenDelivery).status()).toBe(200);
    await settled(page);
  };

  const settled = (page: Page) => page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
  const shownTotal = async (page: Page) => minorOf(await page.getByTestId('staff-basket-total').innerText());

  /** The counter's name, set once in the POS settings of the clerk's browser. */
  const setCounter = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'POS settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'POS settings' });
    await dialog.getByLabel('Counter name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('staff-basket-counter').getByText(`Counter: ${name}`).waitFor();
  };

  /** The order the banner names, with its balance (GET /api/admin/orders/{id}/balance). */
  const balanceOf = async (page: Page, orderName: string): Promise<Balance> => {
    const id = orderIds.get(orderName);
    expect(id, `the order ${orderName} was placed on this page`).toBeDefined();
    const answer = await api(page, 'GET', `/api/admin/orders/${id}/balance`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const balance = answer.body as Balance;
    expect(balance.OrderName).toBe(orderName);
    return balance;
  };

  const orderNameIn = (banner: string) => /^Order (\S+) is /.exec(banner)?.[1] ?? '';

  beforeAll(async () => {
    foyer = await startFoyerUnderTest({ env: { BASKET_HOLD_MINUTES: '15' } });
    seller = await signIn(SELLER);
    supervisor = await signIn(SUPERVISOR);
    const found = SellSearchAnswer.parse(
      (await api(seller, 'GET', '/api/admin/sell/search?q=HAMLET&limit=100')).body,
    );
    performances = [...found.Events].sort((a, b) => b.Open - a.Open).slice(0, 4);
    expect(performances).toHaveLength(4);
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('1. sells two seats by phone to Casey Customer, found by name, paid by check', async () => {
    // A Seller may not change the sales channel (core/accounts/staff/permissions.ts): the supervisor sells.
    const page = supervisor;
    await sellSeats(page, 0, 2);
    await setCounter(page, SUPERVISOR.counter);
    await page.getByLabel('Find a customer').fill('Casey');
    const results = page.getByRole('list', { name: 'Matching customers' });
    await results.getByRole('button', { name: /Casey Customer/ }).click();
    const customer = page.getByTestId('staff-basket-customer');
    await customer.getByText('Casey Customer').waitFor();
    expect(await customer.innerText()).toContain('customer@foyer.local');
    const channel = page.getByLabel('Sales channel');
    const changed = page.waitForResponse((r) => r.url().endsWith('/saleschannel'));
    await channel.selectOption({ label: 'Phone sales' });
    expect((await changed).status()).toBe(200);
    await settled(page);
    await expect.poll(() => channel.inputValue()).toBe('Phone');
    const total = await shownTotal(page);
    expect(total).toBeGreaterThan(0);
    await shot(page, '1-phone-basket');

    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Check' }).check();
    await page.getByLabel('Check issuer').fill('First Bank');
    await page.getByLabel('Check number').fill('1042');
    await shot(page, '1-phone-check');
    await page.getByRole('button', { name: `Take ${money(total)}` }).click();
    const banner = await soldBanner(page);
    expect(banner).toMatch(/^Order \S+ is paid\./);
    await shot(page, '1-phone-sold');
    const balance = await balanceOf(page, orderNameIn(banner));
    expect(balance).toMatchObject({ Total: total, Paid: total, BalanceDue: 0 });
    took.supervisor.Check += total;
    took.supervisor.PaymentCount += balance.Payments.length;
    orders.supervisor.push(balance.OrderName);
  });

  it('2. takes part in cash, the balance on the terminal (simulated card), down to 0', async () => {
    const page = seller;
    await sellSeats(page, 1, 2);
    await setCounter(page, SELLER.counter);
    const total = await shownTotal(page);
    const cash = 2_000;
    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Amount of this payment/).fill(decimal(cash));
    await page.getByLabel(/^Cash tendered/).fill(decimal(cash));
    await page.getByRole('button', { name: `Take ${money(cash)}` }).click();
    await page
      .getByTestId('counter-balance-panel')
      .getByText(`Balance left: ${money(total - cash)}`)
      .waitFor();
    await shot(page, '2-split-cash');

    await page.getByRole('radio', { name: 'Card (terminal)' }).check();
    await page.getByRole('button', { name: `Take ${money(total - cash)} on the reader` }).click();
    const terminal = page.getByTestId('counter-terminal');
    await terminal.locator('[data-state="ready"]').waitFor();
    await shot(page, '2-split-terminal');
    await terminal.getByRole('button', { name: 'Simulate card', exact: true }).click();
    const banner = await soldBanner(page);
    expect(banner).toMatch(/^Order \S+ is paid\./);
    await shot(page, '2-split-sold');
    const balance = await balanceOf(page, orderNameIn(banner));
    expect(balance).toMatchObject({ Total: total, Paid: total, BalanceDue: 0 });
    expect(balance.Payments.map((p) => p.Amount).sort((a, b) => a - b)).toEqual(
      [cash, total - cash].sort((a, b) => a - b),
    );
    took.seller.Cash += cash;
    took.seller.Card += total - cash;
    took.seller.PaymentCount += balance.Payments.length;
    orders.seller.push(balance.OrderName);
  });

  it('3. applies every bulk edit to a basket of four seats, then takes cash', async () => {
    const page = supervisor;
    await sellSeats(page, 2, 4);
    const bar = page.getByRole('toolbar', { name: 'Bulk edit' });
    const lines = page.locator('.basket-line');
    const tick = async (indexes: number[]) => {
      for (const i of indexes) await lines.nth(i).locator('.staff-line-select').check();
      await bar.getByText(`${indexes.length} item${indexes.length === 1 ? '' : 's'} selected`).waitFor();
    };
    const apply = async (
      name: string,
      confirm: string,
      fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
    ) => {
      await bar.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      await fill?.(dialog);
      await shot(page, `3-bulk-${name.toLowerCase().replace(/ /g, '-')}`);
      await dialog.getByRole('button', { name: confirm, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await settled(page);
      await bar.getByText('0 items selected').waitFor();
    };
    const typeOf = (i: number) => lines.nth(i).locator('.basket-line__type select');
    const priceOf = async (i: number) =>
      minorOf(await lines.nth(i).locator('.basket-line__price strong').innerText());

    // Change Price Type: the first line to another type; the total follows its price.
    const before = await shownTotal(page);
    const firstType = await typeOf(0).inputValue();
    const firstPrice = await priceOf(0);
    const options = await typeOf(0)
      .locator('option')
      .evaluateAll((os) =>
        os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })),
      );
    const other = options.find((o) => o.value !== firstType);
    expect(other, JSON.stringify(options)).toBeDefined();
    await tick([0]);
    await apply('Change Price Type', 'Apply', async (dialog) => {
      await dialog.getByLabel('New price type').selectOption(other!.value);
    });
    await expect.poll(() => typeOf(0).inputValue()).toBe(other!.value);
    const typedPrice = await priceOf(0);
    expect(typedPrice).not.toBe(firstPrice);
    const afterType = await shownTotal(page);
    expect(afterType).not.toBe(before);
    expect(Math.sign(afterType - before)).toBe(Math.sign(typedPrice - firstPrice));

    // Select New Promotion: SAVE10 (10% off HAMLET, adapters/postgres/demo/promotions.ts) on line 2.
    const secondPrice = await priceOf(1);
    await tick([1]);
    await apply('Select New Promotion', 'Apply', async (dialog) => {
      await dialog.getByLabel('Promotion code').fill('SAVE10');
    });
    await lines.nth(1).getByText('SAVE10').waitFor();
    await expect.poll(() => priceOf(1)).toBe(secondPrice - Math.round(secondPrice / 10));
    expect(await lines.nth(1).locator('.basket-line__was').innerText()).toContain(money(secondPrice));
    const afterPromo = await shownTotal(page);
    expect(afterPromo).toBeLessThan(afterType);

    // Override Price: line 3 at $5.00, its original price kept.
    const thirdPrice = await priceOf(2);
    await tick([2]);
    await apply('Override Price', 'Apply', async (dialog) => {
      await dialog.getByLabel('New price per ticket (USD)').fill('5.00');
    });
    await expect.poll(() => priceOf(2)).toBe(500);
    const afterOverride = await shownTotal(page);
    expect(afterOverride).toBeLessThan(afterPromo);
    const vm = (await api(page, 'GET', '/api/baskets/viewmodel')).body as {
      Basket: {
        TicketItems: { ID: number; Price: number; FaceValue: number; FeeTotal: number }[];
        Total: number;
      };
    };
    const overridden = vm.Basket.TicketItems.find((i) => i.Price === 500)!;
    expect(overridden.FaceValue).toBe(thirdPrice);
    // The original price stays in the line's ticket type (no struck-out price: that is for promotions).
    expect(await typeOf(2).locator('option:checked').innerText()).toContain(money(thirdPrice));
    await shot(page, '3-bulk-overridden');

    // Remove Fees from every line: the total loses them.
    const fees = vm.Basket.TicketItems.reduce((sum, i) => sum + i.FeeTotal, 0);
    expect(fees).toBeGreaterThan(0);
    await bar.getByLabel('Select all').check();
    await bar.getByText('4 items selected').waitFor();
    await apply('Remove Fees', 'Remove fees');
    await expect.poll(() => shownTotal(page)).toBe(afterOverride - fees);
    await expect.poll(() => lines.locator('.basket-line__muted', { hasText: /fees?/i }).count()).toBe(0);

    // Remove Items: the last two lines go.
    const beforeRemoval = await shownTotal(page);
    const removed = (await priceOf(2)) + (await priceOf(3));
    const kept = [await lines.nth(0).innerText(), await lines.nth(1).innerText()];
    await tick([2, 3]);
    await apply('Remove Items', 'Remove items');
    await expect.poll(() => lines.count()).toBe(2);
    expect([await lines.nth(0).innerText(), await lines.nth(1).innerText()]).toEqual(kept);
    await expect.poll(() => shownTotal(page)).toBe(beforeRemoval - removed);
    const total = await shownTotal(page);
    await shot(page, '3-bulk-done');

    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Cash tendered/).fill(decimal(total + 500));
    await page
      .getByTestId('counter-change-due')
      .getByText(`Change due: ${money(500)}`)
      .waitFor();
    await page.getByRole('button', { name: `Take ${money(total)}` }).click();
    const banner = await soldBanner(page);
    expect(banner).toContain(`Change due: ${money(500)}.`);
    await shot(page, '3-bulk-sold');
    const balance = await balanceOf(page, orderNameIn(banner));
    expect(balance).toMatchObject({ Total: total, Paid: total, BalanceDue: 0 });
    took.supervisor.Cash += total;
    took.supervisor.PaymentCount += balance.Payments.length;
    orders.supervisor.push(balance.OrderName);
  });

  it('4. places an invoice (balance due = total), then takes its balance in two payments', async () => {
    const page = seller;
    await sellSeats(page, 3, 2);
    const total = await shownTotal(page);
    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Invoice instead' }).click();
    const banner = await soldBanner(page);
    expect(banner).toMatch(
      new RegExp(`^Order \\S+ is placed with ${money(total).replace('$', '\\$')} due\\.`),
    );
    await shot(page, '4-invoice');
    const name = orderNameIn(banner);
    const placed = await balanceOf(page, name);
    expect(placed).toMatchObject({ Total: total, Paid: 0, BalanceDue: total });

    // Later, the order's balance from the payment page's balance mode: part in cash, the rest by check.
    const first = 1_500;
    await page.goto(`${foyer.baseUrl}/admin/checkout/payment?orderId=${placed.OrderId}`);
    const panel = page.getByTestId('counter-balance-panel');
    await panel.getByText(`Balance left: ${money(total)}`).waitFor();
    expect(await page.getByTestId('counter-balance').innerText()).toBe(money(total));
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel(/^Amount of this payment/).fill(decimal(first));
    await page.getByLabel(/^Cash tendered/).fill(decimal(2_000));
    await page.getByRole('button', { name: `Take ${money(first)}` }).click();
    await panel.getByText(`Balance left: ${money(total - first)}`).waitFor();
    await panel.getByText(`Change due: ${money(500)}`).waitFor();
    await shot(page, '4-invoice-balance-cash');
    await page.getByRole('radio', { name: 'Check' }).check();
    await page.getByLabel('Check issuer').fill('City Bank');
    await page.getByLabel('Check number').fill('2001');
    await page.getByRole('button', { name: `Take ${money(total - first)}` }).click();
    expect(await soldBanner(page)).toMatch(new RegExp(`^Order ${name} is paid\\.`));
    // Nothing is left to take: the page says so instead of offering a form.
    await page.goto(`${foyer.baseUrl}/admin/checkout/payment?orderId=${placed.OrderId}`);
    await page.getByText(`Order ${name} owes nothing`).waitFor();
    const paid = await balanceOf(page, name);
    expect(paid).toMatchObject({ Total: total, Paid: total, BalanceDue: 0 });
    took.seller.Cash += first;
    took.seller.Check += total - first;
    expect(paid.Payments.map((p) => [p.PaymentType, p.Amount])).toEqual([
      ['Cash', first],
      ['Check', total - first],
    ]);
    orders.seller.push(name);
    took.seller.PaymentCount += paid.Payments.length;
  });

  /** The till page of today, opened by the supervisor from the admin menu. */
  const openTill = async () => {
    // The page's day defaults to the browser's own (web/src/features/till/till-search.ts): the
    // supervisor's browser at the box office runs in the venue's zone (the demo venues' zone,
    // adapters/postgres/demo/grand-theatre.ts).
    const page = await foyer.openPage({ bypassCSP: true, timezoneId: VENUE_ZONE });
    await page.context().addCookies(await supervisor.context().cookies());
    await page.goto(`${foyer.baseUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Till' }).click();
    await page.getByRole('heading', { name: 'Till', level: 1 }).waitFor();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_ZONE }).format(new Date());
    expect(await page.getByTestId('till-date').inputValue()).toBe(today);
    await page.getByTestId('till-table').waitFor();
    expect(await page.getByTestId('till-summary').innerText()).toContain('times in New York');
    const rows = page.getByTestId('till-row');
    const rowOf = (who: { name: string }) => rows.filter({ has: page.locator('th', { hasText: who.name }) });
    return {
      page,
      rows,
      seller: rowOf(SELLER),
      supervisor: rowOf(SUPERVISOR),
      totals: page.getByTestId('till-totals'),
    };
  };

  const cells = async (row: ReturnType<Page['getByTestId']>) => {
    const shown: Record<string, string> = {};
    for (const figure of Object.keys(noFigures()))
      shown[figure] = (await row.locator(`[data-figure="${figure}"]`).innerText()).trim();
    return shown;
  };
  const shown = (f: Figures) =>
    Object.fromEntries(Object.entries(f).map(([k, v]) => [k, k === 'PaymentCount' ? String(v) : money(v)]));
  const sum = (...figures: Figures[]) => {
    const all = noFigures();
    for (const f of figures) for (const k of Object.keys(all) as (keyof Figures)[]) all[k] += f[k];
    return all;
  };
  const withoutCount = ({ PaymentCount: _, ...money }: Record<string, string>) => money;

  it("5. the till of the venue's day shows per seller and counter what those sales took", async () => {
    for (const f of [took.seller, took.supervisor]) f.CashExpected = f.Cash - f.RefundsPaidOut;
    const till = await openTill();
    expect(await till.rows.count()).toBe(2);
    expect(await till.seller.locator('td').first().innerText()).toBe(SELLER.counter);
    expect(await till.supervisor.locator('td').first().innerText()).toBe(SUPERVISOR.counter);
    await till.page.getByRole('button', { name: 'Show all orders' }).click();
    await till.page.getByTestId('till-lines').first().waitFor();
    await shot(till.page, '5-till');
    // The money, to the cent. (The payment count: the next test.)
    expect(withoutCount(await cells(till.seller))).toEqual(withoutCount(shown(took.seller)));
    expect(withoutCount(await cells(till.supervisor))).toEqual(withoutCount(shown(took.supervisor)));
    expect(withoutCount(await cells(till.totals))).toEqual(
      withoutCount(shown(sum(took.seller, took.supervisor))),
    );
    expect(await cells(till.supervisor)).toEqual(shown(took.supervisor));
    // Every order each clerk sold is behind their row.
    const lines = (await till.page.getByTestId('till-lines').allInnerTexts()).join('\n');
    for (const name of [...orders.seller, ...orders.supervisor]) expect(lines).toContain(name);
    await till.page.context().close();
  });

  // An invoice's placement takes no money: the till counts the payments the balance calls list,
  // and the invoice's later payments, never the placement itself.
  it("5b. the till's payment count is the balance calls' payments; an invoice's placement is not one", async () => {
    const till = await openTill();
    const count = (row: ReturnType<Page['getByTestId']>) =>
      row.locator('[data-figure="PaymentCount"]').innerText();
    expect(await count(till.seller)).toBe(String(took.seller.PaymentCount));
    expect(await count(till.supervisor)).toBe(String(took.supervisor.PaymentCount));
    expect(await count(till.totals)).toBe(String(took.seller.PaymentCount + took.supervisor.PaymentCount));
    await till.seller.getByRole('button', { name: /^Show \d+ payments$/ }).click();
    const lines = await till.page.getByTestId('till-lines').innerText();
    expect(lines).not.toMatch(/\bInvoice\b/);
    await till.page.context().close();
  });
});
