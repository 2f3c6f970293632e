import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSeatRequestView } from '../../adapters/http/contract/house-seats.ts';
import { confirmationOf, fillDetails, pay } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, plainOpenSeats, seatStatusOf, upcomingDates } from './seat-map-page.ts';
import { api, signIn, SUPERVISOR } from './staff-session.ts';

// House seats end to end, in Chromium against the real server: a supervisor keeps two seats for
// a guest, the seats show as taken to everyone else, the guest's link puts them in the guest's
// basket, and the guest checks out with a test card; a request without payment gives the guest
// comps to order with no card; a bad link gets the House Seat words.

describe('house seats in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('a house-seat request through to its order', async () => {
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[3]!);
    const keys = plainOpenSeats(p, 2).map((s) => s.Key);

    const staff = await foyer.openPage();
    await signIn(foyer, staff, SUPERVISOR, '/admin');
    await staff.getByRole('link', { name: 'House seats', exact: true }).click();
    await staff.getByRole('heading', { name: 'New house-seat request' }).waitFor();
    await staff.getByLabel('Performance (event id)').fill(String(p.event.ID));
    await staff.getByLabel('Seats (keys, separated by commas)').fill(keys.join(', '));
    await staff.getByLabel('Guest name').fill('Ophelia Guest');
    await staff.getByLabel('Guest e-mail').fill('ophelia@example.com');
    await staff.getByRole('button', { name: 'Hold the seats' }).click();
    const card = staff.getByTestId('house-seat-request');
    await card.getByText('Waiting for the guest').waitFor();
    const code = await card.locator('code').innerText();
    const found = await api(staff, 'GET', `/api/houseseatsrequest/code?code=${code}`);
    const request = HouseSeatRequestView.parse(found.body);
    expect(request.Seats.sort()).toEqual([...keys].sort());
    for (const key of keys) expect(await seatStatusOf(foyer.baseUrl, p.event.ID, key)).not.toBe('Open');

    const guest = await foyer.openPage({ bypassCSP: true });
    await guest.goto(`${foyer.baseUrl}${request.Link}`);
    await guest.waitForURL((url) => url.pathname === '/checkout/basket');
    const chosen = guest.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await guest.getByRole('radio', { name: /^Print at home/ }).check();
    expect((await chosen).status()).toBe(200);
    await guest.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await guest.getByText('2 tickets', { exact: false }).first().waitFor();
    await guest.getByRole('button', { name: /^Checkout/ }).click();
    await guest.waitForURL((url) => url.pathname === '/checkout/payment');
    await fillDetails(guest);
    await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
    await guest.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await guest.getByLabel('Security code').fill('123');
    await guest.getByLabel('Name on card').fill('Ophelia Guest');
    await pay(guest);
    const order = await confirmationOf(guest);
    expect(order.TicketItems).toHaveLength(2);

    const after = await api(staff, 'GET', `/api/houseseatsrequest/${request.ID}`);
    expect(after.body).toMatchObject({ Status: 'redeemed' });
    await staff.context().close();
    await guest.context().close();
  });

  it('a request without payment: the guest gets the seats as comps and orders with no card', async () => {
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    const p = await performanceOf(foyer.baseUrl, dates[4]!);
    const keys = plainOpenSeats(p, 2).map((s) => s.Key);

    const staff = await foyer.openPage();
    await signIn(foyer, staff, SUPERVISOR, '/admin');
    await staff.getByRole('link', { name: 'House seats', exact: true }).click();
    await staff.getByRole('heading', { name: 'New house-seat request' }).waitFor();
    await staff.getByLabel('Performance (event id)').fill(String(p.event.ID));
    await staff.getByLabel('Seats (keys, separated by commas)').fill(keys.join(', '));
    await staff.getByLabel('Guest name').fill('Horatio Guest');
    await staff.getByLabel('Guest e-mail').fill('horatio@example.com');
    await staff.getByLabel('The guest pays for the seats').uncheck();
    await staff.getByRole('button', { name: 'Hold the seats' }).click();
    const card = staff.getByTestId('house-seat-request');
    await card.getByText('Waiting for the guest').waitFor();
    const code = await card.locator('code').innerText();
    const request = HouseSeatRequestView.parse(
      (await api(staff, 'GET', `/api/houseseatsrequest/code?code=${code}`)).body,
    );
    expect(request.PaymentRequired).toBe(false);

    const guest = await foyer.openPage({ bypassCSP: true });
    await guest.goto(`${foyer.baseUrl}${request.Link}`);
    await guest.waitForURL((url) => url.pathname === '/checkout/basket');
    const chosen = guest.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await guest.getByRole('radio', { name: /^Print at home/ }).check();
    expect((await chosen).status()).toBe(200);
    await guest.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await guest.getByRole('button', { name: /^Checkout/ }).click();
    await guest.waitForURL((url) => url.pathname === '/checkout/payment');
    expect(await guest.getByTestId('checkout-total').innerText()).toBe('$0.00');
    await fillDetails(guest);
    await guest.getByTestId('nothing-to-pay').waitFor();
    expect(await guest.getByLabel('Card number').count()).toBe(0);
    await guest.screenshot({ path: '/tmp/foyer-house-seat-comp.png', fullPage: true });
    const sent = guest.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/checkout',
    );
    await guest.getByRole('button', { name: 'Place order' }).click();
    expect(((await sent).postDataJSON() as Record<string, unknown>).Token ?? null).toBeNull();
    const order = await confirmationOf(guest);
    expect(order.TicketItems).toHaveLength(2);
    expect(order.Total).toBe(0);
    await staff.context().close();
    await guest.context().close();
  });

  it('a link without its code, or with a spent one, says to contact the House Seat Manager', async () => {
    const page = await foyer.openPage();
    for (const path of ['/payment/houseseat', `/payment/houseseat?paymentCode=${'0'.repeat(32)}`]) {
      await page.goto(`${foyer.baseUrl}${path}`);
      await page
        .getByText(
          'Sorry we could not complete your order. Please contact your House Seat Manager for more details.',
        )
        .waitFor();
    }
    await page.context().close();
  });
});
