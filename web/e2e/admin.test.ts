import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { mobile, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  openSeatMap,
  performanceOf,
  plainOpenSeats,
  seatMapPath,
  seatPoint,
  upcomingDates,
} from './seat-map-page.ts';
import { OWNER, signIn as signInThroughApi, STAFF_PASSWORD } from './staff-session.ts';

// Admin mode in Chromium against the real server and a fresh demo database: the guard on every
// /admin page (login page for visitors, "not allowed" for customers and for roles without the
// permission), the staff header, the staff list with adding and disabling, an order's audit log.

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Signs in through the login page when it has its form, else through POST /api/account/login
 * (the CSRF cookie echoed in X-CSRF-Token), then opens `then`.
 */
const signIn = async (foyer: FoyerUnderTest, page: Page, email: string, then: string) => {
  await page.goto(`${foyer.baseUrl}/account/login?returnUrl=${encodeURIComponent(then)}`);
  await page.locator('main h1').first().waitFor();
  const password = page.locator('main input[type="password"]');
  if ((await password.count()) > 0) {
    await page.locator('main input[type="email"]').fill(email);
    await password.fill(STAFF_PASSWORD);
    await page.locator('main form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === then.toLowerCase());
    return;
  }
  await signInThroughApi(foyer, page, email, then);
};

describe('admin mode in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    // The demo's SuperAdmin, made from the Admin's row (same password) if the seed has none.
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    await db.query(
      `insert into staff_users (email, name, role, password_hash)
       select $1, 'Olive Owner', 'SuperAdmin', password_hash from staff_users where email = 'admin@foyer.local'
       on conflict do nothing`,
      [OWNER],
    );
    await db.end();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('sends a signed-out visitor to the login page, to come back to the admin page after', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await page.goto(`${foyer.baseUrl}/admin/staff`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(pathAndQuery(page)).toBe('/account/login?returnUrl=%2Fadmin%2Fstaff');
    // No admin call was needed to know: nobody is signed in.
    await page.goto(`${foyer.baseUrl}/admin/orders/12/audit`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/admin/orders/12/audit');
    await page.context().close();
  });

  it('tells a signed-in customer the admin pages are not for them, with a way home', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, 'customer@foyer.local', '/admin');
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(pathAndQuery(page)).toBe('/admin');
    await page.getByText('This part of Foyer is for box-office staff.').waitFor();
    expect(await page.locator('.admin-header').count()).toBe(0);
    await page.screenshot({ path: '/tmp/foyer-admin-not-allowed.png' });
    await page.getByRole('link', { name: 'Back to the storefront' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows the box-office manager the admin header and home, but not the staff page', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, 'boxoffice@foyer.local', '/admin');
    await page.getByRole('heading', { name: 'Welcome, Bo Boxoffice' }).waitFor();
    expect(await page.getByTestId('admin-staff-name').innerText()).toBe('Bo Boxoffice');
    expect(await page.getByTestId('admin-staff-role').innerText()).toBe('Box-office manager');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await nav.getByRole('link', { name: 'Sell tickets' }).waitFor();
    // Staff needs manageStaff, which only a SuperAdmin holds.
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    const permissions = page.getByTestId('admin-permissions');
    await permissions.getByText('View reports and the audit log').waitFor();
    await permissions.getByText('Manage payment methods').waitFor();
    expect(await permissions.getByText('Manage staff and their roles').count()).toBe(0);

    await page.goto(`${foyer.baseUrl}/admin/staff`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await page.getByText('Your role (Box-office manager) cannot open this page.').waitFor();
    await page.screenshot({ path: '/tmp/foyer-admin-forbidden.png' });
    // Still in the admin layout, with the way back.
    await page.getByTestId('admin-staff-name').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Admin home' }).click();
    await page.getByRole('heading', { name: 'Welcome, Bo Boxoffice' }).waitFor();

    // The clerk's selling home, inside the admin layout.
    await nav.getByRole('link', { name: 'Sell tickets' }).click();
    await page.getByRole('heading', { name: 'Sell tickets', level: 1 }).waitFor();
    expect(pathAndQuery(page)).toBe('/admin/v2/sell-tickets');
    await page.getByTestId('admin-staff-role').waitFor();
    await page.screenshot({ path: '/tmp/foyer-admin-sell-tickets.png', fullPage: true });
    await page.context().close();
  });

  it('lets the SuperAdmin add a staff member, refuse a taken e-mail, and disable them', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, OWNER, '/admin');
    await page.getByRole('heading', { name: 'Welcome, Olive Owner' }).waitFor();
    expect(await page.getByTestId('admin-staff-role').innerText()).toBe('Super admin');
    await page.screenshot({ path: '/tmp/foyer-admin-home.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    const table = page.getByTestId('staff-table');
    await table.getByRole('rowheader', { name: 'Bo Boxoffice' }).waitFor();
    await table.getByRole('cell', { name: 'admin@foyer.local' }).waitFor();

    // The form's own checks first: nothing is sent.
    const form = page.getByRole('region', { name: 'Add staff' });
    await form.getByRole('button', { name: 'Add staff' }).click();
    await form.getByText('Enter an e-mail address.').waitFor();
    await form.getByText('Choose a password of at least 12 characters.').waitFor();
    expect(await form.getByLabel('E-mail').evaluate((e) => e === document.activeElement)).toBe(true);

    await form.getByLabel('E-mail').fill('sam@foyer.local');
    await form.getByLabel('Name').fill('Sam Seller');
    await form.getByLabel('Role').selectOption({ label: 'Seller' });
    await form.getByLabel('Password').fill('a long enough password');
    await form.getByRole('button', { name: 'Add staff' }).click();
    await page.getByRole('status').getByText('Sam Seller is added as Seller.').waitFor({ state: 'attached' });
    const sam = table.getByRole('row', { name: /Sam Seller/ });
    await sam.waitFor();
    expect(await sam.getByRole('cell', { name: 'sam@foyer.local' }).count()).toBe(1);
    expect(await sam.getByLabel('Role of Sam Seller').inputValue()).toBe('Seller');
    expect(await sam.getByRole('cell', { name: 'Yes' }).count()).toBe(1);
    // The form is empty again for the next one.
    expect(await form.getByLabel('E-mail').inputValue()).toBe('');

    // The server's words when it refuses: the e-mail is taken.
    await form.getByLabel('E-mail').fill('SAM@foyer.local');
    await form.getByLabel('Name').fill('Sam Again');
    await form.getByLabel('Role').selectOption({ label: 'Seller' });
    await form.getByLabel('Password').fill('a long enough password');
    await form.getByRole('button', { name: 'Add staff' }).click();
    await form.getByRole('alert').getByText('A staff account already uses that e-mail address.').waitFor();

    // A new role: chosen, then saved with its own button.
    await sam.getByLabel('Role of Sam Seller').selectOption({ label: 'Box-office supervisor' });
    await sam.getByRole('button', { name: 'Change the role of Sam Seller' }).click();
    await page
      .getByRole('status')
      .getByText('Sam Seller is now Box-office supervisor.')
      .waitFor({ state: 'attached' });
    await expect.poll(() => sam.getByLabel('Role of Sam Seller').inputValue()).toBe('BoxOfficeSupervisor');

    // Disabling asks first; cancelling changes nothing.
    await sam.getByRole('button', { name: 'Disable Sam Seller' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disable Sam Seller?' });
    await dialog.waitFor();
    await page.screenshot({ path: '/tmp/foyer-admin-confirm-disable.png' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await sam.getByRole('cell', { name: 'Yes' }).count()).toBe(1);

    await sam.getByRole('button', { name: 'Disable Sam Seller' }).click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('status').getByText('Sam Seller is disabled.').waitFor({ state: 'attached' });
    await sam.getByRole('button', { name: 'Enable Sam Seller' }).waitFor();
    expect(await sam.getByRole('cell', { name: 'No' }).count()).toBe(1);

    // The server agrees: Sam cannot sign in.
    const list = await page.evaluate(async () => (await fetch('/api/admin/staff')).json());
    expect(list).toContainEqual(expect.objectContaining({ Email: 'sam@foyer.local', Active: false }));

    // Their own row is read-only: the server would refuse disabling themself or a new role.
    const me = table.getByRole('row', { name: /Olive Owner/ });
    await me.getByText('Your own account').waitFor();
    expect(await me.getByRole('button').count()).toBe(0);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/foyer-admin-staff.png', fullPage: true });
    await page.setViewportSize(mobile);
    await page.screenshot({ path: '/tmp/foyer-admin-staff-mobile.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('fixes the seat details in the map’s corner for a box-office manager, beside the seat for anyone else', async () => {
    const [date] = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, date!);
    const [seat] = plainOpenSeats(p, 1);
    /** The hover tooltip of an open seat, then the I key's details of the first seat. */
    const popovers = async (page: Page) => {
      await openSeatMap(page, foyer.baseUrl, p);
      const point = await seatPoint(page, p, seat!.Key);
      await page.mouse.move(1, 1);
      await page.mouse.move(point.x, point.y);
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      const hover = await tooltip.getAttribute('class');
      await page.mouse.move(1, 1);
      await page.locator('.seat-map__frame').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('i');
      const details = page.getByRole('dialog', { name: 'Seat details' });
      await details.waitFor();
      return { hover, pinned: await details.getAttribute('class') };
    };

    const visitor = await foyer.openPage({ bypassCSP: true });
    const seen = await popovers(visitor);
    expect(seen.pinned).not.toContain('seat-popover--fixed');
    expect(seen.hover).not.toContain('seat-popover--fixed');
    await visitor.context().close();

    // BoxOfficeManager: fixedSeatInfo, not movingSeatInfo.
    const manager = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, manager, 'boxoffice@foyer.local', '/admin');
    await manager.getByTestId('admin-staff-name').waitFor();
    const fixed = await popovers(manager);
    expect(fixed.pinned).toContain('seat-popover--fixed');
    expect(fixed.hover).toContain('seat-popover--fixed');
    await manager.screenshot({ path: '/tmp/foyer-admin-seat-info-fixed.png' });
    await manager.context().close();
  });

  it('shows the stack trace on an error screen to back-end staff only', async () => {
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    await db.query(`update staff_users set is_backend_user = true where email = $1`, [OWNER]);
    await db.end();
    // The seat map's geometry fails: the map's error panel, with the ApiError it threw.
    const [date] = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const failing = `${foyer.baseUrl}${seatMapPath(await performanceOf(foyer.baseUrl, date!))}`;
    const failSvg = (page: Page) =>
      page.route('**/api/svg/svgdata/**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"Message":"The map broke."}' }),
      );

    const visitor = await foyer.openPage({ bypassCSP: true });
    await failSvg(visitor);
    await visitor.goto(failing);
    await visitor.locator('.error-panel').getByText('The map broke.', { exact: true }).waitFor();
    expect(await visitor.getByTestId('stack-trace').count()).toBe(0);
    await visitor.context().close();

    const owner = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, owner, OWNER, '/admin');
    await owner.getByTestId('admin-staff-name').waitFor();
    await failSvg(owner);
    await owner.goto(failing);
    await owner.locator('.error-panel').getByText('The map broke.', { exact: true }).waitFor();
    const trace = owner.getByTestId('stack-trace');
    await trace.getByText('Stack trace').click();
    expect(await trace.locator('pre').innerText()).toMatch(/ApiError/);
    await owner.screenshot({ path: '/tmp/foyer-admin-stack-trace.png' });
    await owner.context().close();
  });

  it('shows an order’s audit log to a role with viewReports', async () => {
    const db = new pg.Client({ connectionString: foyer.databaseUrl });
    await db.connect();
    await db.query(
      `insert into audit_log (actor, action, order_id, status, details) values
         ('boxoffice@foyer.local', 'POST /api/orders/424242/refund', 424242, 200, '{}'),
         ('boxoffice@foyer.local', 'order.note', 424242, null, '{}')`,
    );
    await db.end();
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, 'boxoffice@foyer.local', '/admin');
    await page.getByRole('heading', { name: 'Welcome, Bo Boxoffice' }).waitFor();
    await page.getByLabel('Order number').fill('424242');
    await page.getByRole('button', { name: 'Show audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log of order F0424242' }).waitFor();
    const rows = page.getByTestId('audit-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('POST /api/orders/424242/refund');
    expect(await rows.nth(0).innerText()).toContain('200');
    expect(await rows.nth(1).innerText()).toContain('order.note');
    await page.screenshot({ path: '/tmp/foyer-admin-audit.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // An order without entries says so.
    await page.goto(`${foyer.baseUrl}/admin/orders/1/audit`);
    await page.getByText('Nothing has been recorded for this order.').waitFor();

    // Sign out: back to the login page, and the admin pages are closed again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/account/login');
    await page.goto(`${foyer.baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/admin');
    await page.context().close();
  });
});
