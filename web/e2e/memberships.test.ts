import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../adapters/config.ts';
import { MembershipCard, MembershipOffer } from '../../adapters/http/contract/memberships.ts';
import { OutboxList, OutboxMessage } from '../../adapters/http/contract/outbox.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { makeAppRuntime } from '../../adapters/wiring.ts';
import { addDays, giftDeliveryInstant, localDateAt } from '../../core/memberships/gift-delivery.ts';
import { deliverDueGifts } from '../../worker/membership-gifts.ts';
import { confirmationOf, fillDetails, pay, serverBasket } from './checkout-page.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  clickSeat,
  openSeatMap,
  performanceOf,
  plainOpenSeats,
  seatName,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';
import { SELLER, screenshots, signIn } from './staff-session.ts';

// Memberships in Chromium against the real server: the demo's FRIENDS membership bought as a gift
// to be e-mailed tomorrow, delivered once when the gift job runs on tomorrow's clock, its card
// opened from the e-mail's link; member prices offered on the seat map only to a signed-in member;
// and the gift fields checked before anything reaches the basket.

const CODE = 'FRIENDS';
/** The demo's member (adapters/postgres/demo/people.ts) and the price type only members see (demo/memberships.ts). */
const MEMBER = 'customer@foyer.local';
const MEMBER_PRICE = 'Member';
const shot = screenshots('/tmp/shots/memberships-');

const fillCard = async (page: Page) => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

const mailsTo = async (page: Page, baseUrl: string, email: string) => {
  const list = OutboxList.parse(await (await page.request.get(`${baseUrl}/api/outbox`)).json());
  return list.Messages.filter((m) => m.To.includes(email));
};

/** The basket page, a delivery method chosen (when offered), Checkout: the payment page with details filled in. */
const checkOut = async (page: Page) => {
  await page.getByTestId('membership-line').first().waitFor();
  const printAtHome = page.getByRole('radio', { name: /^Print at home/ });
  if (await printAtHome.count()) {
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await printAtHome.check();
    expect((await chosen).status()).toBe(200);
  }
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment');
  await fillDetails(page);
};

