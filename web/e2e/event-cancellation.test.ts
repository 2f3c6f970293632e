import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../adapters/postgres/database.ts';
import { insertEventOrders } from '../../test/event-orders.ts';
import { saleEventId } from '../../test/basket.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { ADMIN, SELLER, signIn } from './staff-session.ts';

// An admin cancels an event in Chromium against the real server with its workers: the page says
// what will happen, the button waits for the event's name typed in full, then the progress bar
// follows the job until every order is done and refunded.

describe('the event cancellation page', () => {
  let foyer: FoyerUnderTest;
  let db: Knex;
  let eventId: number;
  let eventName: string;

  beforeAll(async () => {
    foyer = await startFoyerUnderTest({ env: { WORKERS: 'true' } });
    db = createDatabase(foyer.databaseUrl, { max: 2 });
    eventId = await saleEventId(db, 'HAMLET', 0);
    eventName = (await db('events').where({ id: eventId }).first('name')).name;
    await insertEventOrders(db, { eventId, orders: 12, cash: (i) => i % 4 === 0 });
  });

  afterAll(async () => {
    await db?.destroy();
    await foyer?.stop();
  });

  it('cancels the event once its name is typed, and shows the run to the end', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, ADMIN);
    await page.goto(`${foyer.baseUrl}/admin/v2/event/${eventId}/cancel`);
    await page.getByRole('heading', { name: 'Cancel event', level: 1 }).waitFor();
    const preview = page.getByTestId('event-cancel-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toMatch(/Orders: 12; tickets: 24; paid by those orders: \$660\.00\./);
    // The performance on its venue's clock with the zone in words, never the browser's zone.
    expect(await page.getByTestId('event-cancel-event').innerText()).toMatch(
      /\(\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M, (New York|London) time\)$/,
    );

    const submit = page.getByTestId('event-cancel-submit');
    await page.getByTestId('event-cancel-fee').fill('1.5');
    await page.getByTestId('event-cancel-name').fill(eventName.slice(0, -1));
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('event-cancel-name').fill(eventName);
    expect(await submit.isEnabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await submit.click();

    await page.getByTestId('event-cancel-progress').waitFor();
    await page.getByTestId('event-cancel-finished').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('event-cancel-done').innerText()).toBe('12 of 12 orders done');
    expect(await page.getByTestId('event-cancel-failed').innerText()).toBe('0 failed');
    await page.screenshot({ path: '/tmp/foyer-event-cancel.png', fullPage: true });

    const refunds = await db('refunds').whereNotNull('cancellation_run_id').where({ status: 'succeeded' });
    expect(refunds.map((r) => r.amount)).toEqual(Array(12).fill(5_500 - 150));
    expect((await db('events').where({ id: eventId }).first('status')).status).toBe('Cancelled');

    // Opened again later: the finished run, not the form.
    await page.reload();
    await page.getByTestId('event-cancel-finished').waitFor();
    expect(await page.getByTestId('event-cancel-name').count()).toBe(0);
    await page.context().close();
  });

  it('refuses a seller: the page is not allowed', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, SELLER);
    await page.goto(`${foyer.baseUrl}/admin/v2/event/${eventId}/cancel`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(await page.getByTestId('event-cancel-submit').count()).toBe(0);
    await page.context().close();
  });
});
