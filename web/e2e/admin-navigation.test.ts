import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringsFor } from '../../core/i18n/strings/index.ts';
import { adminAreasOf } from '../src/features/staff/admin-areas.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { ADMIN, SELLER, signIn } from './staff-session.ts';

// The admin header's navigation in Chromium: every area the admin home lists for the role
// (web/src/features/staff/admin-areas.ts), on one line at 1280 px, scrolling sideways at 390 px
// with the current area in view; and the admin pages show the admin header alone, without the
// storefront's (its basket and a second sign-out). Screenshots in /tmp/shots/admin-nav-*.png.

const admin = stringsFor('admin', 'en');
const wide = { width: 1280, height: 800 };
const narrow = { width: 390, height: 844 };

/** The navigation's links as the clerk reads them. */
const navWords = (page: Page) => page.locator('.admin-nav a').allInnerTexts();

/** Where the current area's link sits against the navigation's visible box. */
const currentInView = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('.admin-nav')!;
    const current = nav.querySelector<HTMLElement>('a[aria-current="page"]')!;
    const box = nav.getBoundingClientRect();
    const link = current.getBoundingClientRect();
    return {
      text: current.innerText,
      inView: link.left >= box.left - 1 && link.right <= box.right + 1,
      scrolls: nav.scrollWidth > nav.clientWidth,
    };
  });

describe('the admin navigation in Chromium', { timeout: 120_000 }, () => {
  let foyer: FoyerUnderTest;

  beforeAll(async () => {
    await mkdir('/tmp/shots', { recursive: true });
    foyer = await startFoyerUnderTest();
  });

  afterAll(async () => {
    await foyer?.stop();
  });

  for (const who of [
    { name: 'Seller', email: SELLER, role: 'Seller', last: '/admin/v2/payment-requests' },
    { name: 'Admin', email: ADMIN, role: 'Admin', last: '/admin/v2/till' },
  ] as const) {
    it(`lists every area a ${who.name} may use, on one line at 1280 px, under the admin header alone`, async () => {
      const page = await foyer.openPage({ bypassCSP: true, viewport: wide });
      await signIn(foyer, page, who.email, '/admin');
      await page.locator('.admin-nav').waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: `/tmp/shots/admin-nav-${who.role.toLowerCase()}-1280.png` });
      const expected = [
        'Home',
        ...adminAreasOf(who.role).map((area) => admin[area.navKey as keyof typeof admin]),
      ];
      expect(await navWords(page)).toEqual(expected);
      if (who.role === 'Admin') {
        expect(expected).toContain('Templates');
        expect(expected).toContain('Venues');
      }
      // One line: every link on the same row, nothing hidden past the edge.
      const tops = await page
        .locator('.admin-nav a')
        .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      expect(await page.locator('.admin-nav').evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(
        true,
      );
      // Who is signed in and the actions share the line above the areas.
      const [person, actions] = await Promise.all(
        ['.admin-header__who', '.admin-header__actions'].map((part) => page.locator(part).boundingBox()),
      );
      expect(person!.y).toBeLessThan(actions!.y + actions!.height);
      expect(actions!.y).toBeLessThan(person!.y + person!.height);
      expect((await page.locator('.admin-nav').boundingBox())!.y).toBeGreaterThanOrEqual(
        actions!.y + actions!.height,
      );
      // The admin header alone: one Sign out, no storefront basket.
      expect(await page.locator('.site-header').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(await page.locator('a[href="/checkout/basket"]').count()).toBe(0);
      await page.context().close();
    });

    it(`scrolls a ${who.name}'s areas sideways at 390 px with the current one in view`, async () => {
      const page = await foyer.openPage({ bypassCSP: true, viewport: narrow });
      await signIn(foyer, page, who.email, who.last);
      await page.locator('.admin-nav a[aria-current="page"]').waitFor();
      const where = await currentInView(page);
      expect(where.scrolls).toBe(true);
      expect(where.inView).toBe(true);
      expect(where.text).toBe(
        admin[adminAreasOf(who.role).find((area) => area.to === who.last)!.navKey as keyof typeof admin],
      );
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: `/tmp/shots/admin-nav-${who.role.toLowerCase()}-390.png` });
      expect(await page.locator('.site-header').count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
