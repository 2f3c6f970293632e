import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountOrder } from '../../adapters/http/contract/account.ts';
import { OutboxList, OutboxMessage } from '../../adapters/http/contract/outbox.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { atPaymentWithOneSeat, confirmationOf, pay, settledAnimations } from './checkout-page.ts';
import { mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, upcomingDates } from './seat-map-page.ts';

// The customer account in Chromium against the real server and a fresh demo database: register,
// sign out and in (page, header dropdown, header modal), edit details and marketing lists, change
// the password, reset a forgotten one through the e-mailed link, the orders with their details
// modal and Resend Tickets, the data download, and deleting the account.

interface Person {
  readonly first: string;
  readonly last: string;
  readonly email: string;
  readonly password: string;
}

let people = 0;
/** A new customer of this run, with a password of the allowed length. */
const newPerson = (first: string): Person => {
  people += 1;
  return {
    first,
    last: 'Tester',
    email: `${first.toLowerCase()}.${people}.${Date.now().toString(36)}@example.com`,
    password: `correct horse battery ${people}`,
  };
};

/** The CSRF cookie of the page's context, fetched first when it has none. */
const csrfOf = async (page: Page, baseUrl: string) => {
  const find = async () => (await page.context().cookies()).find((c) => c.name === 'foyer_csrf')?.value;
  if (!(await find())) await page.request.get(`${baseUrl}/healthz`);
  return (await find()) ?? '';
};

