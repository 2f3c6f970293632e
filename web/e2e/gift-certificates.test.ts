import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxList, OutboxMessage } from '../../adapters/http/contract/outbox.ts';
import { confirmationOf, fillDetails, pay, serverBasket } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';

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
  const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
  await page.getByRole('radio', { name: /^Print at home/ }).check();
  expect((await chosen).status()).toBe(200);
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
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
    expect(await grace.getByTestId('gift-rest').innerText()).toBe('Still to pay by card: $0.00');
    await fillCard(grace);
    await pay(grace);
    expect((await confirmationOf(grace)).Total).toBe(2500);

    // And the rest on another order.
    const again = await foyer.openPage();
    await chooseGift(again, foyer.baseUrl, '$25.00', 'friend-two@example.com');
    await applyGift(again, code, '$25.00', '$25.00');
    await fillCard(again);
    await pay(again);
    await confirmationOf(again);

    const left = await again.evaluate(
      async (c) => (await fetch(`/api/giftcertificates/${encodeURIComponent(c)}`)).json(),
      code,
    );
    expect(left).toMatchObject({ Code: code, Balance: 0 });
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
