import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanBasketView } from '../../adapters/http/contract/plan-basket.ts';
import { PlanCalendar } from '../../adapters/http/contract/plans.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import {
  DEMO_PAIRED_PLAN,
  DEMO_SUBSCRIPTION_PLAN,
  insertDemoPlans,
} from '../../adapters/postgres/demo/plans.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { confirmationOf, fillDetails, pay } from './checkout-page.ts';
import { fillBuyer, soldBanner, toPayment } from './counter-page.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { Event } from '../../adapters/http/contract/catalogue.ts';
import {
  apiOf,
  clickSeat,
  performanceOf,
  plainOpenSeats,
  upcomingDates,
  type Performance,
} from './seat-map-page.ts';
import { SELLER, signIn } from './staff-session.ts';

// Buying plans in Chromium against the real server and the demo plans
// (adapters/postgres/demo/plans.ts): the season's three shows at the same seat quantity through
// the best seats for all shows, paid by card; the Winter Crossing pass's two parts chosen on
// their seat maps one after the other; the warning before a new quantity releases the seats
// held; the box office selling the season at the counter. Screenshots in /tmp.

let foyer: FoyerUnderTest;

beforeAll(async () => {
  foyer = await startFoyerUnderTest();
  // The demo's plans (a no-op when the demo load already added them).
  const db = createDatabase(foyer.databaseUrl, { max: 1 });
  try {
    await insertDemoPlans(db, new Date());
  } finally {
    await db.destroy();
  }
});

afterAll(async () => {
  await foyer?.stop();
});

/** The plan basket as the server has it, read from the page (its session). */
const planBasket = async (page: Page) =>
  PlanBasketView.parse(
    await page.evaluate(async () =>
      (await fetch('/api/baskets/eventplans/mapBasketViewModel', { cache: 'no-store' })).json(),
    ),
  );

