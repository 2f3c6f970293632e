import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HouseSeatRequestView } from '../../adapters/http/contract/house-seats.ts';
import { BoxOfficeInventory } from '../../adapters/http/contract/staff-inventory.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { confirmationOf, fillDetails, pay } from './checkout-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import {
  performanceOf,
  plainOpenSeats,
  seatStatusOf,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';
import { api, signIn, SUPERVISOR } from './staff-session.ts';

// House seats end to end, in Chromium against the real server: a supervisor keeps two seats for
// a guest, the seats show as taken to everyone else, the guest's link puts them in the guest's
// basket, and the guest checks out with a test card; a request without payment gives the guest
// comps to order with no card; a bad link gets the House Seat words.

/** The performance's day as the selling search takes it: MM-DD-YYYY. */
const usDayOf = (p: Performance) => {
  const [year, month, day] = p.event.LocalDate.slice(0, 10).split('-');
  return `${month}-${day}-${year}`;
};

/**
 * The performance found by its date and chosen from the keyboard (type, Tab to it, Enter), then
 * each seat ticked by its section, row and number: no id and no seat key is typed.
 */
const choosePerformanceAndSeats = async (staff: Page, p: Performance, keys: readonly string[]) => {
  await staff.getByLabel('Find by show or date').fill(usDayOf(p));
  const option = staff
    .getByTestId('performance-picker')
    .getByRole('button')
    .filter({ hasText: p.event.Name })
    .first();
  await option.waitFor();
  await option.focus();
  await staff.keyboard.press('Enter');
  const chosen = staff.getByTestId('performance-chosen');
  await chosen.waitFor();
  expect(await chosen.innerText()).toContain(p.event.Name);
  // The keyboard stays in the form: on the picker's Change button.
  expect(await staff.evaluate(() => document.activeElement?.textContent)).toBe('Change');

  const staffSeats = BoxOfficeInventory.parse(
    (await api(staff, 'GET', `/api/admin/eventinventory/${String(p.event.ID)}/boxoffice`)).body,
  ).MapSeats;
  const words: string[] = [];
  for (const key of keys) {
    const seat = staffSeats.find((s) => s.Key === key)!;
    await staff.getByLabel('Section').selectOption(seat.SectionName);
    await staff.getByLabel('Row', { exact: true }).selectOption(seat.Row);
    await staff.getByRole('checkbox', { name: `Seat ${seat.Seat}`, exact: true }).check();
    words.push(`${seat.SectionName}, row ${seat.Row}, seat ${seat.Seat}`);
  }
  expect(await staff.getByTestId('house-seats-chosen').innerText()).toBe(`Chosen: ${words.join('; ')}`);
  return words;
};

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

    const staff = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, staff, SUPERVISOR, '/admin');
    await staff.getByRole('link', { name: 'House seats', exact: true }).click();
    await staff.getByRole('heading', { name: 'New house-seat request' }).waitFor();
    const words = await choosePerformanceAndSeats(staff, p, keys);
    await staff.screenshot({ path: '/tmp/shots/house-seats-form.png', fullPage: true });
    expect(await seriousAccessibilityViolations(staff)).toEqual([]);
    await staff.getByLabel('Guest name').fill('Ophelia Guest');
    await staff.getByLabel('Guest e-mail').fill('ophelia@example.com');
    await staff.getByRole('button', { name: 'Hold the seats' }).click();
    const card = staff.getByTestId('house-seat-request');
    await card.getByText('Waiting for the guest').waitFor();
    const code = await card.locator('code').innerText();
    // The request's seats in words, as they were chosen, not their keys.
    const seatsLine = card.getByTestId('house-seat-request-seats');
    await seatsLine.getByText(words[0]!, { exact: false }).waitFor();
    for (const word of words) expect(await seatsLine.innerText()).toContain(word);
    // The form reads the open seats again: the held ones are no longer ticked.
    await staff
      .getByTestId('house-seats-chosen')
      .getByText('No seats chosen yet', { exact: false })
      .waitFor();
    await staff.screenshot({ path: '/tmp/shots/house-seats-made.png', fullPage: true });
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
    await choosePerformanceAndSeats(staff, p, keys);
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
