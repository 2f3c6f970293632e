import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import path from 'node:path';
import { startFoyer } from '../../server/start.ts';
import { createTestDatabase } from '../../test/database.ts';
import { ensureBuiltStorefront } from '../../scripts/built-storefront.ts';
import { launchChromium } from './chromium.ts';

// The built storefront, the real server and a fresh demo database, driven in Chromium.

export const root = path.resolve(import.meta.dirname, '../..');
export const desktop = { width: 1280, height: 900 };
export const mobile = { width: 375, height: 812 };

export interface FoyerUnderTest {
  readonly baseUrl: string;
  readonly databaseUrl: string;
  readonly browser: Browser;
  /** A new page in a fresh context: en-US, far from the venues' time zones. */
  openPage(options?: BrowserContextOptions): Promise<Page>;
  stop(): Promise<void>;
}

/** `env` adds settings for this server (BASKET_HOLD_MINUTES: '0.1' holds baskets 6 s). */
export const startFoyerUnderTest = async (
  options: { env?: Record<string, string> } = {},
): Promise<FoyerUnderTest> => {
  ensureBuiltStorefront(root);
  const db = await createTestDatabase();
  const app = await startFoyer({
    env: { DATABASE_URL: db.url, WORKERS: 'false', ...options.env },
    port: 0,
    quiet: true,
  }).catch(async (error: unknown) => {
    await db.drop();
    throw error;
  });
  const browser = await launchChromium();
  return {
    baseUrl: app.url,
    databaseUrl: db.url,
    browser,
    openPage: async (options = {}) => {
      const context = await browser.newContext({
        viewport: desktop,
        locale: 'en-US',
        timezoneId: 'Asia/Tokyo',
        ...options,
      });
      return context.newPage();
    },
    stop: async () => {
      await browser.close();
      await app.stop();
      await db.drop();
    },
  };
};
