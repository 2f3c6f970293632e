import type { Page } from 'playwright-core';

// The clerk's way from the staff basket through the payment page back to the sell screen,
// shared by the counter browser tests.

export const toPayment = async (page: Page) => {
  await page.getByRole('button', { name: 'Take payment' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/checkout/payment');
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
};

/** The customer details the checkout asks for, where the page has none yet. */
export const fillBuyer = async (page: Page) => {
  const details = page.getByRole('group', { name: 'Customer details' });
  const fill = async (label: string, value: string) => {
    const field = details.getByLabel(label, { exact: true });
    if ((await field.count()) > 0 && (await field.inputValue()) === '') await field.fill(value);
  };
  await fill('First name', 'Pat');
  await fill('Last name', 'Counter');
  await fill('E-mail', `pat.${Date.now()}@example.com`);
  await fill('Address', '1 Theatre Row');
  await fill('City', 'New York');
  await fill('Postal code', '10036');
  const tos = details.getByRole('checkbox', { name: 'The customer accepts the terms of service' });
  if ((await tos.count()) > 0) await tos.check();
};

/** Back at the sell screen, the banner naming the order; its words. */
export const soldBanner = async (page: Page) => {
  // A refused payment shows its words on the payment page: fail with them rather than a timeout.
  const refused = page.getByTestId('counter-payment-error');
  await Promise.race([
    page.waitForURL((url) => url.pathname === '/admin/v2/sell-tickets'),
    refused.waitFor().then(async () => {
      throw new Error(`payment refused: ${await refused.innerText()}`);
    }),
  ]);
  const banner = page.getByTestId('counter-sale-banner');
  await banner.waitFor();
  return banner.innerText();
};
