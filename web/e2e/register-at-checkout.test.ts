import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountAnswer, AccountDetails, AccountOrder } from '../../adapters/http/contract/account.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { atPaymentWithOneSeat, confirmationOf, pay, reachPayment } from './checkout-page.ts';
import { mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats, upcomingDates, type Performance } from './seat-map-page.ts';

// Customer accounts at checkout, in Chromium against the real server and a fresh demo database:
// a buyer who is not signed in makes an account of their details as they pay (the password
// checked on the page first), one whose e-mail has an account is sent to sign in, a signed-in
// customer's form starts from their account; and through Stripe (the stand-in) a card kept for
// next time is offered as "Pay with Visa ending in 4242".

const PASSWORD = 'correct horse battery staple';

let people = 0;
/** An e-mail address no account of this run has. */
const newEmail = (first: string) => {
  people += 1;
  return `${first.toLowerCase()}.${people}.${Date.now().toString(36)}@example.com`;
};

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

const registerBox = (page: Page) =>
  page.getByRole('checkbox', { name: 'Create an account with these details' });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });
const confirmField = (page: Page) => page.getByLabel('Confirm password', { exact: true });

/** What the page sent to the checkout and the card tokeniser. */
const watchPayments = (page: Page) => {
  const checkouts: Record<string, unknown>[] = [];
  let tokens = 0;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/checkout') checkouts.push(JSON.parse(r.postData() ?? '{}'));
    if (url.pathname === '/api/offline/tokens') tokens += 1;
  });
  return { checkouts, tokens: () => tokens };
};

/** GET a path in the page (its cookies): the status and JSON body. */
const getInPage = (page: Page, url: string) =>
  page.evaluate(async (path) => {
    const response = await fetch(path, { cache: 'no-store', headers: { accept: 'application/json' } });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }, url);

const accountOf = async (page: Page) => AccountAnswer.parse((await getInPage(page, '/api/account')).body);

const accountMenu = (page: Page, first: string) =>
  page.locator('header').getByRole('button', { name: new RegExp(`^${first}\\s?, your account$`) });

const csrfOf = async (page: Page, baseUrl: string) => {
  const find = async () => (await page.context().cookies()).find((c) => c.name === 'foyer_csrf')?.value;
  if (!(await find())) await page.request.get(`${baseUrl}/healthz`);
  return (await find()) ?? '';
};

