import type { Page } from 'playwright-core';
import type { z } from 'zod';
import { EventList, SvgData, type Event } from '../../adapters/http/contract/catalogue.ts';
import { EventInventory, Pricing } from '../../adapters/http/contract/inventory.ts';

// Driving a seat map in Chromium: which performance, which seats, and where they are on screen.

export interface Performance {
  event: Event;
  svg: z.output<typeof SvgData>;
  inventory: z.output<typeof EventInventory>;
  pricing: z.output<typeof Pricing>;
}

export const apiOf =
  (baseUrl: string) =>
  async <S extends z.ZodType>(pathAndQuery: string, schema: S): Promise<z.output<S>> =>
    schema.parse(await (await fetch(`${baseUrl}${pathAndQuery}`)).json());

/** The series' performances that have not started (a minute's margin). */
export const upcomingDates = async (baseUrl: string, code: string): Promise<Event[]> =>
  (await apiOf(baseUrl)(`/api/events?SeriesCode=${code}&Limit=100`, EventList)).Items.filter(
    (e) => Date.parse(e.StartsAtUtc) > Date.now() + 60_000,
  );

export const performanceOf = async (baseUrl: string, event: Event): Promise<Performance> => {
  const api = apiOf(baseUrl);
  return {
    event,
    svg: await api(`/api/svg/svgdata/${event.VenueConfigurationID}`, SvgData),
    inventory: await api(`/api/eventinventory/${event.ID}`, EventInventory),
    pricing: await api(`/api/eventinventory/pricing/${event.ID}/consumer`, Pricing),
  };
};

/** A seat's status now, from the server. */
export const seatStatusOf = async (
  baseUrl: string,
  eventId: number,
  key: string,
): Promise<string | undefined> =>
  (await apiOf(baseUrl)(`/api/eventinventory/${eventId}`, EventInventory)).MapSeats.find((s) => s.Key === key)
    ?.seatStatus;

/** Plain open seats (not accessible, no alert, no package), spread over the house. */
export const plainOpenSeats = (p: Performance, count: number) => {
  const plain = p.inventory.MapSeats.filter(
    (s) => s.seatStatus === 'Open' && !s.ADAType && s.seatAlertId === undefined && !s.PossiblePackageIDs,
  );
  const step = Math.max(1, Math.floor(plain.length / count));
  return Array.from({ length: count }, (_, i) => plain[i * step]!);
};

/** 'Upper Circle, row F, seat 12', as the storefront names a seat. */
export const seatName = (p: Performance, key: string) => {
  const [section, row, seat] = key.split('-');
  const name = p.svg.Sections.find((s) => s.Code === section)?.Name;
  return `${name}, row ${row}, seat ${seat}`;
};

export const seatMapPath = (p: Performance) => `/tickets/series/${p.event.EventTemplateCode}/${p.event.ID}`;

/** Opens the performance's seat map and waits for every seat to be drawn. */
export const openSeatMap = async (page: Page, baseUrl: string, p: Performance) => {
  await page.goto(`${baseUrl}${seatMapPath(p)}`);
  await page.locator('[data-seats-drawn]').waitFor();
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
};

/** Where a seat is on screen: the floor plan image covers the plan exactly. */
export const seatPoint = async (page: Page, p: Performance, key: string) => {
  await page.evaluate(() => document.querySelector('.seat-map__frame')?.scrollIntoView({ block: 'start' }));
  const image = page.locator('img.seat-map__plan');
  await image.waitFor();
  const plan = await image.boundingBox();
  if (!plan) throw new Error('the floor plan is not on screen');
  const row = p.svg.Rows.find((r) => r.key === key)!;
  return {
    x: plan.x + (row.x / p.svg.Width) * plan.width,
    y: plan.y + (row.y / p.svg.Height) * plan.height,
  };
};

export const clickSeat = async (page: Page, p: Performance, key: string) => {
  const point = await seatPoint(page, p, key);
  await page.mouse.click(point.x, point.y);
};

/** The status the map's tooltip gives a seat ('Available', 'Unavailable', ...), read by hovering it. */
export const shownSeatStatus = async (page: Page, p: Performance, key: string): Promise<string> => {
  const point = await seatPoint(page, p, key);
  await page.mouse.move(1, 1);
  await page.mouse.move(point.x, point.y);
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  return tooltip.locator('.seat-details__status').innerText();
};
