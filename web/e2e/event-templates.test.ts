import { mkdirSync } from 'node:fs';
import knex, { type Knex } from 'knex';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTemplateView } from '../../adapters/http/contract/event-templates.ts';
import { hashPassword } from '../../adapters/crypto/password.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { startFoyerUnderTest, type FoyerUnderTest } from './foyer-under-test.ts';
import { api, screenshots, signIn, STAFF_PASSWORD } from './staff-session.ts';

// Event templates end to end, in Chromium against the real server: an event admin finds the area
// on the admin home, is told what is missing, creates a template with English and French words,
// a seat map, an image and its own e-mail text, previews the e-mail in French, copies it, and a
// second save from a stale form is refused on screen without overwriting the first.

const EVENT_ADMIN = 'eventadmin@foyer.local';
const shot = screenshots('/tmp/shots/event-templates-');

describe('event templates in Chromium', () => {
  let foyer: FoyerUnderTest;
  let db: Knex;

  beforeAll(async () => {
    mkdirSync('/tmp/shots', { recursive: true });
    foyer = await startFoyerUnderTest();
    db = knex({ client: 'pg', connection: foyer.databaseUrl, pool: { min: 0, max: 2 } });
    await db('staff_users').insert({
      email: EVENT_ADMIN,
      name: 'Eve Events',
      role: 'EventAdmin',
      password_hash: await hashPassword(STAFF_PASSWORD),
    });
  });

  afterAll(async () => {
    await db?.destroy();
    await foyer?.stop();
  });

  const templateOf = async (page: Page, id: number) =>
    EventTemplateView.parse((await api(page, 'GET', `/api/admin/eventtemplates/${id}`)).body);

  it('create with two languages, seat map, image and e-mail text; preview; copy; a stale save refused', async () => {
    const page = await foyer.openPage({ bypassCSP: true });
    await signIn(foyer, page, EVENT_ADMIN, '/admin');
    await page.getByRole('link', { name: /^Event templates/ }).click();
    await page.getByRole('heading', { name: 'Event templates', exact: true }).waitFor();
    await page.getByRole('link', { name: 'HAMLET', exact: true }).waitFor();
    await page.getByLabel('Filter by code, name or venue').fill('winter');
    await expect.poll(() => page.getByTestId('event-template-row').count()).toBe(1);
    await page.getByLabel('Filter by code, name or venue').fill('');
    await shot(page, 'list');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New event template' }).waitFor();
    // Nothing filled: every missing field is named, and the cursor goes to the first.
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('Please correct the following:').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('et-code');
    await shot(page, 'new-errors');

    await page.getByLabel('Code', { exact: true }).fill('gala26');
    await page.getByLabel('Internal name', { exact: true }).fill('Winter gala 2026');
    await page.getByLabel('Display name', { exact: true }).fill('The Winter Gala');
    await page.getByLabel('Description', { exact: true }).fill('An evening of music by candlelight.');
    await page.getByLabel('Text in the confirmation e-mail').fill('Doors open at 7pm. Dress warmly.');
    await page.getByRole('tab', { name: 'Français' }).click();
    await page.getByLabel('Display name', { exact: true }).fill("Le Gala d'hiver");
    await page.getByLabel('Description', { exact: true }).fill('Une soirée musicale aux chandelles.');
    await page
      .getByLabel('Text in the confirmation e-mail')
      .fill('Ouverture des portes à 19 h. Couvrez-vous bien.');
    const venue = page.getByLabel('Venue', { exact: true });
    const venueValue = await venue.locator('option').nth(1).getAttribute('value');
    await venue.selectOption(venueValue!);
    const seatMap = page.getByLabel('Seat map', { exact: true });
    const seatMapValue = await seatMap.locator('option').nth(1).getAttribute('value');
    await seatMap.selectOption(seatMapValue!);
    await page.getByLabel('Ticket limit per order').fill('8');
    await page.getByLabel('Hide fees until checkout').check();
    await shot(page, 'new');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL((url) => /\/admin\/v2\/event-templates\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Edit GALA26' }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await templateOf(page, id);
    expect(created).toMatchObject({ Code: 'GALA26', OrderTicketLimit: 8, HideFeesUntilCheckout: true });
    expect(created.VenueConfigurationId).toBe(Number(seatMapValue));
    expect(created.Texts.fr).toMatchObject({ DisplayName: "Le Gala d'hiver" });

    // The image: resized and shown.
    const png = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#2a4d7a' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'gala.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload image' }).click();
    await page.getByText('Image uploaded.').waitFor();
    const image = page.getByTestId('template-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

    // The e-mail in French, as a buyer gets it.
    await page.getByLabel('Language of the preview').selectOption('fr');
    await page.getByRole('button', { name: 'Preview e-mail' }).click();
    const preview = page.frameLocator('[data-testid="email-preview"]');
    await preview.getByText('Ouverture des portes à 19 h. Couvrez-vous bien.').waitFor();
    await shot(page, 'edit');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A second admin saves first; the first admin's save from the older form is refused.
    const other = await foyer.openPage();
    await signIn(foyer, other, EVENT_ADMIN, `/admin/v2/event-templates/${id}`);
    await other.getByRole('heading', { name: 'Edit GALA26' }).waitFor();
    await other.getByLabel('Internal name', { exact: true }).fill('Saved by the other admin');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await other.getByText('Saved.', { exact: true }).waitFor();

    await page.getByLabel('Internal name', { exact: true }).fill('Saved from a stale form');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const stale = page.getByTestId('stale-save');
    await stale.getByText(/^Someone else saved this template since you opened it/).waitFor();
    expect((await templateOf(page, id)).Name).toBe('Saved by the other admin');
    await shot(page, 'stale');

    // The copy: a new template with the words, opened at once.
    await other.getByLabel('Code of the copy').fill('gala27');
    await other.getByLabel('Internal name of the copy').fill('Winter gala 2027');
    await other.getByLabel('Display name of the copy (English)').fill('The Winter Gala 2027');
    await other.getByRole('button', { name: 'Make the copy' }).click();
    await other.getByRole('heading', { name: 'Edit GALA27' }).waitFor();
    const copyId = Number(new URL(other.url()).pathname.split('/').pop());
    const copy = await templateOf(other, copyId);
    expect(copy.Texts.fr).toMatchObject({ DisplayName: "Le Gala d'hiver" });
    expect(copy.Texts.en).toMatchObject({
      DisplayName: 'The Winter Gala 2027',
      ConfirmationEmailText: 'Doors open at 7pm. Dress warmly.',
    });
    expect(copy.ImageUrl).toBe((await templateOf(other, id)).ImageUrl);
    await shot(other, 'copy');

    // The seat map: a second one for HAMLET's venue; choosing it says, before saving, that the
    // performances already made keep theirs, and saving leaves them on theirs.
    const hamlet = (await db('event_templates').where({ code: 'HAMLET' }).first()) as {
      id: number;
      venue_configuration_id: number;
    };
    const [concert] = (
      await db.raw(
        `insert into venue_configurations (venue_id, name, svg, width, height, focal_x, focal_y)
       select venue_id, 'Concert layout', svg, width, height, focal_x, focal_y
         from venue_configurations where id = ? returning id`,
        [hamlet.venue_configuration_id],
      )
    ).rows as { id: number }[];
    const before = await db('events')
      .where({ event_template_id: hamlet.id })
      .orderBy('id')
      .pluck('venue_configuration_id');
    await other.goto(`${foyer.baseUrl}/admin/v2/event-templates/${hamlet.id}`);
    await other.getByRole('heading', { name: 'Edit HAMLET' }).waitFor();
    await other.getByLabel('Seat map', { exact: true }).selectOption(String(concert!.id));
    await other
      .getByTestId('configuration-change')
      .getByText(
        /^Performances already created keep their own seat map\. Only performances added from now on will use .*Concert layout/,
      )
      .waitFor();
    await shot(other, 'seat-map-change');
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await other.getByText('Saved.', { exact: true }).waitFor();
    expect((await templateOf(other, hamlet.id)).VenueConfigurationId).toBe(concert!.id);
    expect(
      await db('events')
        .where({ event_template_id: hamlet.id })
        .orderBy('id')
        .pluck('venue_configuration_id'),
    ).toEqual(before);
    await page.context().close();
    await other.context().close();
  });
});