const openPlan = async (page: Page, path: string) => {
  await page.goto(`${foyer.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
};

const quantityField = (page: Page) => page.getByRole('spinbutton', { name: 'Seats for every show' });
const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Checkout', exact: true });

/** Best seats for every show, proposed for each slot, then held at once. */
const holdBestForAllShows = async (page: Page, slots: number) => {
  await page.getByRole('button', { name: 'Find best seats for all shows' }).click();
  const proposal = page.getByRole('list', { name: 'Seats proposed for each show' });
  await proposal.waitFor();
  expect(await proposal.getByRole('listitem').count()).toBe(slots);
  await page.getByRole('button', { name: 'Hold these seats' }).click();
  await proposal.waitFor({ state: 'detached' });
};

/** Open seats with no accessibility type nor alert (package seats included), in map order. */
const openKeys = (p: Performance) =>
  p.inventory.MapSeats.filter(
    (s) => s.seatStatus === 'Open' && !s.ADAType && s.seatAlertId === undefined,
  ).map((s) => s.Key);

const fillCard = async (page: Page) => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

/** From the plan screen's Checkout: the plan's basket page, a delivery method, the payment page. */
const checkoutPlan = async (page: Page, planCode: string) => {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((b) => b.textContent === 'Checkout' && !b.disabled),
  );
  await checkoutButton(page).click();
  await page.waitForURL(
    (url) => url.pathname === '/checkout/basket' && url.searchParams.get('planCode') === planCode,
  );
  await page.locator(`.plan-basket[data-plan-code="${planCode}"]`).waitFor();
  const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
  await page.getByRole('radio', { name: /^Print at home/ }).check();
  expect((await chosen).status()).toBe(200);
  await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
  await page.screenshot({ path: `/tmp/foyer-plan-basket-${planCode}.png`, fullPage: true });
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/payment');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await fillDetails(page);
  await fillCard(page);
  await pay(page);
  return confirmationOf(page);
};

describe('buying plans in Chromium', { timeout: 180_000 }, () => {
  it('a three-show plan with the same quantity in each slot bought by card', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await openPlan(page, `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}?seatQty=2`);
    await expect(quantityField(page).inputValue()).resolves.toBe('2');
    // Nothing held: the rule is said, Checkout is off.
    await expect(checkoutButton(page).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/foyer-plan-screen.png', fullPage: true });

    await holdBestForAllShows(page, 3);
    for (const slot of ['A play', 'An epic', 'A comedy night'])
      await page
        .getByRole('region', { name: slot })
        .getByText(/^2 seats held: /)
        .waitFor();
    const view = await planBasket(page);
    expect(view.EventPlanCode).toBe(DEMO_SUBSCRIPTION_PLAN);
    expect(view.Slots.map((s) => s.Quantity)).toEqual([2, 2, 2]);
    expect(view.CanCheckout).toBe(true);
    await expect(checkoutButton(page).isDisabled()).resolves.toBe(false);
    await page.screenshot({ path: '/tmp/foyer-plan-screen-held.png', fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const order = await checkoutPlan(page, DEMO_SUBSCRIPTION_PLAN);
    expect(order.TicketItems).toHaveLength(6);
    expect(new Set(order.TicketItems.map((item) => item.EventID)).size).toBe(3);
    await page.screenshot({ path: '/tmp/foyer-plan-confirmation.png', fullPage: true });
    await page.context().close();
  });

  it('a paired plan: seats chosen on Part One’s map are held in both parts, then checkout', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await openPlan(page, `/tickets/pairedplans/${DEMO_PAIRED_PLAN}?seatQty=2`);
    await expect(quantityField(page).inputValue()).resolves.toBe('2');
    const winter = await upcomingDates(foyer.baseUrl, 'WINTER');

    // Part One's map, in plan mode for the paired plan.
    await page
      .getByRole('region', { name: 'Part One' })
      .getByRole('link', { name: /^Choose seats for / })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/tickets/series/'));
    const query = new URL(page.url()).searchParams;
    expect([query.get('planCode'), query.get('isPaired'), query.get('seatQty')]).toEqual([
      DEMO_PAIRED_PLAN,
      'true',
      '2',
    ]);
    const eventId = Number(new URL(page.url()).pathname.split('/').pop());
    const { Plan } = PlanCalendar.parse(
      await (await fetch(`${foyer.baseUrl}/api/events/eventplans/calendarseries/${DEMO_PAIRED_PLAN}`)).json(),
    );
    const partTwoId = Plan.slots[1]!.eventIds[0]!;
    const [p, partTwo] = await Promise.all(
      [eventId, partTwoId].map((id) =>
        performanceOf(
          foyer.baseUrl,
          winter.find((e) => e.ID === id)!,
        ),
      ),
    );
    await page.locator('[data-seats-drawn]').waitFor();
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    // Seats open in both parts: the pair is held in Part Two as well. The Winter Crossing's seats
    // are also sold as a package: each is taken for this part only.
    const openInTwo = new Set(openKeys(partTwo!));
    const seats = openKeys(p!)
      .filter((key) => openInTwo.has(key))
      .slice(0, 2);
    for (const [i, key] of seats.entries()) {
      await clickSeat(page, p!, key);
      if (p!.inventory.MapSeats.find((s) => s.Key === key)?.PossiblePackageIDs)
        await page
          .getByRole('dialog', { name: 'How would you like this seat?' })
          .getByRole('button', { name: /^This performance only/ })
          .click();
      await page.getByText(i === 0 ? '1 ticket' : '2 tickets', { exact: true }).waitFor();
    }
    await page.screenshot({ path: '/tmp/foyer-plan-paired-map.png', fullPage: true });
    await page.waitForFunction(
      () => !(document.querySelector('.footer-cart__continue') as HTMLButtonElement).disabled,
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    // Both parts hold the pair: straight back to the plan.
    await page.waitForURL(
      (url) => url.pathname.toLowerCase() === `/tickets/pairedplans/${DEMO_PAIRED_PLAN}`.toLowerCase(),
    );
    for (const part of ['Part One', 'Part Two'])
      await page
        .getByRole('region', { name: part })
        .getByText(/^2 seats held: /)
        .waitFor();
    const view = await planBasket(page);
    expect(view.Slots.map((s) => s.Quantity)).toEqual([2, 2]);
    expect(view.CanCheckout).toBe(true);
    await page.screenshot({ path: '/tmp/foyer-plan-paired.png', fullPage: true });

    const order = await checkoutPlan(page, DEMO_PAIRED_PLAN);
    expect(order.TicketItems).toHaveLength(4);
    await page.context().close();
  });

  it('asks before a new quantity releases the seats held: cancel keeps them, confirm clears the basket', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await openPlan(page, `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}?seatQty=2`);
    await holdBestForAllShows(page, 3);
    await page
      .getByRole('region', { name: 'A play' })
      .getByText(/^2 seats held: /)
      .waitFor();

    const field = quantityField(page);
    await field.fill('3');
    await field.press('Enter');
    const warning = page.getByRole('alertdialog', { name: 'Release the seats you hold?' });
    await warning
      .getByText('Changing the seat quantity from 2 to 3 releases the 6 seats held for this plan.')
      .waitFor();
    await page.screenshot({ path: '/tmp/foyer-plan-release.png', fullPage: true });
    await warning.getByRole('button', { name: 'Keep my seats' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect(field.inputValue()).resolves.toBe('2');
    expect((await planBasket(page)).Slots.map((s) => s.Quantity)).toEqual([2, 2, 2]);

    await field.fill('3');
    await field.press('Enter');
    await warning.getByRole('button', { name: 'Release seats' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect(field.inputValue()).resolves.toBe('3');
    await page.getByRole('region', { name: 'A play' }).getByText('No seats held yet.').waitFor();
    const view = await planBasket(page);
    expect(view.Slots.filter((s) => s.Quantity > 0)).toEqual([]);
    await expect(checkoutButton(page).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('a slot opened on its own comes first with its performances, the other slots collapsed under it', async () => {
    const { Plan } = PlanCalendar.parse(
      await (
        await fetch(`${foyer.baseUrl}/api/events/eventplans/calendarseries/${DEMO_SUBSCRIPTION_PLAN}`)
      ).json(),
    );
    const comedy = Plan.slots.find((s) => s.name === 'A comedy night')!;
    const page = await foyer.openPage({ bypassCSP: true });
    await openPlan(page, `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}/${comedy.id}?seatQty=3`);
    await expect(quantityField(page).inputValue()).resolves.toBe('3');
    const regions = page.locator('.plan-slot h2');
    await expect(regions.allInnerTexts()).resolves.toEqual(['A comedy night', 'A play', 'An epic']);
    const focused = page.getByRole('region', { name: 'A comedy night' });
    expect(await focused.locator('li[data-event-id]').count()).toBe(comedy.eventIds.length);
    const href = await focused
      .getByRole('link', { name: /^Choose seats for / })
      .first()
      .getAttribute('href');
    const query = new URLSearchParams(href!.split('?')[1]);
    expect([query.get('slotId'), query.get('seatQty')]).toEqual([String(comedy.id), '3']);

    const play = page.getByRole('region', { name: 'A play' });
    expect(await play.locator('li[data-event-id]').count()).toBe(0);
    await play.getByRole('button', { name: 'Show performances' }).click();
    await play.locator('li[data-event-id]').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("best available in plan mode holds the plan's quantity for the slot; the basket's Change seats goes back to the slot", async () => {
    const { Plan, Events } = PlanCalendar.parse(
      await (
        await fetch(`${foyer.baseUrl}/api/events/eventplans/calendarseries/${DEMO_SUBSCRIPTION_PLAN}`)
      ).json(),
    );
    const playSlot = Plan.slots.find((s) => s.name === 'A play')!;
    const play = Events.find(
      (e) => e.EventPlanSlotID === playSlot.id && e.IsOnSale && e.Availability !== 'SoldOut',
    )!;
    const page = await foyer.openPage({ bypassCSP: true });
    // The seat map in plan mode: "Let us choose" keeps the plan, the slot and the quantity.
    await page.goto(
      `${foyer.baseUrl}/tickets/series/${play.SeriesCode}/${play.EventID}?planCode=${DEMO_SUBSCRIPTION_PLAN}&slotId=${playSlot.id}&seatQty=2`,
    );
    const offer = page.getByRole('link', { name: 'Find the best available seats' });
    await offer.waitFor();
    const href = new URL((await offer.getAttribute('href'))!, foyer.baseUrl);
    expect(href.pathname).toBe(`/tickets/series/${play.SeriesCode}/${play.EventID}/bestAvailable`);
    expect([
      href.searchParams.get('planCode'),
      href.searchParams.get('slotId'),
      href.searchParams.get('seatQty'),
    ]).toEqual([DEMO_SUBSCRIPTION_PLAN, String(playSlot.id), '2']);
    await offer.click();

    // Best available asks for the plan's quantity and holds into the plan basket for the slot.
    await page.getByText('Choosing 2 seats for your plan.').waitFor();
    await page.screenshot({ path: '/tmp/foyer-plan-best-available.png', fullPage: true });
    const reserved = page.waitForResponse((r) =>
      r.url().endsWith('/api/eventinventory/eventplans/reserveBestAvailable'),
    );
    await page.getByRole('button', { name: 'Find seats' }).click();
    const asked = (await reserved).request().postDataJSON() as Record<string, unknown>;
    expect([asked.quantity, asked.events]).toEqual([
      2,
      [{ eventPlanSlotId: playSlot.id, eventId: play.EventID }],
    ]);
    await page.getByRole('heading', { name: 'Your seats' }).waitFor();
    let view = await planBasket(page);
    expect(view.EventPlanCode).toBe(DEMO_SUBSCRIPTION_PLAN);
    expect(view.Slots.map((s) => s.Quantity)).toEqual([2, 0, 0]);
    await page.screenshot({ path: '/tmp/foyer-plan-best-available-results.png', fullPage: true });
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}` &&
        url.searchParams.get('seatQty') === '2',
    );
    await page
      .getByRole('region', { name: 'A play' })
      .getByText(/^2 seats held: /)
      .waitFor();
    view = await planBasket(page);
    expect(view.Slots[0]!.EventID).toBe(play.EventID);

    // The basket's Change seats of the play goes back to the plan screen for its slot.
    await page.goto(`${foyer.baseUrl}/checkout/basket?planCode=${DEMO_SUBSCRIPTION_PLAN}`);
    const change = page.getByRole('link', { name: /^Change seats/ });
    await change.waitFor();
    expect(await change.getAttribute('href')).toBe(
      `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}/${playSlot.id}?seatQty=2`,
    );
    await page.screenshot({ path: '/tmp/foyer-plan-basket-change-seats.png', fullPage: true });
    await change.click();
    await page.waitForURL(
      (url) => url.pathname === `/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}/${playSlot.id}`,
    );
    await expect(page.locator('.plan-slot h2').first().innerText()).resolves.toBe('A play');
    await expect(quantityField(page).inputValue()).resolves.toBe('2');
    await page.context().close();
  });

  it('a clerk fills a slot on the staff seat map in plan mode, then the best seats for the shows still empty', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, `/admin/selltickets/plans/${DEMO_SUBSCRIPTION_PLAN}?seatQty=2`);
    await page.getByRole('heading', { level: 1, name: 'The Three-Show Season' }).waitFor();
    const play = page.getByRole('region', { name: 'A play' });
    const mapLink = play.getByRole('link', { name: /^Choose seats for / }).first();
    const href = new URL((await mapLink.getAttribute('href'))!, foyer.baseUrl);
    expect(href.pathname.startsWith('/admin/selltickets/seriestickets/')).toBe(true);
    expect([
      href.searchParams.get('planType'),
      href.searchParams.get('planCode'),
      href.searchParams.get('seatQty'),
    ]).toEqual(['plans', DEMO_SUBSCRIPTION_PLAN, '2']);
    await page.screenshot({ path: '/tmp/foyer-plan-staff-links.png', fullPage: true });
    await mapLink.click();

    // The staff seat map in plan mode: two seats, on to the plan basket, back to the plan screen.
    await page.waitForURL((url) => url.pathname.startsWith('/admin/selltickets/seriestickets/'));
    // The router may write the map's validated query back quoted (eventId="12"): read the link's.
    const eventId = Number(href.searchParams.get('eventId'));
    const event = await apiOf(foyer.baseUrl)(`/api/events/${eventId}`, Event);
    const p = await performanceOf(foyer.baseUrl, event);
    await page.locator('[data-seats-drawn]').waitFor({ timeout: 30_000 });
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    await page.getByRole('link', { name: 'Back to the plan' }).waitFor();
    await page.getByText('Choosing 2 seats for your plan.').waitFor();
    const seats = plainOpenSeats(p, 3).map((s) => s.Key);
    for (const key of seats.slice(0, 2)) await clickSeat(page, p, key);
    await page.getByText('2 tickets', { exact: true }).waitFor();
    // The plan's quantity is the map's limit: a third seat is refused.
    await clickSeat(page, p, seats[2]!);
    await page.getByText('You can choose up to 2 tickets.').first().waitFor();
    await page.getByText('2 tickets', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/foyer-plan-staff-map.png', fullPage: false });
    const cont = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => cont.isEnabled()).toBe(true);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/baskets/eventplans/additems'));
    await cont.click();
    const addedBody = (await (await added).request().postDataJSON()) as Record<string, unknown>;
    expect([addedBody.salesChannel, addedBody.eventId, addedBody.seatQty]).toEqual(['BoxOffice', eventId, 2]);
    await page.waitForURL(
      (url) =>
        url.pathname === `/admin/selltickets/plans/${DEMO_SUBSCRIPTION_PLAN}` &&
        url.searchParams.get('seatQty') === '2',
    );
    await play.getByText(/^2 seats held: /).waitFor();
    let view = await planBasket(page);
    expect(view.Slots.map((s) => s.Quantity)).toEqual([2, 0, 0]);
    expect(view.Slots[0]!.EventID).toBe(eventId);

    // The other two slots: the best seats for the shows still empty, the play's seats kept.
    await page.getByRole('button', { name: 'Find best seats for the shows still empty' }).click();
    const proposal = page.getByRole('list', { name: 'Seats proposed for each show' });
    await proposal.waitFor();
    expect(await proposal.getByRole('listitem').count()).toBe(2);
    await page.screenshot({ path: '/tmp/foyer-plan-staff-rest.png', fullPage: true });
    await page.getByRole('button', { name: 'Hold these seats' }).click();
    await proposal.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: 'A comedy night' })
      .getByText(/^2 seats held: /)
      .waitFor();
    view = await planBasket(page);
    expect(view.Slots.map((s) => s.Quantity)).toEqual([2, 2, 2]);
    expect(view.Slots[0]!.EventID).toBe(eventId);
    expect(view.CanCheckout).toBe(true);
    // Every slot held: nothing is left to find.
    expect(await page.getByRole('button', { name: /^Find best seats/ }).count()).toBe(0);
    await page.context().close();
  });

  it('the staff plan sell screen sells a plan at the counter', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER, `/admin/selltickets/plans/${DEMO_SUBSCRIPTION_PLAN}?seatQty=2`);
    await page.getByRole('heading', { level: 1, name: 'The Three-Show Season' }).waitFor();
    // The box office's figures of each performance.
    await page
      .getByText(/^\d+ sold, \d+ held, \d+ available$/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/foyer-plan-staff.png', fullPage: true });
    await holdBestForAllShows(page, 3);
    await page
      .getByRole('region', { name: 'A comedy night' })
      .getByText(/^2 seats held: /)
      .waitFor();
    await checkoutButton(page).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/admin/v2/checkout/basket' &&
        url.searchParams.get('planType') === 'plans' &&
        url.searchParams.get('seatQty') === '2',
    );
    await page.getByRole('heading', { level: 1, name: 'Basket' }).waitFor();
    // Hamlet's and the epic's two seats, the comedy night's one GA line of two.
    await page.locator('.basket-line').nth(4).waitFor();
    const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
    await page.getByRole('radio', { name: /^Box office collection/ }).check();
    expect((await chosen).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
    await toPayment(page);
    await fillBuyer(page);
    await page.getByRole('radio', { name: 'Cash' }).check();
    const take = page.getByRole('button', { name: /^Take \$/ });
    const amount = (await take.innerText()).replace(/^Take /, '');
    await page.getByLabel(/^Cash tendered/).fill(amount.replace(/[$,]/g, ''));
    await take.click();
    expect(await soldBanner(page)).toMatch(/^Order \S+ is paid\./);
    await page.context().close();
  });
});
