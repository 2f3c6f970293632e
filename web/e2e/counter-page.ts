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

/**
 * A clerk at the keyboard: every action goes through `press` or `type` and is counted (a key
 * press is one action, typing one value is one), so a test can say how many actions a sale took.
 * Nothing else touches the page: no clicks, no fills.
 */
export const keyboardClerk = (page: Page) => {
  const actions: string[] = [];
  return {
    actions,
    press: async (key: string) => {
      actions.push(`press ${key}`);
      await page.keyboard.press(key);
    },
    type: async (value: string) => {
      actions.push(`type "${value}"`);
      await page.keyboard.type(value);
    },
  };
};

/** Waits until the element with the focus matches the CSS `selector`; fails naming the focused one. */
export const waitForFocus = async (page: Page, selector: string) => {
  try {
    await page.waitForFunction((sel) => document.activeElement?.matches(sel) === true, selector, {
      timeout: 15_000,
    });
  } catch {
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
    throw new Error(`the focus is not on ${selector} but on ${focused}`);
  }
};