/** Registers through the API: the page's context is then signed in as that person. */
const registerThroughApi = async (page: Page, baseUrl: string, first: string, email: string) => {
  const answer = await page.request.post(`${baseUrl}/api/account/register`, {
    data: {
      FirstName: first,
      LastName: 'Tester',
      Email: email,
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
    },
    headers: { 'X-CSRF-Token': await csrfOf(page, baseUrl) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
};

describe('register at checkout in Chromium', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;
  let dates: Awaited<ReturnType<typeof upcomingDates>>;

  beforeAll(async () => {
    // An outbox of its own: the account e-mails are written to DATA_DIR/outbox.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-register-at-checkout-e2e-'));
    foyer = await startFoyerUnderTest({ env: { DATA_DIR: dataDir } });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('makes an account of the buyer’s details as they pay, signs them in and keeps the order in it', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[2]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    const email = newEmail('Ada');
    await page.getByLabel('E-mail').fill(email);

    // Unticked at first: no password asked for.
    expect(await registerBox(page).isChecked()).toBe(false);
    expect(await passwordField(page).count()).toBe(0);
    await page.screenshot({ path: '/tmp/foyer-register-offer.png', fullPage: true });
    await registerBox(page).check();
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await page.getByText('At least 12 and at most 128 characters.', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await fillCard(page, '4242 4242 4242 4242');
    await registerBox(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-register-passwords.png', fullPage: true });
    // The offline test processor keeps no cards: nothing offers to save this one.
    expect(await page.getByRole('checkbox', { name: 'Save this card for next time' }).count()).toBe(0);

    const sent = watchPayments(page);
    await pay(page);
    const order = await confirmationOf(page);
    expect(sent.checkouts).toHaveLength(1);
    expect(sent.checkouts[0]).toMatchObject({
      HasJustRegistered: true,
      Password: PASSWORD,
      ConfirmPassword: PASSWORD,
      Email: email,
    });

    // The confirmation says where the order is kept, and the header shows the person signed in.
    await page.getByText('Your order is saved in your account.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe(
      '/account/details',
    );
    await accountMenu(page, 'Ada').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-register-confirmation.png', fullPage: true });

    const account = await accountOf(page);
    expect(account).toMatchObject({ SignedIn: true, Kind: 'customer' });
    expect(account.Customer?.Email).toBe(email);
    const orders = await getInPage(page, '/api/account/orders');
    expect(orders.status).toBe(200);
    const listed = AccountOrder.array().parse(orders.body);
    expect(listed.map((o) => o.ID)).toContain(order.ID);
    await page.context().close();
  });

  it('checks the password on the page: too short or not the same twice makes no order', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await page.getByLabel('E-mail').fill(newEmail('Grace'));
    await registerBox(page).check();
    await passwordField(page).fill('too short');
    await confirmField(page).fill('too short!');
    await fillCard(page, '4242 4242 4242 4242');
    const sent = watchPayments(page);
    await pay(page);
    await page.getByText('Password must have at least 12 characters.').waitFor();
    await page.getByText('Confirm password must match Password.').waitFor();
    // The first error is where the cursor goes.
    await page.waitForFunction(() => document.activeElement?.id === 'checkout-Password');
    expect(await passwordField(page).getAttribute('aria-invalid')).toBe('true');
    await passwordField(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-register-short-password.png', fullPage: true });
    await page.waitForTimeout(300);
    expect(sent.checkouts).toHaveLength(0);
    expect(sent.tokens()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Checkout' }).isVisible()).toBe(true);

    // Not registering after all: the password is neither asked for nor sent.
    await registerBox(page).uncheck();
    expect(await passwordField(page).count()).toBe(0);
    await page.context().close();
  });

  it('sends a buyer whose e-mail has an account to sign in; signed in, the form starts from the account', async () => {
    const email = newEmail('Mary');
    const first = await foyer.openPage();
    await first.goto(`${foyer.baseUrl}/`);
    await registerThroughApi(first, foyer.baseUrl, 'Mary', email);
    await first.context().close();

    const p = await performanceOf(foyer.baseUrl, dates[4]!);
    const page = await foyer.openPage({ bypassCSP: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await page.getByLabel('E-mail').fill(email);
    await registerBox(page).check();
    await passwordField(page).fill(PASSWORD);
    await confirmField(page).fill(PASSWORD);
    await fillCard(page, '4242 4242 4242 4242');
    const sent = watchPayments(page);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout');
    await pay(page);
    expect((await answered).status()).toBe(409);
    // The server's words by the e-mail field, and the way to sign in; nothing was ordered.
    const emailError = page.locator('#checkout-Email-error');
    await emailError.waitFor();
    expect(await emailError.innerText()).toMatch(/account/i);
    const signIn = page.getByRole('link', { name: 'Sign in to your account' });
    expect(await signIn.getAttribute('href')).toBe('/account/login?returnUrl=%2Fcheckout%2Fpayment');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(sent.checkouts).toHaveLength(1);
    expect((await accountOf(page)).SignedIn).toBe(false);
    await page.screenshot({ path: '/tmp/foyer-register-email-taken.png', fullPage: true });

    // Signing in comes back to the payment page: no offer to register, the details from the account.
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/account/login');
    const main = page.locator('main');
    // The address changes before the sign-in screen replaces the checkout form: wait for its button.
    const signInButton = main.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.waitFor();
    await main.getByLabel('E-mail').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signInButton.click();
    await page.waitForURL((url) => url.pathname === '/checkout/payment');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await accountMenu(page, 'Mary').waitFor();
    expect(await registerBox(page).count()).toBe(0);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    const details = AccountDetails.parse((await getInPage(page, '/api/account/details')).body);
    expect(await page.getByLabel('First name').inputValue()).toBe(details.FirstName);
    expect(await page.getByLabel('Last name').inputValue()).toBe(details.LastName);
    // Offline: no saved card to offer, none to keep.
    expect(await page.getByText(/ending in/).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Save this card for next time' }).count()).toBe(0);

    await page.getByLabel('Address line 1').fill('1 Analytical Row');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('Postal code').fill('62701');
    await page.getByRole('checkbox', { name: 'I have read and accept the terms of service' }).check();
    await fillCard(page, '4242 4242 4242 4242');
    await page.screenshot({ path: '/tmp/foyer-register-signed-in.png', fullPage: true });
    await pay(page);
    const order = await confirmationOf(page);
    expect(sent.checkouts.at(-1)).toMatchObject({ HasJustRegistered: false });
    expect(sent.checkouts.at(-1)).not.toHaveProperty('Password');
    await page.getByText('Your order is saved in your account.').waitFor();
    const listed = AccountOrder.array().parse((await getInPage(page, '/api/account/orders')).body);
    expect(listed.map((o) => o.ID)).toContain(order.ID);
    await page.context().close();
  });

  it('fits a phone: the offer, the passwords and their errors', async () => {
    const p = await performanceOf(foyer.baseUrl, dates[5]!);
    const page = await foyer.openPage({ bypassCSP: true, viewport: mobile, isMobile: true, hasTouch: true });
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await registerBox(page).check();
    await passwordField(page).fill('short');
    await confirmField(page).fill('');
    await confirmField(page).blur();
    await passwordField(page).focus();
    await confirmField(page).focus();
    await page.getByText('Password must have at least 12 characters.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.evaluate(() => document.getElementById('checkout-HasJustRegistered')?.scrollIntoView());
    await page.screenshot({ path: '/tmp/foyer-register-mobile.png' });
    await page.context().close();
  });
});

/** Stripe's card Element: the fields live in the stand-in's frame, not in our page. */
const fillStripeCard = async (page: Page, number: string) => {
  const frame = page.frameLocator('[data-testid="stripe-card"] iframe');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration date MM / YY').pressSequentially('1234');
  await frame.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

const fillAddress = async (page: Page) => {
  await page.getByLabel('Address line 1').fill('1 Analytical Row');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postal code').fill('62701');
  await page.getByRole('checkbox', { name: 'I have read and accept the terms of service' }).check();
};

describe('the saved card through Stripe in Chromium', () => {
  let stripe: StripeStandIn;
  let foyer: FoyerUnderTest;
  let dates: Awaited<ReturnType<typeof upcomingDates>>;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    foyer = await startFoyerUnderTest({
      env: { ...stripe.env, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_JS_URL: `${stripe.url}/v3/` },
    });
    dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
  });

  afterAll(async () => {
    await foyer?.stop();
    await stripe?.close();
  });

  /** A signed-in customer on the payment page with one seat of this performance. */
  const signedInAtPayment = async (page: Page, p: Performance) => {
    await reachPayment(
      page,
      foyer.baseUrl,
      p,
      plainOpenSeats(p, 1).map((s) => s.Key),
    );
  };

  it('keeps a new card when asked, then offers it as “Pay with Visa ending in 4242”', async () => {
    const email = newEmail('Ada');
    // bypassCSP for axe-core's script only (checkout-gateways.test.ts checks the policy itself).
    const page = await foyer.openPage({ bypassCSP: true });
    await page.goto(`${foyer.baseUrl}/`);
    await registerThroughApi(page, foyer.baseUrl, 'Ada', email);

    // First order: no saved card yet; the new card is kept.
    await signedInAtPayment(page, await performanceOf(foyer.baseUrl, dates[2]!));
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await registerBox(page).count()).toBe(0);
    expect(await page.getByText(/ending in/).count()).toBe(0);
    await fillAddress(page);
    await fillStripeCard(page, '4242 4242 4242 4242');
    const save = page.getByRole('checkbox', { name: 'Save this card for next time' });
    expect(await save.isChecked()).toBe(false);
    await save.check();
    await save.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/foyer-save-card.png', fullPage: true });
    const sent = watchPayments(page);
    await pay(page);
    await confirmationOf(page);
    expect(sent.checkouts.at(-1)).toMatchObject({ PaymentType: 'CreditCard', SaveCreditCard: true });
    await page.getByText('Your order is saved in your account.').waitFor();
    const card = await getInPage(page, '/api/account/paymentmethod');
    expect(card.body).toMatchObject({ CCLast4: '4242' });

    // Second order: the saved card is offered first and pays without a card form.
    await signedInAtPayment(page, await performanceOf(foyer.baseUrl, dates[3]!));
    const savedChoice = page.getByRole('radio', { name: /^Pay with Visa ending in 4242/ });
    await savedChoice.waitFor();
    expect(await savedChoice.isChecked()).toBe(true);
    expect(await page.getByTestId('stripe-card').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Save this card for next time' }).count()).toBe(0);
    await fillAddress(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-saved-card.png', fullPage: true });
    // A new card is still a choice, with its form and the offer to keep it.
    await page.getByRole('radio', { name: /^New card/ }).check();
    await page.getByTestId('stripe-card').waitFor();
    await page.getByRole('checkbox', { name: 'Save this card for next time' }).waitFor();
    await savedChoice.check();
    await pay(page);
    await confirmationOf(page);
    expect(sent.checkouts.at(-1)).toMatchObject({
      PaymentType: 'SavedCard',
      SavedCard: (card.body as { CCStripeID: string }).CCStripeID,
      SaveCreditCard: false,
    });
    expect(sent.checkouts.at(-1)).not.toHaveProperty('Token');
    await page.getByText('Visa ending 4242').waitFor();
    await page.context().close();
  });
});
