import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { insertEventOrders } from '../../test/event-orders.ts';
import { saleEventId } from '../../test/basket.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { ok, screenshots, signIn, SUPERVISOR } from './staff-session.ts';

// The door's screen in Chromium against the real server: a scanner types each code and Enter
// into the field that kept the focus; the panel says admit, already scanned (with the door),
// cancelled and wrong event, and the count of people in follows.

const shot = screenshots('/tmp/shots/checkin-');

describe('checking tickets in at the door', () => {
  let foyer: FoyerUnderTest;
  let db: Knex;
  let eventId: number;
  let otherEventId: number;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest();
    db = createDatabase(foyer.databaseUrl, { max: 2 });
    eventId = await saleEventId(db, 'HAMLET', 0);
    otherEventId = await saleEventId(db, 'HAMLET', 1);
  });

  afterAll(async () => {
    await db?.destroy();
    await foyer?.stop();
  });

  const barcodesOf = async (orderId: number): Promise<string[]> =>
    (await db('order_tickets').where({ order_id: orderId }).orderBy('id').select('barcode')).map(
      (t: { barcode: string }) => t.barcode,
    );

  /** Types like a USB scanner: the code and Enter into whatever has the focus. */
  const scanLikeAScanner = async (page: Page, code: string) => {
    const before = await page
      .getByTestId('checkin-last-scans')
      .locator('li')
      .count()
      .catch(() => 0);
    await page.keyboard.type(code, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="checkin-last-scans"] li').length > n,
      before,
    );
  };

  const result = async (page: Page) => {
    const panel = page.getByTestId('checkin-result');
    return { result: await panel.getAttribute('data-result'), text: await panel.innerText() };
  };

  it('admits a sold ticket once, then says already scanned at which door; refuses a cancelled one and another night', async () => {
    const [sold, toCancel] = await insertEventOrders(db, {
      eventId,
      orders: 2,
      ticketsPerOrder: 1,
      cash: () => true,
    });
    const [otherNight] = await insertEventOrders(db, {
      eventId: otherEventId,
      orders: 1,
      ticketsPerOrder: 1,
      cash: () => true,
    });
    const [soldCode] = await barcodesOf(sold!.orderId);
    const [cancelledCode] = await barcodesOf(toCancel!.orderId);
    const [otherCode] = await barcodesOf(otherNight!.orderId);
    const other = await db('events').where({ id: otherEventId }).first('name');

    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SUPERVISOR, `/admin/v2/event/${eventId}/checkin`);
    await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor();
    await page.getByTestId('checkin-count').waitFor();
    const countBefore = await page.getByTestId('checkin-count').innerText();
    const [, inBefore, soldCount] = /^(\d+) of (\d+) in$/.exec(countBefore)!;

    // The door's name, kept on this device: Enter in it hands the focus to the scan field.
    await page.getByLabel(/^Door/).fill('Main entrance');
    await page.getByLabel(/^Door/).press('Enter');
    await page.reload();
    await page.getByTestId('checkin-count').waitFor();
    expect(await page.getByLabel(/^Door/).inputValue()).toBe('Main entrance');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'checkin-scan',
    );
    expect(await result(page)).toMatchObject({ result: 'none' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shot(page, 'ready');

    await scanLikeAScanner(page, soldCode!);
    const admitted = await result(page);
    expect(admitted.result).toBe('admitted');
    expect(admitted.text).toMatch(/^Admit/);
    expect(admitted.text).toContain(`Order F${String(sold!.orderId).padStart(7, '0')}`);
    expect(admitted.text).toContain('Ada Buyer');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="checkin-count"]')?.textContent === want,
      `${Number(inBefore) + 1} of ${soldCount} in`,
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'checkin-scan',
    );
    await shot(page, 'admitted');

    await scanLikeAScanner(page, soldCode!);
    const again = await result(page);
    expect(again.result).toBe('alreadyScanned');
    expect(again.text).toMatch(/Already scanned/);
    expect(again.text).toMatch(/Went in at Main entrance, /);
    expect(await page.getByTestId('checkin-count').innerText()).toBe(
      `${Number(inBefore) + 1} of ${soldCount} in`,
    );
    await shot(page, 'already-scanned');

    // The supervisor cancels the other order's ticket at the counter; at the door it no longer counts.
    await ok(page, 'POST', `/api/admin/orders/${toCancel!.orderId}/cancel`, {
      TicketIds: null,
      Fee: 0,
      Refund: false,
    });
    await scanLikeAScanner(page, cancelledCode!);
    const cancelled = await result(page);
    expect(cancelled.result).toBe('cancelled');
    expect(cancelled.text).toMatch(/Cancelled ticket/);
    await shot(page, 'cancelled');

    await scanLikeAScanner(page, otherCode!);
    const wrong = await result(page);
    expect(wrong.result).toBe('wrongEvent');
    expect(wrong.text).toMatch(/Wrong event/);
    expect(wrong.text).toContain(`This ticket is for ${other.name}, `);
    await shot(page, 'wrong-event');

    await scanLikeAScanner(page, 'NOSUCHTICKET');
    expect(await result(page)).toMatchObject({ result: 'unknown' });

    const last = await page.getByTestId('checkin-last-scans').locator('li').allInnerTexts();
    expect(
      last.map((l) => l.split('\n').find((w) => /^(Admit|Already|Cancelled|Wrong|Unknown)/.test(w))),
    ).toEqual(['Unknown ticket', 'Wrong event', 'Cancelled ticket', 'Already scanned', 'Admit']);
    // No camera detector in this Chromium: the camera button is not offered.
    expect(await page.getByRole('button', { name: 'Use camera' }).count()).toBe(
      (await page.evaluate(() => 'BarcodeDetector' in window)) ? 1 : 0,
    );
    await shot(page, 'last-scans');
    await page.context().close();
  });
});