describe('memberships in Chromium', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string;
  let offer: MembershipOffer;

  beforeAll(async () => {
    await mkdir('/tmp/shots', { recursive: true });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-memberships-e2e-'));
    foyer = await startFoyerUnderTest({ env: { DATA_DIR: dataDir } });
    offer = MembershipOffer.parse(await (await fetch(`${foyer.baseUrl}/api/memberships/${CODE}`)).json());
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a gift membership scheduled for tomorrow', async () => {
    const level = offer.PriceMaps[0]!;
    const tomorrow = addDays(localDateAt(new Date(), offer.TimeZone), 1);
    const recipient = 'grace-member@example.com';

    const buyer = await foyer.openPage();
    await buyer.goto(`${foyer.baseUrl}/memberships/${CODE}`);
    await buyer.getByRole('heading', { level: 1, name: offer.Name }).waitFor();
    await buyer.getByRole('radio', { name: new RegExp(`^${level.DisplayName}`) }).check();
    await buyer.getByRole('checkbox', { name: 'This is a gift' }).check();
    await buyer.getByLabel("Recipient's first name").fill('Grace');
    await buyer.getByLabel("Recipient's last name").fill('Hopper');
    await buyer.getByLabel("Recipient's e-mail").fill(recipient);
    await buyer.getByLabel('Message (optional)').fill('Enjoy the season!');
    await buyer.getByRole('radio', { name: 'Send it on a date' }).check();
    const date = buyer.getByLabel('Delivery date');
    expect(await date.getAttribute('min')).toBe(localDateAt(new Date(), offer.TimeZone));
    await date.fill(tomorrow);
    await shot(buyer, 'selection');
    await buyer.getByRole('button', { name: 'Add to basket' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout/basket');

    const basket = await serverBasket(buyer);
    expect(basket.MembershipItems).toMatchObject([
      {
        PriceLevelID: level.PriceLevelID,
        IsGift: true,
        GiftFirstName: 'Grace',
        GiftLastName: 'Hopper',
        GiftEmail: recipient,
        GiftDeliveryLocalDate: tomorrow,
        IsSendGiftNow: false,
      },
    ]);
    await buyer.getByTestId('membership-line').waitFor();
    expect(await buyer.getByTestId('membership-line').innerText()).toContain('A gift for Grace Hopper');
    await shot(buyer, 'basket-gift');
    await checkOut(buyer);
    await fillCard(buyer);
    await pay(buyer);
    expect((await confirmationOf(buyer)).Total).toBe(basket.Total);
    expect(await mailsTo(buyer, foyer.baseUrl, recipient)).toEqual([]);

    // The gift job, as the worker runs it: nothing is due today; tomorrow at 09:00 venue time it is.
    const db = createDatabase(foyer.databaseUrl, { max: 2 });
    const runtime = makeAppRuntime({
      db,
      config: loadConfig({
        DATABASE_URL: foyer.databaseUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: foyer.baseUrl,
        LOG_LEVEL: 'silent',
        PORT: '0',
      }),
    });
    try {
      expect(await deliverDueGifts(runtime, new Date())).toBe(0);
      expect(await mailsTo(buyer, foyer.baseUrl, recipient)).toEqual([]);
      const due = new Date(giftDeliveryInstant(tomorrow, offer.TimeZone).getTime() + 60_000);
      expect(await deliverDueGifts(runtime, due)).toBe(1);
      expect(await deliverDueGifts(runtime, new Date(due.getTime() + 3_600_000))).toBe(0);
    } finally {
      await runtime.dispose();
      await db.destroy();
    }
    const mails = await mailsTo(buyer, foyer.baseUrl, recipient);
    expect(mails).toHaveLength(1);
    const mail = OutboxMessage.parse(
      await (
        await buyer.request.get(`${foyer.baseUrl}/api/outbox/${encodeURIComponent(mails[0]!.Name)}`)
      ).json(),
    );
    const link = new RegExp(`${foyer.baseUrl}(/tickets/membership/\\d+/customer/\\d+)`).exec(
      mail.Text ?? '',
    )?.[1];
    expect(link).toBeDefined();

    // The card, from the e-mail's link, as the box office sees it.
    const staff = await foyer.openPage({ bypassCSP: true }); // axe runs as an injected script
    await signIn(foyer, staff, SELLER, link!);
    await staff.getByRole('heading', { level: 1, name: offer.Name }).waitFor();
    const card = MembershipCard.parse(
      await staff.evaluate(
        async (path) => (await fetch(`/api${path.replace('/tickets/membership', '/memberships')}`)).json(),
        link!,
      ),
    );
    expect(await staff.getByTestId('membership-member').innerText()).toBe('Grace Hopper');
    expect(await staff.getByTestId('membership-barcode').innerText()).toBe(card.Barcode);
    expect(await staff.getByTestId('membership-status').innerText()).toBe(
      { Active: 'Active', Scheduled: 'Not started yet', Expired: 'Expired' }[card.Status],
    );
    await staff.getByRole('img', { name: `Membership barcode ${card.Barcode}` }).waitFor();
    expect(await staff.getByRole('link', { name: 'Renew membership' }).getAttribute('href')).toBe(
      card.RenewUrl,
    );
    await shot(staff, 'card');
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);

    // Anyone else: the card is not found (the server never says it exists).
    const stranger = await foyer.openPage();
    await stranger.goto(`${foyer.baseUrl}${link!}`);
    await stranger.getByText('We could not find this membership card.').waitFor();
  });

  it("a membership bought for oneself is in the account's list at once, with its card", async () => {
    const page = await foyer.openPage();
    const email = `mary.${Date.now().toString(36)}@example.com`;
    const password = 'correct horse battery staple';
    await page.request.get(`${foyer.baseUrl}/healthz`);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'foyer_csrf')?.value ?? '';
    const registered = await page.request.post(`${foyer.baseUrl}/api/account/register`, {
      data: {
        FirstName: 'Mary',
        LastName: 'Tester',
        Email: email,
        Password: password,
        ConfirmPassword: password,
      },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(registered.status(), await registered.text()).toBe(200);

    const level = offer.PriceMaps.at(-1)!;
    await page.goto(`${foyer.baseUrl}/memberships/${CODE}`);
    await page.getByRole('radio', { name: new RegExp(`^${level.DisplayName}`) }).check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    await checkOut(page);
    await page.getByLabel('E-mail').fill(email);
    await fillCard(page);
    await pay(page);
    await confirmationOf(page);
    // The confirmation names the membership and counts it, never "0 tickets".
    expect(await page.getByTestId('confirmation-extra').innerText()).toContain(
      `${offer.Name}: ${level.DisplayName}`,
    );
    const confirmed = await page.getByTestId('confirmation-totals').innerText();
    expect(confirmed).toContain('1 membership');
    expect(confirmed).not.toContain('0 tickets');
    await shot(page, 'confirmation');

    await page.goto(`${foyer.baseUrl}/account/details#memberships`);
    const row = page.getByTestId('account-membership');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain(`${offer.Name}: ${level.DisplayName}`);
    await shot(page, 'account');
    await row.getByRole('link', { name: /^Show card/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/tickets/membership/'));
    expect(await page.getByTestId('membership-member').innerText()).toBe('Mary Tester');
    expect(await page.getByTestId('membership-status').innerText()).toBe('Active');

    // Back on the membership page, Mary is told that buying again renews from the day after hers ends.
    const mine = MembershipOffer.parse(
      await page.evaluate(async (code) => (await fetch(`/api/memberships/${code}`)).json(), CODE),
    );
    expect(mine.RenewsFrom).not.toBeNull();
    await page.goto(`${foyer.baseUrl}/memberships/${CODE}`);
    const renewal = page.getByTestId('membership-renewal');
    await renewal.waitFor();
    expect(await renewal.innerText()).toMatch(
      /^You are a member until \w+day, .+\. Bought now, your next term starts on \w+day, .+: no day is lost\.$/,
    );
    await shot(page, 'renewal');
    // Not when buying it as a gift for someone else.
    await page.getByLabel('This is a gift').check();
    expect(await renewal.count()).toBe(0);
  });

  it('a member price applied after sign-in', async () => {
    // The first series' performances price the Member type (adapters/postgres/demo/memberships.ts).
    const [event] = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p: Performance = await performanceOf(foyer.baseUrl, event!);
    const [seat] = plainOpenSeats(p, 1);
    const ticketTypes = async (page: Page) => {
      await openSeatMap(page, foyer.baseUrl, p);
      await clickSeat(page, p, seat!.Key);
      await page.getByText('1 ticket', { exact: true }).waitFor();
      await page.getByRole('button', { name: /Show your selection/ }).click();
      const select = page.getByLabel(`Ticket type for ${seatName(p, seat!.Key)}`);
      await select.waitFor();
      return { select, names: await select.locator('option').allInnerTexts() };
    };

    const anonymous = await foyer.openPage();
    const signedOut = await ticketTypes(anonymous);
    expect(signedOut.names.length).toBeGreaterThan(0);
    expect(signedOut.names.some((n) => n.startsWith(MEMBER_PRICE))).toBe(false);
    await anonymous.close();

    const member = await foyer.openPage();
    await signIn(foyer, member, MEMBER);
    const signedIn = await ticketTypes(member);
    const memberType = signedIn.names.find((n) => n.startsWith(MEMBER_PRICE));
    expect(memberType, signedIn.names.join(', ')).toBeDefined();
    await signedIn.select.selectOption({ label: memberType! });
    await member.waitForFunction(
      () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
    );
    await member.getByRole('button', { name: 'Continue' }).click();
    await member.waitForURL((url) => url.pathname === '/checkout/basket');
    const [line] = (await serverBasket(member)).TicketItems;
    expect(line).toMatchObject({ Key: seat!.Key, PriceTypeName: MEMBER_PRICE });
    // The basket line's ticket type, offered among the member's types there too.
    await expect
      .poll(() =>
        member.evaluate(() =>
          [...document.querySelectorAll<HTMLSelectElement>('.basket-page select')].map(
            (s) => s.selectedOptions[0]?.text ?? '',
          ),
        ),
      )
      .toEqual([expect.stringMatching(/^Member/)]);
  });

  it('a gift without an e-mail shows the field error and adds nothing', async () => {
    const page = await foyer.openPage({ bypassCSP: true }); // axe runs as an injected script
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/baskets/memberships')) sent.push(r.method());
    });
    const level = offer.PriceMaps[0]!;
    await page.goto(`${foyer.baseUrl}/memberships/${CODE}?plid=${level.PriceLevelID}&isGift=true`);
    await page.getByRole('heading', { level: 1, name: offer.Name }).waitFor();
    expect(await page.getByRole('radio', { name: new RegExp(`^${level.DisplayName}`) }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('checkbox', { name: 'This is a gift' }).isChecked()).toBe(true);
    await page.getByLabel("Recipient's first name").fill('Grace');
    await page.getByLabel("Recipient's last name").fill('Hopper');
    await page.getByRole('button', { name: 'Add to basket' }).click();

    const email = page.getByLabel("Recipient's e-mail");
    await page.getByText("Enter the recipient's e-mail address.").waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/memberships/${CODE}`);
    expect(sent).toEqual([]);
    await shot(page, 'validation');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Typing a wrong address: the server's words for it, still nothing sent.
    await email.fill('grace@');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByText("'grace@' is not an e-mail address.").waitFor();
    expect(sent).toEqual([]);
  });

  it('an unknown membership code shows the not-found page', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/memberships/NO-SUCH-CLUB`);
    await page.getByRole('heading', { level: 1, name: 'Membership not found' }).waitFor();
    await page.getByText('We could not find a membership with the code NO-SUCH-CLUB.').waitFor();
  });

  it('a basket of one membership says so in its summary and footer, never "0 tickets"', async () => {
    const page = await foyer.openPage();
    const level = offer.PriceMaps[0]!;
    await page.goto(`${foyer.baseUrl}/memberships/${CODE}`);
    await page.getByRole('radio', { name: new RegExp(`^${level.DisplayName}`) }).check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    await page.getByTestId('membership-line').waitFor();
    const price = (await page.getByTestId('basket-total').innerText()).trim();
    const totals = await page.getByTestId('basket-totals').innerText();
    expect(totals).toContain('1 membership');
    expect(totals).not.toContain('0 tickets');
    expect(await page.locator('.basket-footer__label').innerText()).toBe('Total, 1 membership');
    expect(await page.locator('.basket-footer__total strong').innerText()).toBe(price);
    // The membership page to go back to is kept for 0.1 days in a cookie (return-target.ts).
    const cookie = (await page.context().cookies()).find((c) => c.name === 'foyer.extrasReturnTo');
    expect(decodeURIComponent(cookie?.value ?? '')).toContain(`/memberships/${CODE}`);
    const hours = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(2.3);
    expect(hours).toBeLessThanOrEqual(2.4);
    await shot(page, 'basket-totals');
  });

  it('removing the last membership from the basket returns to the membership page', async () => {
    const page = await foyer.openPage();
    const level = offer.PriceMaps[0]!;
    await page.goto(`${foyer.baseUrl}/memberships/${CODE}`);
    await page.getByRole('radio', { name: new RegExp(`^${level.DisplayName}`) }).check();
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout/basket');
    await page.getByTestId('membership-line').waitFor();
    await shot(page, 'basket');
    await page.getByRole('button', { name: /^Remove/ }).click();
    await page.waitForURL((url) => url.pathname === `/memberships/${CODE}`);
    expect(new URL(page.url()).searchParams.get('plid')).toBe(String(level.PriceLevelID));
  });
});
