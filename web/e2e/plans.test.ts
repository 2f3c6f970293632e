import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanCalendar } from '../../adapters/http/contract/plans.ts';
import { createDatabase } from '../../adapters/postgres/database.ts';
import {
  DEMO_PAIRED_PLAN,
  DEMO_SUBSCRIPTION_PLAN,
  insertDemoPlans,
} from '../../adapters/postgres/demo/plans.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';

// The plan screens in Chromium against the real server and the demo plans
// (adapters/postgres/demo/plans.ts): the season's slots and its same seat quantity, clamped to
// the plan's 2 to 6 with the product's sentence, typed or read from the URL's seatQty; the
// Winter Crossing pass's two parts side by side.

const LIMITS = 'Minimum guest quantity is 2 and maximum guest quantity is 6.';

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

const season = async () =>
  PlanCalendar.parse(
    await (
      await fetch(`${foyer.baseUrl}/api/events/eventplans/calendarseries/${DEMO_SUBSCRIPTION_PLAN}`)
    ).json(),
  );

// bypassCSP: axe-core is injected as an inline script (axe.ts).
const openPlan = async (path: string): Promise<Page> => {
  const page = await foyer.openPage({ bypassCSP: true });
  await page.goto(`${foyer.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
};

const quantityField = (page: Page) => page.getByRole('spinbutton', { name: 'Seats for every show' });

describe('the season plan', () => {
  it('lists each slot with its performances, starting at the plan minimum', async () => {
    const { Plan, Events } = await season();
    const page = await openPlan(`/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(Plan.displayName);
    for (const slot of Plan.slots) {
      const section = page.getByRole('region', { name: slot.name });
      await section.waitFor();
      const rows = section.locator('li[data-event-id]');
      expect(
        await rows.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-event-id')))),
      ).toEqual(Events.filter((e) => e.EventPlanSlotID === slot.id).map((e) => e.EventID));
    }
    await expect(quantityField(page).inputValue()).resolves.toBe('2');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('clamps a typed quantity beyond the limits and says them; a quantity within them is taken as is', async () => {
    const page = await openPlan(`/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}`);
    const field = quantityField(page);
    await field.fill('9');
    await field.press('Enter');
    await page.getByRole('alert').filter({ hasText: LIMITS }).waitFor();
    await expect(field.inputValue()).resolves.toBe('6');
    await page.screenshot({
      path: '/tmp/foyer-plan-quantity.png',
      clip: { x: 0, y: 0, width: 1280, height: 520 },
    });

    await field.fill('1');
    await field.press('Tab');
    await page.waitForFunction(
      (label) => document.querySelector<HTMLInputElement>('input[name="seatQty"]')?.value === label,
      '2',
    );
    await expect(page.getByRole('alert').textContent()).resolves.toBe(LIMITS);

    await field.fill('3');
    await field.press('Enter');
    await page.getByRole('alert').waitFor({ state: 'detached' });
    await expect(field.inputValue()).resolves.toBe('3');
    // Each performance's seats are chosen on its seat map, at the plan's quantity.
    const href = await page
      .getByRole('link', { name: /^Choose seats for / })
      .first()
      .getAttribute('href');
    expect(href).toMatch(/^\/tickets\/series\/[^/]+\/\d+\?/);
    const query = new URLSearchParams(href!.split('?')[1]);
    expect([query.get('planCode'), query.get('seatQty')]).toEqual([DEMO_SUBSCRIPTION_PLAN, '3']);
    await page.context().close();
  });

  it('reads seatQty from the URL, clamping it with the message', async () => {
    for (const [seatQty, shown, message] of [
      ['4', '4', null],
      ['20', '6', LIMITS],
      ['1', '2', LIMITS],
      ['lots', '2', null],
    ] as const) {
      const page = await openPlan(`/tickets/plans/${DEMO_SUBSCRIPTION_PLAN}?seatQty=${seatQty}`);
      await quantityField(page).waitFor();
      await expect(quantityField(page).inputValue(), seatQty).resolves.toBe(shown);
      if (message === null) expect(await page.getByRole('alert').count(), seatQty).toBe(0);
      else await expect(page.getByRole('alert').textContent(), seatQty).resolves.toBe(message);
      await page.context().close();
    }
  });

  it('an unknown plan says so', async () => {
    const page = await openPlan('/tickets/plans/NO-SUCH-PLAN');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'This plan was not found',
    );
    await page.context().close();
  });
});

describe('the paired plan', () => {
  it("shows the two parts side by side, opened by the plan's code or its series' code", async () => {
    for (const code of [DEMO_PAIRED_PLAN, 'WINTER']) {
      const page = await openPlan(`/tickets/pairedplans/${code}`);
      const one = page.getByRole('region', { name: 'Part One' });
      const two = page.getByRole('region', { name: 'Part Two' });
      await two.waitFor();
      const [a, b] = [await one.boundingBox(), await two.boundingBox()];
      expect(a!.y, code).toBe(b!.y);
      expect(a!.x + a!.width, code).toBeLessThanOrEqual(b!.x);
      await expect(quantityField(page).inputValue()).resolves.toBe('1');
      await page.context().close();
    }
  });
});
