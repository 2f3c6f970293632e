import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { performanceOf, seatPoint, upcomingDates, type Performance } from './seat-map-page.ts';
import type { Page } from 'playwright-core';
import { ok, screenshots, signIn, SUPERVISOR } from './staff-session.ts';

// The Holds page end to end, in Chromium against the real server: a supervisor selects a row
// from the lists and a rectangle on the map, holds the seats on Press, reads what was held and
// what was skipped (a seat in a customer's basket), sees the legend's count, and undoes it.

const shot = screenshots('/tmp/shots/holds-');

interface Row {
  readonly section: string;
  readonly row: string;
  readonly keys: string[];
}

/** The performance's rows (section, row) whose seats are all open, each with its keys in seat order. */
const openRows = (p: Performance) => {
  const status = new Map(p.inventory.MapSeats.map((s) => [s.Key, s.seatStatus]));
  const sections = p.svg.Sections.map((s) => s.Code).sort((a, b) => b.length - a.length);
  const rows = new Map<string, Row>();
  for (const seat of p.svg.Rows) {
    const section = sections.find((code) => seat.key.startsWith(`${code}-`));
    if (!section) continue;
    const row = seat.key.slice(section.length + 1, seat.key.lastIndexOf('-'));
    const id = `${section}|${row}`;
    const entry = rows.get(id) ?? { section, row, keys: [] };
    entry.keys.push(seat.key);
    rows.set(id, entry);
  }
  return [...rows.values()].filter(
    (r) => r.keys.length >= 4 && r.keys.every((k) => status.get(k) === 'Open'),
  );
};

/** Seats of the performance held on each subclass, as the box office sees them. */
const heldOn = async (page: Page, eventId: number, subclass: string) => {
  const inventory = (await ok(page, 'GET', `/api/admin/eventinventory/${eventId}/boxoffice`)) as {
    MapSeats: { Key: string; seatStatus: string; HoldSubclassName?: string }[];
  };
  return inventory.MapSeats.filter((s) => s.seatStatus === 'Hold' && s.HoldSubclassName === subclass).map(
    (s) => s.Key,
  );
};

describe('the Holds page in Chromium', () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  it('a supervisor holds a row and a rectangle on Press, hears the basket seat was skipped, and undoes', async () => {
    // A performance with two fully open rows in one section (the demo sells some performances well).
    const dates = await upcomingDates(foyer.baseUrl, 'HAMLET');
    let chosen: { p: Performance; first: Row; second: Row } | undefined;
    for (const date of dates.slice(2)) {
      const p = await performanceOf(foyer.baseUrl, date);
      const rows = openRows(p);
      const first = rows[0];
      const second = rows.find((r) => first && r.section === first.section && r.row !== first.row);
      if (first && second) {
        chosen = { p, first, second };
        break;
      }
    }
    if (!chosen) throw new Error('no HAMLET performance with two open rows');
    const { p, first, second } = chosen;
    const sectionName = p.svg.Sections.find((s) => s.Code === first.section)!.Name;

    // A customer has the row's third seat in a basket.
    const customer = await foyer.openPage();
    await customer.goto(`${foyer.baseUrl}/`);
    const inBasket = first.keys[2]!;
    await ok(customer, 'POST', '/api/baskets/additems', {
      eventId: p.event.ID,
      basketItems: [{ Key: inBasket }],
    });

    // bypassCSP: the accessibility scan injects axe-core.
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SUPERVISOR, `/admin/v2/event/${p.event.ID}/holds`);
    await page.getByRole('heading', { name: 'Holds', exact: true }).waitFor();
    await page.locator('img.seat-map__plan').waitFor();
    await shot(page, 'opened');
    const pressBefore = await heldOn(page, p.event.ID, 'Press');

    // A row from the lists.
    await page.getByLabel('Section', { exact: true }).selectOption({ label: sectionName });
    await page.getByLabel('Row', { exact: true }).selectOption({ label: first.row });
    await page.getByRole('button', { name: 'Select row' }).click();
    const count = page.getByRole('status').filter({ hasText: /selected$/ });
    await expect.poll(() => count.innerText()).toBe(`${first.keys.length} seats selected`);

    // A rectangle around two seats of another row, dragged on the map.
    await page.getByRole('button', { name: 'Select an area (drag)' }).click();
    // The whole map on screen, so the drag's points are in the viewport.
    await page.getByTestId('seat-selection-map').evaluate((map) => map.scrollIntoView({ block: 'start' }));
    const a = await seatPoint(page, p, second.keys[0]!);
    const b = await seatPoint(page, p, second.keys[1]!);
    await page.mouse.move(Math.min(a.x, b.x) - 3, Math.min(a.y, b.y) - 3);
    await page.mouse.down();
    await page.mouse.move(Math.max(a.x, b.x) + 3, Math.max(a.y, b.y) + 3, { steps: 5 });
    await page.mouse.up();
    const selectedNow = async () => Number((await count.innerText()).split(' ')[0]);
    await expect.poll(selectedNow).toBeGreaterThanOrEqual(first.keys.length + 2);
    const selected = await selectedNow();
    await shot(page, 'selected');

    await page.getByLabel('Hold subclass', { exact: true }).selectOption({ label: 'Press (House)' });
    await page.getByRole('button', { name: `Hold ${selected} seats` }).click();
    const result = page.getByTestId('holds-result');
    await expect
      .poll(() => result.innerText())
      .toBe(`Held ${selected - 1} seats on Press. Skipped 1: in a customer's basket.`);

    // The server holds what the page said; the basket seat stays in the basket.
    const pressAfter = await heldOn(page, p.event.ID, 'Press');
    expect(pressAfter.length).toBe(pressBefore.length + selected - 1);
    for (const key of [...first.keys.filter((k) => k !== inBasket), ...second.keys.slice(0, 2)])
      expect(pressAfter).toContain(key);
    expect(pressAfter).not.toContain(inBasket);
    await expect
      .poll(() =>
        page
          .getByTestId('holds-legend')
          .getByText(/^Press: /)
          .innerText(),
      )
      .toBe(`Press: ${pressAfter.length} seats`);
    await shot(page, 'held');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Undo the last change' }).click();
    await expect.poll(() => result.innerText()).toBe(`Undone: ${selected - 1} seats are back as they were.`);
    expect((await heldOn(page, p.event.ID, 'Press')).sort()).toEqual([...pressBefore].sort());
    await shot(page, 'undone');

    // The keyboard: Space takes the cursor seat, Shift+Right extends.
    await page.getByRole('button', { name: 'Select an area (drag)' }).click();
    await page.getByTestId('seat-selection-map').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => count.innerText()).toBe('2 seats selected');

    // A new subclass, then archived after the confirmation, its seats back to open.
    const add = page.getByRole('form', { name: 'Add a hold subclass' });
    await add.getByLabel('Name').fill('Board');
    await add.getByLabel('Hold class').selectOption({ label: 'House' });
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Archive Board' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Board?' });
    await confirm.getByLabel('Move its held seats to').selectOption({ label: 'Open (back on sale)' });
    await shot(page, 'archive');
    await confirm.getByRole('button', { name: 'Archive and move the seats' }).click();
    await page.getByRole('status').filter({ hasText: 'Board is archived.' }).waitFor();
    await page.getByRole('cell', { name: 'Board (archived)' }).waitFor();
    await customer.context().close();
    await page.context().close();
  }, 180_000);
});
