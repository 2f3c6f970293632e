import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import {
  DEMO_PAIRED_PLAN,
  DEMO_SUBSCRIPTION_PLAN,
  insertDemoPlans,
} from '../../adapters/postgres/demo/plans.ts';
import { confirmationOf, fillDetails, pay } from './checkout-page.ts';
import { desktop, startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';

// The Winter Crossing pass (adapters/postgres/demo/plans.ts, "Part One and Part Two in the same
// seats") bought in Chromium at a desktop and a phone size: a new quantity typed, the best seats
// found with a single click, held and paid; the order's two parts hold the same seats, in the
// database. And the season's first click after its quantity changes. Screenshots in /tmp.

const phone = { width: 390, height: 844 };

let foyer: FoyerUnderTest;

beforeAll(async () => {
  foyer = await startFoyerUnderTest();
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

const quantityField = (page: Page) => page.getByRole('spinbutton', { name: 'Seats for every show' });
const proposalList = (page: Page) => page.getByRole('list', { name: 'Seats proposed for each show' });

/**
 * Types a new quantity (not committed: the field still has focus) and clicks "Find best seats"
 * once: the click itself must send the search, at the new quantity, and show its answer.
 */
const typeQuantityAndFindOnce = async (page: Page, quantity: number) => {
  const field = quantityField(page);
  await field.fill(String(quantity));
  const searched = page.waitForResponse(
    (r) =>
      r.url().includes('/api/eventinventory/eventplans/bestavailable') &&
      new URL(r.url()).searchParams.get('quantity') === String(quantity),
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Find best seats for all shows' }).click();
  expect((await searched).status()).toBe(200);
  await proposalList(page).waitFor();
  await expect(field.inputValue()).resolves.toBe(String(quantity));
};

const fillCard = async (page: Page) => {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('');
  await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
};

/** Each part's seat keys in the order, as the database has them. */
const orderSeats = async (orderId: number) => {
  const db = createDatabase(foyer.databaseUrl, { max: 1 });
  try {
    const rows: { key: string; name: string; position: number }[] = await db('order_tickets as t')
      .join('event_plan_slots as s', 's.id', 't.event_plan_slot_id')
      .where('t.order_id', orderId)
      .orderBy([{ column: 's.position' }, { column: 't.key' }])
      .select('t.key', 's.name', 's.position');
    const parts = new Map<string, string[]>();
    for (const r of rows) parts.set(r.name, [...(parts.get(r.name) ?? []), r.key]);
    return parts;
  } finally {
    await db.destroy();
  }
};

describe('the paired plan in Chromium', { timeout: 240_000 }, () => {
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const)
    it(`at ${size} size: 2 seats, best seats in one click, paid, both parts in the same seats`, async () => {
      const shot = (step: string) =>
        page.screenshot({ path: `/tmp/foyer-paired-${size}-${step}.png`, fullPage: true });
      const page = await foyer.openPage({ bypassCSP: true, viewport });
      await page.goto(`${foyer.baseUrl}/tickets/pairedplans/${DEMO_PAIRED_PLAN}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The pass starts at its minimum, one seat.
      await expect(quantityField(page).inputValue()).resolves.toBe('1');
      await shot('1-plan');

      await typeQuantityAndFindOnce(page, 2);
      const lines = proposalList(page).getByRole('listitem');
      expect(await lines.count()).toBe(2);
      const [one, two] = await Promise.all([0, 1].map((i) => lines.nth(i).locator('span').innerText()));
      // The same seats, said with the section's name: "Stalls, row O, seats 13–14".
      expect(two).toBe(one);
      expect(one).toMatch(/^[A-Z][a-z].*, row \w+, seats \d+–\d+$/);
      expect(one).not.toMatch(/STALLS|DRESS|UPPER|Section/);
      await shot('2-proposal');

      await page.getByRole('button', { name: 'Hold these seats' }).click();
      await proposalList(page).waitFor({ state: 'detached' });
      for (const part of ['Part One', 'Part Two'])
        await page
          .getByRole('region', { name: part })
          .getByText(/^2 seats held: /)
          .waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('button')].some((b) => b.textContent === 'Checkout' && !b.disabled),
      );
      await shot('3-held');

      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/basket');
      await page.locator(`.plan-basket[data-plan-code="${DEMO_PAIRED_PLAN}"]`).waitFor();
      const chosen = page.waitForResponse((r) => r.url().includes('/api/baskets/changedeliverymethod/'));
      await page.getByRole('radio', { name: /^Print at home/ }).check();
      expect((await chosen).status()).toBe(200);
      await page.waitForFunction(() => !document.querySelector('.basket-updating--on'));
      await shot('4-basket');
      await page.getByRole('button', { name: /^Checkout/ }).click();
      await page.waitForURL((url) => url.pathname === '/checkout/payment');
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await fillDetails(page);
      await fillCard(page);
      await shot('5-payment');
      await pay(page);
      const order = await confirmationOf(page);
      await shot('6-confirmation');

      const seats = await orderSeats(order.ID);
      expect([...seats.keys()]).toEqual(['Part One', 'Part Two']);
      expect(seats.get('Part One')).toHaveLength(2);
      expect(seats.get('Part Two')).toEqual(seats.get('Part One'));
      await page.context().close();
    });

  it('the season: the first click after the quantity goes from 2 to 3 finds seats for every show', async () => {
    const page = await foyer.openPage({ bypassCSP: true, viewport: phone });
    await page.goto(`${foyer.baseUrl}/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(quantityField(page).inputValue()).resolves.toBe('2');
    await typeQuantityAndFindOnce(page, 3);
    const lines = proposalList(page).getByRole('listitem');
    expect(await lines.count()).toBe(3);
    // Seats by row and standing places by section, each section by its name.
    for (let i = 0; i < 3; i++)
      expect(await lines.nth(i).locator('span').innerText()).toMatch(
        /^(.+, row \w+, seats .+|3 places in [A-Z][a-z].*)$/,
      );
    await page.screenshot({ path: '/tmp/foyer-season-quantity-click.png', fullPage: true });
    await page.context().close();
  });
});
