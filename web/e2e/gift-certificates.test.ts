import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxList, OutboxMessage } from '../../adapters/http/contract/outbox.ts';
import { confirmationOf, fillDetails, pay, serverBasket } from './checkout-page.ts';
import { fillBuyer, soldBanner, toPayment } from './counter-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats, upcomingDates } from './seat-map-page.ts';
import { api, holdSeats, money, SELLER, signIn } from './staff-session.ts';

// Gift certificates in Chromium against the real server: a buyer chooses one on /giftcertificates
// for a friend and pays by card; the friend's e-mail carries the code; the friend spends half of
// it on one order (the payment page's gift certificate field: code, balance, apply) and the rest
// on another, the certificate's balance going 50.00, 25.00, 0.00.

const fillCard = async (page: Page) => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

/** The e-mail to this address, once the server has written it. */
const mailTo = async (page: Page, baseUrl: string, email: string) => {
  const find = async () => {
    const list = OutboxList.parse(await (await page.request.get(`${baseUrl}/api/outbox`)).json());
    return list.Messages.find((m) => m.To.includes(email)) ?? null;
  };
  await expect.poll(find, { timeout: 10_000 }).not.toBeNull();
  const found = (await find())!;
  return OutboxMessage.parse(
    await (await page.request.get(`${baseUrl}/api/outbox/${encodeURIComponent(found.Name)}`)).json(),
  );
};

/** A certificate of `amount` (an offered one) into the basket from the selection page, then to payment. */
const chooseGift = async (page: Page, baseUrl: string, amount: string, recipientEmail: string) => {
  await page.goto(`${baseUrl}/giftcertificates`);
  await page.getByRole('heading', { level: 1, name: 'Gift certificates' }).waitFor();
  await page.getByRole('radio', { name: amount }).check();
  await page.getByLabel("Recipient's name").fill('Grace');
  await page.getByLabel("Recipient's e-mail").fill(recipientEmail);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/basket');
  await page.getByTestId('gift-certificate-line').first().waitFor();
  expect(await page.locator('.basket-timer__label').innerText()).toBe('Basket held for');
  // A certificate is e-mailed: the basket asks for no delivery method.
  expect(await page.getByRole('group', { name: /How would you like/ }).count()).toBe(0);
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment');
  await fillDetails(page);
};

/** On the payment page: the code checked, its balance shown, min(balance, due) applied. */
const applyGift = async (page: Page, code: string, balance: string, applied: string) => {
  await page.getByLabel('Gift certificate code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Check balance' }).click();
  expect(await page.getByTestId('gift-balance').innerText()).toBe(`Balance: ${balance}`);
  await page.getByRole('button', { name: `Apply ${applied}` }).click();
  await page.getByTestId('gift-applied').waitFor();
};

/**
 * The certificate pays the whole order: no card form nor wallet, the button says so, and the
 * checkout goes without a card (no token).
 */
const payFromGiftAlone = async (page: Page) => {
  await page.getByTestId('gift-covered').waitFor();
  expect(await page.getByTestId('gift-rest').count()).toBe(0);
  expect(await page.getByLabel('Card number').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
  // A basket of certificates only speaks of the basket, not of seats or tickets.
  await page.getByText('Your basket stays held while the timer runs.').waitFor();
  expect(await page.locator('.basket-timer__label').innerText()).toBe('Basket held for');
  expect(await page.locator('.checkout-footer .basket-footer__label').innerText()).toBe(
    'Total, 1 gift certificate',
  );
  expect(await page.getByRole('heading', { name: 'Your tickets' }).count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'Delivery' }).count()).toBe(0);
  await page.screenshot({ path: '/tmp/foyer-gift-covered.png', fullPage: true });
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout',
  );
  await page.getByRole('button', { name: 'Place order, paid by gift certificate' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body.Token ?? null).toBeNull();
  expect(body.GiftCertificate).toMatchObject({ Amount: expect.any(Number) });
};