/** Registers through the API: the page's context is then signed in as that person. */
const registerThroughApi = async (page: Page, baseUrl: string, person: Person) => {
  const answer = await page.request.post(`${baseUrl}/api/account/register`, {
    data: {
      FirstName: person.first,
      LastName: person.last,
      Email: person.email,
      Password: person.password,
      ConfirmPassword: person.password,
    },
    headers: { 'X-CSRF-Token': await csrfOf(page, baseUrl) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
};

const signInOnPage = async (page: Page, baseUrl: string, email: string, password: string) => {
  await page.goto(`${baseUrl}/account/login`);
  const main = page.locator('main');
  await main.getByLabel('E-mail').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign in' }).click();
};

const accountMenu = (page: Page, first: string) =>
  page.locator('header').getByRole('button', { name: new RegExp(`^${first}\\s?, your account$`) });

/** The newest outbox message to this address, waited for (the server writes it as it answers). */
const mailTo = async (page: Page, baseUrl: string, email: string) => {
  for (let tries = 0; ; tries++) {
    const list = OutboxList.parse(await (await page.request.get(`${baseUrl}/api/outbox`)).json());
    const found = list.Messages.find((m) => m.To.includes(email));
    if (found)
      return OutboxMessage.parse(
        await (await page.request.get(`${baseUrl}/api/outbox/${encodeURIComponent(found.Name)}`)).json(),
      );
    expect(tries, `an e-mail to ${email} reaches the outbox`).toBeLessThan(40);
    await page.waitForTimeout(250);
  }
};

describe('customer accounts in Chromium', () => {
  let foyer: FoyerUnderTest;
  let dataDir: string | undefined;

  beforeAll(async () => {
    // An outbox of its own: the password reset and ticket e-mails are written to DATA_DIR/outbox.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'foyer-accounts-e2e-'));
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true', DATA_DIR: dataDir } });
  });

  afterAll(async () => {
    await foyer?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends a signed-out visitor of the account page to sign-in, and back after', async () => {
    const barbara = newPerson('Barbara');
    const setup = await foyer.openPage();
    await registerThroughApi(setup, foyer.baseUrl, barbara);
    await setup.context().close();

    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/v2/account/details`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/v2/account/details');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await main.getByLabel('E-mail').fill(barbara.email);
    await main.getByLabel('Password').fill(barbara.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/account/details');
    await page.getByRole('heading', { level: 1, name: `Hello, ${barbara.first}` }).waitFor();

    // A returnUrl to another site is ignored: the account is the default.
    await page.goto(`${foyer.baseUrl}/account/login?returnUrl=${encodeURIComponent('//evil.example/x')}`);
    await main.getByLabel('E-mail').fill(barbara.email);
    await main.getByLabel('Password').fill(barbara.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/details');
    expect(new URL(page.url()).host).toBe(new URL(foyer.baseUrl).host);
    await page.context().close();
  });

  it('registers, signs out and in again, edits the details and the lists, changes the password', async () => {
    const ada = newPerson('Ada');
    const page = await foyer.openPage({ bypassCSP: true });
    await page.goto(`${foyer.baseUrl}/account/register`);
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The password rules are checked here first, naming the field.
    await page.getByLabel('First name').fill(ada.first);
    await page.getByLabel('Last name').fill(ada.last);
    await page.getByLabel('E-mail').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill('too short');
    await page.getByLabel('Confirm password').fill('something else');
    const registers: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/account/register')) registers.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must have at least 12 characters.').waitFor();
    await page.getByText('Confirm password must match Password.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('Password');
    // Eleven emoji are 22 UTF-16 units but 11 characters: still too short.
    await page.getByLabel('Password', { exact: true }).fill('🎭'.repeat(11));
    await page.getByText('Password must have at least 12 characters.').waitFor();
    expect(registers).toHaveLength(0);
    await page.screenshot({ path: '/tmp/foyer-accounts-register-errors.png', fullPage: true });

    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByLabel('Confirm password').fill(ada.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account/details');
    await page.getByRole('heading', { level: 1, name: `Hello, ${ada.first}` }).waitFor();
    await accountMenu(page, ada.first).waitFor();
    expect(JSON.parse(registers[0]!)).not.toHaveProperty('Phone');

    // Signing up again with the same address: the server e-mails that address instead.
    const again = await foyer.openPage();
    await again.goto(`${foyer.baseUrl}/account/register`);
    await again.getByLabel('First name').fill('Someone');
    await again.getByLabel('Last name').fill('Else');
    await again.getByLabel('E-mail').fill(ada.email);
    await again.getByLabel('Password', { exact: true }).fill('another long passphrase');
    await again.getByLabel('Confirm password').fill('another long passphrase');
    await again.getByRole('button', { name: 'Create account' }).click();
    await again.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await again.getByText('Please check your e-mail').waitFor();
    await again.context().close();

    // The account page: details with the member tag list empty, the Newsletter list, no orders.
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    await page.getByText('You have no orders yet.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-accounts-details.png', fullPage: true });

    // Edit: a 9-digit rewards number, phone and address.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your details' });
    await edit.waitFor();
    await edit.getByLabel('Phone').fill('+1 312 555 0199');
    await edit.getByLabel('Country').selectOption('US');
    await edit.getByLabel('Address line 1').fill('1 Analytical Row');
    await edit.getByLabel('City').fill('Springfield');
    await edit.getByLabel('State').fill('IL');
    await edit.getByLabel('Postal code').fill('62701');
    await edit.getByLabel('Audience Rewards number').fill('1234');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('An Audience Rewards number has exactly 9 digits.').waitFor();
    await edit.getByLabel('Audience Rewards number').fill('123456789');
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-accounts-edit.png' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Your details have been saved.').waitFor();
    await page.getByText('+1 312 555 0199').waitFor();
    await page.getByText('Springfield, IL, 62701').waitFor();
    await page.getByText('123456789').waitFor();

    // A new e-mail address needs the current password.
    const moved = `moved.${ada.email}`;
    await page.getByRole('button', { name: 'Edit details' }).click();
    await edit.waitFor();
    expect(await edit.getByLabel('Current password').count()).toBe(0);
    await edit.getByLabel('E-mail').fill(moved);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Current password is required.').waitFor();
    await edit.getByLabel('Current password').fill('not my password at all');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('alert').waitFor();
    await edit.getByLabel('Current password').fill(ada.password);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.locator('.account-facts').getByText(moved).waitFor();

    // Marketing lists: joining, then leaving (Unsubscribing -> Unsubscribed).
    const newsletter = page.getByRole('checkbox', { name: /Newsletter/ });
    await newsletter.check();
    await page.getByText('Subscribed', { exact: true }).waitFor();
    expect(await newsletter.isChecked()).toBe(true);
    const leaving = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/customertags/'));
    await newsletter.uncheck();
    await leaving;
    await page.getByText('Unsubscribed', { exact: true }).waitFor();
    expect(await newsletter.isChecked()).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Newsletter/ }).isChecked()).toBe(false);

    // Change password: the rules first, then the server.
    const section = page.locator('#password');
    await section.getByLabel('Current password').fill(ada.password);
    await section.getByLabel('New password', { exact: true }).fill('short');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByText('New password must have at least 12 characters.').waitFor();
    const newPassword = 'a brand new passphrase';
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Confirm new password').fill(newPassword);
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByText('Your password has been changed.').waitFor();
    expect(await section.getByLabel('Current password').inputValue()).toBe('');

    // Sign out from the header's menu: home, and Sign in in the header.
    await accountMenu(page, ada.first).click();
    await page.locator('header').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('header').getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await page.context().cookies()).some((c) => c.name === 'foyer_signed_in')).toBe(false);
    // Nobody is signed in: the account page sends to sign-in and comes back after.
    await page.goto(`${foyer.baseUrl}/account/details`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/account/details');

    // The old password is refused with the server's words; the new one signs in.
    await page.locator('main').getByLabel('E-mail').fill(moved);
    await page.locator('main').getByLabel('Password').fill(ada.password);
    await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-accounts-login-refused.png', fullPage: true });
    await page.locator('main').getByLabel('Password').fill(newPassword);
    await page.locator('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/details');
    await page.getByRole('heading', { level: 1, name: `Hello, ${ada.first}` }).waitFor();
    await page.context().close();
  });

  it('signs in from the header: a dropdown on wide screens, a modal at 650 px and below', async () => {
    const grace = newPerson('Grace');
    const setup = await foyer.openPage();
    await registerThroughApi(setup, foyer.baseUrl, grace);
    await setup.context().close();

    const page = await foyer.openPage();
    await page.goto(`${foyer.baseUrl}/`);
    // Signed out: no account call at all on first paint.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/account') asked.push(r.url());
    });
    await page.reload();
    const signIn = page.locator('header').getByRole('button', { name: 'Sign in' });
    await signIn.waitFor();
    expect(asked).toEqual([]);
    await signIn.click();
    const dropdown = page.locator('header').getByRole('region', { name: 'Sign in' });
    await dropdown.getByLabel('E-mail').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
    await page.screenshot({ path: '/tmp/foyer-accounts-header-dropdown.png' });
    // Escape closes it and gives the focus back.
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    expect(await signIn.evaluate((b) => b === document.activeElement)).toBe(true);
    // Its links lead on, and the dropdown closes behind them.
    await signIn.click();
    await dropdown.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/account/register');
    await dropdown.waitFor({ state: 'hidden' });
    await page.goto(`${foyer.baseUrl}/`);
    await signIn.click();
    await dropdown.getByLabel('E-mail').fill(grace.email);
    await dropdown.getByLabel('Password').fill(grace.password);
    await dropdown.getByRole('button', { name: 'Sign in' }).click();
    // A sign-in from the header stays on the page it was made on.
    await accountMenu(page, grace.first).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await accountMenu(page, grace.first).click();
    await page.locator('header').getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/account/details' && url.hash === '#orders');
    await page.getByRole('heading', { level: 2, name: 'Orders' }).waitFor();
    await page.context().close();

    const phone = await foyer.openPage({ viewport: mobile });
    await phone.goto(`${foyer.baseUrl}/`);
    await phone.locator('header').getByRole('button', { name: 'Sign in' }).click();
    const modal = phone.getByRole('dialog', { name: 'Sign in' });
    await modal.getByLabel('E-mail').fill(grace.email);
    await settledAnimations(phone);
    await phone.screenshot({ path: '/tmp/foyer-accounts-header-modal.png' });
    await modal.getByLabel('Password').fill(grace.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await modal.waitFor({ state: 'detached' });
    await accountMenu(phone, grace.first).waitFor();
    await phone.goto(`${foyer.baseUrl}/account/details`);
    await phone.getByRole('heading', { level: 1, name: `Hello, ${grace.first}` }).waitFor();
    await phone.screenshot({ path: '/tmp/foyer-accounts-details-mobile.png', fullPage: true });
    await phone.context().close();
  });

  it('signs staff in to the box office under its own header; the storefront header leads back to it', async () => {
    const page = await foyer.openPage();
    await signInOnPage(page, foyer.baseUrl, 'admin@foyer.local', 'foyer-demo');
    await page.waitForURL((url) => url.pathname === '/admin');
    // The box office shows its own header only: the staff member's name, one Sign out.
    await page.locator('.admin-header').getByText('Alex Admin').first().waitFor();
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    // On the storefront, the staff member's menu leads back to the box office.
    await page.goto(`${foyer.baseUrl}/`);
    const header = page.locator('.site-header');
    const menu = header.getByRole('button', { name: /^Alex Admin\s?, your account$/ });
    await menu.click();
    await page.screenshot({ path: '/tmp/foyer-accounts-staff-menu.png' });
    const boxOffice = header.getByRole('link', { name: 'Box office' });
    expect(await boxOffice.getAttribute('href')).toBe('/admin');
    expect(await header.getByRole('link', { name: 'Account details' }).count()).toBe(0);
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await header.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password through the e-mailed link, which works once', async () => {
    const alan = newPerson('Alan');
    const page = await foyer.openPage();
    await registerThroughApi(page, foyer.baseUrl, alan);
    await page.context().clearCookies();

    await page.goto(`${foyer.baseUrl}/account/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/account/forgotpassword');
    await page.getByLabel('E-mail').fill(alan.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses that e-mail address').waitFor();

    const mail = await mailTo(page, foyer.baseUrl, alan.email);
    const link = /\/account\/resetpassword\?token=[^\s"<>]+/.exec(
      `${mail.Text ?? ''} ${mail.Html ?? ''}`,
    )?.[0];
    expect(link, 'the e-mail carries the reset link').toBeDefined();
    const resetPath = link!.replaceAll('&amp;', '&');
    await page.goto(`${foyer.baseUrl}${resetPath}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    const newPassword = 'reset passphrase of mine';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    const saved = Date.now();
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.screenshot({ path: '/tmp/foyer-accounts-reset-done.png', fullPage: true });
    await page.waitForURL((url) => url.pathname === '/account/login', { timeout: 10_000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(2900);

    // The link is spent: the page says so and offers a new one.
    await page.goto(`${foyer.baseUrl}${resetPath}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This link has expired or was already used.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();

    await signInOnPage(page, foyer.baseUrl, alan.email, alan.password);
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    await signInOnPage(page, foyer.baseUrl, alan.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/account/details');
    await page.context().close();
  });

  it('lists the orders with their details, resends tickets, downloads the data and deletes the account', async () => {
    const mary = newPerson('Mary');
    const page = await foyer.openPage({ bypassCSP: true });
    await registerThroughApi(page, foyer.baseUrl, mary);
    // Buys a ticket while signed in, with the offline card processor.
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[5]!);
    await atPaymentWithOneSeat(page, foyer.baseUrl, p);
    await page.getByLabel('E-mail').fill(mary.email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('');
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Mary Tester');
    await pay(page);
    const order = await confirmationOf(page);

    await page.goto(`${foyer.baseUrl}/account/details#orders`);
    const row = page.getByTestId(`account-order-${order.ID}`);
    await row.waitFor();
    const listed = AccountOrder.array().parse(
      await (await page.request.get(`${foyer.baseUrl}/api/account/orders`)).json(),
    );
    const mine = listed.find((o) => o.ID === order.ID)!;
    expect(mine).toBeDefined();
    expect(await row.innerText()).toContain(order.Name);
    expect(await row.innerText()).toContain(`$${(order.Total / 100).toFixed(2)}`);
    await row.getByText('Complete').waitFor();

    // Actions: View Order Details opens the order-details modal.
    await row.getByRole('button', { name: `Actions ${order.Name}` }).click();
    await row.getByRole('button', { name: 'View Order Details' }).click();
    const details = page.getByRole('dialog', { name: `Order ${order.Name}` });
    await details.waitFor();
    await details.getByText(mine.Items[0]!.EventName).first().waitFor();
    await details.getByText(mine.Items[0]!.VenueName, { exact: false }).first().waitFor();
    await details.getByText(mine.DeliveryMethod?.Name ?? 'None').waitFor();
    await settledAnimations(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-accounts-order-details.png' });
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'detached' });

    // Resend Tickets: the server's words, and the e-mail in the outbox.
    expect(mine.CanResendTickets).toBe(true);
    await row.getByRole('button', { name: `Actions ${order.Name}` }).click();
    await row.getByRole('button', { name: 'Resend Tickets' }).click();
    await row.getByText(`Your tickets have been sent to ${mary.email}.`).waitFor();
    await page.screenshot({ path: '/tmp/foyer-accounts-orders.png', fullPage: true });

    // Data download: CSV and JSON, as attachments.
    for (const format of ['csv', 'json'] as const) {
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: `Download ${format.toUpperCase()}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`foyer-orders.${format}`);
      const file = await download.path();
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(file, 'utf8');
      if (format === 'csv') {
        expect(text.split('\n')[0]).toContain('id,status');
        expect(text).toContain(String(order.ID));
      } else
        expect(JSON.parse(text)).toEqual(expect.arrayContaining([expect.objectContaining({ id: order.ID })]));
    }

    // Delete account: the confirmation modal, then the confirmation page; signing in is refused.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL((url) => url.pathname === '/Account/AccountDeletedConfirmation');
    await page.getByRole('heading', { level: 1, name: 'Your account has been deleted' }).waitFor();
    await page.locator('header').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-accounts-deleted.png', fullPage: true });
    await signInOnPage(page, foyer.baseUrl, mary.email, mary.password);
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    await page.context().close();
  }, 120_000);

  it('speaks the reader’s language on the sign-in page and the account', async () => {
    const jean = newPerson('Jean');
    const page = await foyer.openPage({ locale: 'fr-FR', viewport: mobile });
    await page.goto(`${foyer.baseUrl}/account/login`);
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    await page.locator('main').getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('E-mail est obligatoire.').waitFor();
    await page.screenshot({ path: '/tmp/foyer-accounts-login-fr.png', fullPage: true });
    await registerThroughApi(page, foyer.baseUrl, jean);
    await page.goto(`${foyer.baseUrl}/account/details`);
    await page.getByRole('heading', { level: 1, name: `Bonjour ${jean.first}` }).waitFor();
    await page.getByRole('button', { name: 'Modifier' }).click();
    await page.getByRole('dialog', { name: 'Modifier vos coordonnées' }).getByLabel('Pays').waitFor();
    await settledAnimations(page);
    await page.screenshot({ path: '/tmp/foyer-accounts-edit-fr.png' });
    await page.context().close();
  });

  it('shows the saved card and deletes it after asking, else No saved card', async () => {
    const page = await foyer.openPage();
    await registerThroughApi(page, foyer.baseUrl, newPerson('Edsger'));
    // The web checkout saves no card yet: the gateway's answers are stood in for first.
    const deletes: string[] = [];
    let saved = true;
    await page.route('**/api/account/paymentmethod', (route) => {
      if (route.request().method() === 'DELETE') {
        deletes.push(route.request().headers()['x-csrf-token'] ?? '');
        saved = false;
        return route.fulfill({ json: { Message: 'Your saved card has been removed.' } });
      }
      return route.fulfill({
        json: saved ? { CCStripeID: 'pm_test', CCLast4: '4242', CardBrand: 'Visa' } : null,
      });
    });
    await page.goto(`${foyer.baseUrl}/account/details#payment`);
    const section = page.locator('#payment');
    await section.getByText('Visa ending in 4242').waitFor();
    await section.getByRole('button', { name: 'Delete card' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your saved card?' });
    await confirm.getByText('Visa ending in 4242 will no longer be offered at checkout.').waitFor();
    expect(deletes).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete card' }).click();
    await section.getByText('Your saved card has been removed.').waitFor();
    await section.getByText('No saved card').waitFor();
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).not.toBe('');

    // The server's own answer for an account without a card.
    await page.unroute('**/api/account/paymentmethod');
    await page.reload();
    await section.getByText('No saved card').waitFor();
    await page.context().close();
  });
});
