import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stand-ins/stripe/server.ts';
import { api, SELLER, signIn } from './staff-session.ts';

// A group-sales payment link end to end, in Chromium against the real server and the offline
// test processor: a seller makes the request on /admin/v2/payment-requests, the group opens the
// link in a browser of its own, pays with the 3-D Secure test card, confirms at the test bank,
// and sees the confirmation; the seller's list then says Paid.

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

/** The bank's page: in the step's frame, or in a window of its own when it may not be framed. */
const openBankPage = async (page: Page): Promise<{ target: Page | Frame; done: () => Promise<void> }> => {
  const step = page.getByRole('dialog', { name: 'Confirm your payment' });
  const open = step.getByRole('button', { name: 'Open your bank’s page' });
  const frame = step.locator('iframe');
  await open.or(frame).first().waitFor();
  if (await frame.count()) {
    const content = await (await frame.elementHandle())!.contentFrame();
    return {
      target: content!,
      done: () => step.getByRole('button', { name: 'I have confirmed, continue' }).click(),
    };
  }
  const popup = page.waitForEvent('popup');
  await open.click();
  const window = await popup;
  return { target: window, done: () => window.close() };
};

describe('group-sales payment links in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('a payment link paid with 3-D Secure', async () => {
    const staff = await foyer.openPage();
    await signIn(foyer, staff, SELLER, '/admin/v2/sell-tickets');
    await staff.getByRole('link', { name: 'Payment requests' }).click();
    await staff.getByRole('heading', { name: 'Group payment requests' }).waitFor();
    await staff.getByLabel('Group contact').fill('Northside Choir');
    await staff.getByLabel('E-mail').fill('trips@northside.example');
    await staff.getByLabel('What it is for').fill('Deposit for 40 seats at Hamlet');
    await staff.getByLabel('Amount').fill('250.00');
    await staff.getByRole('button', { name: 'Create the link' }).click();
    const created = staff.getByTestId('payment-request-created').getByRole('link');
    await created.waitFor();
    const link = await created.getAttribute('href');
    expect(link).toMatch(/\/payment\/paymentlink\?gsRequestId=\d+&paymentCode=[0-9a-f]{32}$/);
    const requestId = new URL(link!).searchParams.get('gsRequestId')!;
    const row = staff.getByTestId(`payment-request-${requestId}`);
    expect(await row.getByTestId('payment-request-status').innerText()).toBe('Waiting for payment');

    const payer = await foyer.openPage({ bypassCSP: true });
    await payer.goto(link!);
    await payer.getByRole('heading', { name: 'Group payment' }).waitFor();
    expect(await payer.getByTestId('payment-link-amount').innerText()).toBe('$250.00');
    await payer.getByText('Payment requested for Northside Choir').waitFor();

    // As checkout: nothing is sent until every field and the terms are there.
    const payments: { IdempotencyKey: string; PaymentIntentId?: string; Token?: string }[] = [];
    payer.on('request', (r) => {
      if (r.url().endsWith('/api/payments') && r.method() === 'POST')
        payments.push(JSON.parse(r.postData() ?? '{}'));
    });
    await payer.getByRole('button', { name: 'Pay $250.00' }).click();
    await payer.getByText('First name is required.').waitFor();
    await payer.getByText('Please accept the terms of service to continue.').waitFor();
    expect(payments).toHaveLength(0);
    expect(await seriousAccessibilityViolations(payer)).toEqual([]);

    await payer.getByLabel('First name').fill('Ada');
    await payer.getByLabel('Last name').fill('Lovelace');
    await payer.getByLabel('E-mail').fill('ada@example.com');
    await fillCard(payer, '4000 0025 0000 3155');
    await payer.getByLabel('I have read and accept the terms of service').check();
    await payer.getByRole('button', { name: 'Pay $250.00' }).click();

    const bank = await openBankPage(payer);
    await bank.target.getByRole('button', { name: 'Complete' }).click();
    await bank.target.getByText('Authentication complete').waitFor();
    await bank.done();

    await payer.getByRole('heading', { name: 'Payment received' }).waitFor();
    await payer
      .getByText('Thank you, Ada Lovelace. We have received $250.00 for Deposit for 40 seats at Hamlet.')
      .waitFor();
    await payer.getByText('Visa ending 3155').waitFor();
    expect(payer.url()).toMatch(/\/payment\/confirmation\/\d+$/);
    expect(payments).toHaveLength(2);
    expect(payments[1]!.IdempotencyKey).toBe(payments[0]!.IdempotencyKey);
    expect(payments[1]!.PaymentIntentId).toMatch(/\S/);
    // The card number went only to the tokenise call.
    expect(JSON.stringify(payments)).not.toContain('4000002500003155');

    // The link again: paid, with the way to its confirmation.
    await payer.goto(link!);
    await payer.getByText('This payment has already been made.').waitFor();

    await staff.reload();
    await staff.getByTestId(`payment-request-${requestId}`).getByText('Paid').waitFor();
    await staff.context().close();
    await payer.context().close();
  });

  it('says so without both parameters, and sends a wrong code to /payment/Unauthorized', async () => {
    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/payment/paymentlink?gsRequestId=1`);
    await page.getByText('No group sales information found.').waitFor();
    await page.goto(`${foyer.baseUrl}/payment/paymentlink?gsRequestId=1&paymentCode=${'0'.repeat(32)}`);
    await page.waitForURL((url) => url.pathname === '/payment/Unauthorized');
    await page.getByText('This payment link cannot be used').waitFor();
    await page.context().close();
  });
});

describe('a payment link paid through Stripe in Chromium', () => {
  let stripe: StripeStandIn;
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    foyer = await startFoyerUnderTest({
      env: { ...stripe.env, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_JS_URL: `${stripe.url}/v3/` },
    });
  });

  afterAll(async () => {
    await foyer?.stop();
    await stripe?.close();
  });

  it("authenticates in Stripe's frame and pays once, the card never on our page", async () => {
    const staff = await foyer.openPage();
    await signIn(foyer, staff, SELLER, '/admin');
    const made = await api(staff, 'POST', '/api/admin/paymentrequests', {
      CustomerName: 'Northside Choir',
      CustomerEmail: 'trips@northside.example',
      Description: 'Balance for 40 seats',
      Kind: 'balance',
      Amount: 80_000,
      Currency: 'USD',
    });
    expect(made.status).toBe(201);
    const link = (made.body as { Link: string }).Link;

    const payer = await foyer.openPage();
    const payments: Record<string, unknown>[] = [];
    payer.on('request', (r) => {
      if (r.url().endsWith('/api/payments') && r.method() === 'POST')
        payments.push(JSON.parse(r.postData() ?? '{}'));
    });
    await payer.goto(`${foyer.baseUrl}${link}`);
    await payer.getByLabel('First name').fill('Ada');
    await payer.getByLabel('Last name').fill('Lovelace');
    await payer.getByLabel('E-mail').fill('ada@example.com');
    const card = payer.frameLocator('[data-testid="stripe-card"] iframe');
    await card.getByLabel('Card number').fill('4000 0025 0000 3155');
    await card.getByLabel('Expiration date MM / YY').pressSequentially('1234');
    await card.getByLabel('CVC').fill('123');
    await payer.getByLabel('Name on card').fill('Ada Lovelace');
    await payer.getByLabel('I have read and accept the terms of service').check();
    await payer.getByRole('button', { name: 'Pay $800.00' }).click();
    const bank = payer.frameLocator('iframe[title="3D Secure authentication frame"]');
    await bank.getByRole('button', { name: 'Complete' }).click();

    await payer.getByRole('heading', { name: 'Payment received' }).waitFor();
    await payer.getByText('Visa ending 3155').waitFor();
    expect(payments).toHaveLength(2);
    expect(payments[0]!.Token).toMatch(/^pm_/);
    expect(payments[1]!.IdempotencyKey).toBe(payments[0]!.IdempotencyKey);
    expect(payments[1]!.PaymentIntentId).toMatch(/^pi_/);
    expect(JSON.stringify(payments)).not.toContain('4000002500003155');
    await staff.context().close();
    await payer.context().close();
  });
});