describe('gift certificates in Chromium', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-gifts-e2e-'));
    foyer = await startFoyerUnderTest({ env: { DATA_DIR: dataDir } });
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a gift certificate bought, then half-spent on one order and the rest on another', async () => {
    const buyer = await foyer.openPage();
    await chooseGift(buyer, foyer.baseUrl, '$50.00', 'grace-e2e@example.com');
    expect((await serverBasket(buyer)).GiftCertificateItems.map((g) => g.Amount)).toEqual([5000]);
    await fillCard(buyer);
    await pay(buyer);
    expect((await confirmationOf(buyer)).Total).toBe(5000);
    const mail = await mailTo(buyer, foyer.baseUrl, 'grace-e2e@example.com');
    const code = /Your code: ([0-9A-Z-]{19})/.exec(mail.Text ?? '')![1]!;

    // Grace spends half: a $25.00 certificate for someone else, paid from hers.
    const grace = await foyer.openPage();
    await chooseGift(grace, foyer.baseUrl, '$25.00', 'friend-one@example.com');
    await applyGift(grace, code, '$50.00', '$25.00');
    await payFromGiftAlone(grace);
    expect((await confirmationOf(grace)).Total).toBe(2500);

    // And the rest on another order.
    const again = await foyer.openPage();
    await chooseGift(again, foyer.baseUrl, '$25.00', 'friend-two@example.com');
    await applyGift(again, code, '$25.00', '$25.00');
    await payFromGiftAlone(again);
    await confirmationOf(again);

    const left = await again.evaluate(
      async (c) => (await fetch(`/api/giftcertificates/${encodeURIComponent(c)}`)).json(),
      code,
    );
    expect(left).toMatchObject({ Code: code, Balance: 0 });
  });

  it('a certificate short of the total leaves the card form to pay the rest', async () => {
    const buyer = await foyer.openPage();
    await chooseGift(buyer, foyer.baseUrl, '$25.00', 'short-e2e@example.com');
    await fillCard(buyer);
    await pay(buyer);
    await confirmationOf(buyer);
    const mail = await mailTo(buyer, foyer.baseUrl, 'short-e2e@example.com');
    const code = /Your code: ([0-9A-Z-]{19})/.exec(mail.Text ?? '')![1]!;

    const spender = await foyer.openPage();
    await chooseGift(spender, foyer.baseUrl, '$50.00', 'someone-e2e@example.com');
    await applyGift(spender, code, '$25.00', '$25.00');
    expect(await spender.getByTestId('gift-rest').innerText()).toBe('Still to pay by card: $25.00');
    expect(await spender.getByTestId('gift-covered').count()).toBe(0);
    await fillCard(spender);
    await pay(spender);
    expect((await confirmationOf(spender)).Total).toBe(5000);
  });

  it('refuses a certificate in dollars beside tickets in pounds, says why, and adds nothing', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/giftcertificates`);
    await page.getByRole('heading', { level: 1, name: 'Gift certificates' }).waitFor();
    // A seat of a Riverside Arena concert (pounds) in this buyer's basket: the first date that sells one.
    let held = false;
    for (const concert of await upcomingDates(foyer.baseUrl, 'AURORA')) {
      const [seat] = plainOpenSeats(await performanceOf(foyer.baseUrl, concert), 1);
      if (!seat) continue;
      const answer = await api(page, 'POST', '/api/baskets/additems', {
        eventId: concert.ID,
        basketItems: [{ Key: seat.Key }],
      });
      if (answer.status === 200) {
        held = true;
        break;
      }
    }
    expect(held).toBe(true);
    const before = await serverBasket(page);
    await page.getByRole('radio', { name: '$50.00' }).check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'Your basket holds tickets priced in GBP. A gift certificate priced in USD needs a basket of its own: check out or remove those first.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/giftcertificates');
    await page.screenshot({ path: '/tmp/foyer-gift-other-currency.png', fullPage: true });
    const after = await serverBasket(page);
    expect(after.GiftCertificateItems).toEqual([]);
    expect(after.TicketItems).toEqual(before.TicketItems);
  });

  it("the selection page writes amounts in the options' currency", async () => {
    const page = await foyer.openPage();
    // As an installation selling in pounds would answer.
    await page.route('**/api/giftcertificates/options', async (route) => {
      const answer = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...answer, CurrencyCode: 'GBP', CurrencyLocale: 'en-gb' } });
    });
    await page.goto(`${foyer.baseUrl}/giftcertificates`);
    await page.getByRole('radio', { name: '£50.00' }).waitFor();
    expect(await page.getByRole('radio', { name: '$50.00' }).count()).toBe(0);
  });

  it("a clerk takes a certificate for a counter order's balance left after a split tender", async () => {
    const buyer = await foyer.openPage();
    await chooseGift(buyer, foyer.baseUrl, '$25.00', 'counter-balance-e2e@example.com');
    await fillCard(buyer);
    await pay(buyer);
    await confirmationOf(buyer);
    const mail = await mailTo(buyer, foyer.baseUrl, 'counter-balance-e2e@example.com');
    const code = /Your code: ([0-9A-Z-]{19})/.exec(mail.Text ?? '')![1]!;

    const clerk = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, clerk, SELLER, '/admin');
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    await holdSeats(clerk, dates[2]!, 2);
    const total = ((await api(clerk, 'GET', '/api/baskets/viewmodel')).body as { Basket: { Total: number } })
      .Basket.Total;
    await clerk.goto(`${foyer.baseUrl}/admin/v2/checkout/basket`);
    await clerk.getByRole('heading', { level: 1, name: 'Basket' }).waitFor();
    const chosen = clerk.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await clerk.getByRole('radio', { name: /^Box office collection/ }).check();
    expect((await chosen).status()).toBe(200);
    await clerk.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await toPayment(clerk);
    await fillBuyer(clerk);
    await clerk.getByRole('radio', { name: 'Cash' }).check();
    await clerk.getByLabel(/^Amount of this payment/).fill('10.00');
    await clerk.getByLabel(/^Cash tendered/).fill('10.00');
    await clerk.getByRole('button', { name: `Take ${money(1000)}` }).click();
    const split = clerk.getByTestId('counter-balance-panel');
    await split.getByText(`Balance left: ${money(total - 1000)}`).waitFor();

    // The balance: the certificate's $25.00 from it at once, then cash for the rest.
    await clerk.getByLabel('Gift certificate code').fill(code);
    await clerk.getByRole('button', { name: 'Check balance' }).click();
    expect(await clerk.getByTestId('gift-balance').innerText()).toBe('Balance: $25.00');
    await clerk.getByRole('button', { name: 'Apply $25.00' }).click();
    await split.getByText(`Balance left: ${money(total - 3500)}`).waitFor();
    await clerk.screenshot({ path: '/tmp/foyer-counter-gift-balance.png', fullPage: true });
    await clerk.getByRole('radio', { name: 'Cash' }).check();
    await clerk.getByLabel(/^Cash tendered/).fill(((total - 3500) / 100).toFixed(2));
    await clerk.getByRole('button', { name: `Take ${money(total - 3500)}` }).click();
    expect(await soldBanner(clerk)).toMatch(/^Order \S+ is paid\./);
    const left = await clerk.evaluate(
      async (c) => (await fetch(`/api/giftcertificates/${encodeURIComponent(c)}`)).json(),
      code,
    );
    expect(left).toMatchObject({ Balance: 0 });
  });

  it('removing the last gift certificate from the basket returns to the selection page', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/giftcertificates`);
    await page.getByRole('radio', { name: '$100.00' }).check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    await page.getByRole('button', { name: /^Remove/ }).click();
    await page.waitForURL((url) => url.pathname === '/giftcertificates');
  });
});
