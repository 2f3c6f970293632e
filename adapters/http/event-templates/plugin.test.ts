import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/api-server.ts';
import type { Browser } from '../checkout/test-browser.ts';
import { staffOfRole } from '../checkout/test-people.ts';
import {
  EmailPreview,
  EventTemplateList,
  EventTemplateView,
  VenueConfigurationChoices,
} from '../contract/event-templates.ts';

// Event templates through the API: who may, bad input named, a stale save refused, the copy,
// the seat map for new performances only, the image and the e-mail preview.

let api: TestApi;
let admin: Browser;
let seller: Browser;
let configurationId: number;
let otherConfigurationId: number;

const fields = (overrides: Record<string, unknown> = {}) => ({
  Code: 'gala26',
  Name: 'Winter gala 2026',
  Texts: {
    en: {
      DisplayName: 'The Winter Gala',
      Description: 'An evening of music.',
      ConfirmationEmailText: 'Doors open at 7pm.',
    },
    fr: {
      DisplayName: "Le Gala d'hiver",
      Description: null,
      ConfirmationEmailText: 'Ouverture des portes à 19 h.',
    },
  },
  VenueConfigurationId: configurationId,
  OrderTicketLimit: 8,
  TicketLimitMessage: 'At most 8 tickets per order.',
  IsCalendarView: true,
  NoBestAvailable: false,
  HideFeesUntilCheckout: true,
  SoldOutHeader: null,
  SoldOutMessage: null,
  ADAAgreement: null,
  ...overrides,
});

beforeAll(async () => {
  api = await createTestApi();
  admin = await staffOfRole(api.server, api.db, 'EventAdmin');
  seller = await staffOfRole(api.server, api.db, 'Seller');
  const configurations = (await api.db('venue_configurations').orderBy('id').select('id')) as {
    id: number;
  }[];
  configurationId = configurations[0]!.id;
  otherConfigurationId = configurations[1]!.id;
});
afterAll(() => api?.close());

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await admin.call('POST', '/api/admin/eventtemplates', fields(overrides));
  expect(res.status, res.raw).toBe(201);
  return EventTemplateView.parse(res.body);
};

describe('who may', () => {
  test('a seller is refused every call with 403, and nothing is made', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/eventtemplates', undefined],
      ['POST', '/api/admin/eventtemplates', fields({ Code: 'SELLER1' })],
      [
        'POST',
        '/api/admin/eventtemplates/copy',
        { EventTemplateId: 1, Code: 'X1', Name: 'x', DisplayName: 'x' },
      ],
    ] as const) {
      const res = await seller.call(method, url, body);
      expect(res.status).toBe(403);
    }
    expect(await api.db('event_templates').where({ code: 'SELLER1' }).first()).toBeUndefined();
  });
});

describe('making and saving', () => {
  test('an event admin lists the demo templates with venue, seat map and performances', async () => {
    const res = await admin.call('GET', '/api/admin/eventtemplates');
    const list = EventTemplateList.parse(res.body);
    const hamlet = list.find((t) => t.Code === 'HAMLET')!;
    expect(hamlet.Venue?.VenueName).toBeTruthy();
    expect(hamlet.Venue?.ConfigurationName).toBeTruthy();
    expect(hamlet.Performances).toBeGreaterThan(0);
    expect(new Date(hamlet.FirstShowStartDate!).getTime()).toBeLessThanOrEqual(
      new Date(hamlet.LastShowStartDate!).getTime(),
    );
    const choices = VenueConfigurationChoices.parse(
      (await admin.call('GET', '/api/admin/eventtemplates/venueconfigurations')).body,
    );
    expect(choices.flatMap((v) => v.Configurations.map((c) => c.ID))).toContain(configurationId);
  });

  test('creates a template with its words per language, the code upper-cased, audited', async () => {
    const created = await create();
    expect(created).toMatchObject({
      Code: 'GALA26',
      Version: 1,
      EnglishIncomplete: false,
      HideFeesUntilCheckout: true,
    });
    expect(created.Texts.fr?.DisplayName).toBe("Le Gala d'hiver");
    expect(created.Texts.en?.ConfirmationEmailText).toBe('Doors open at 7pm.');
    const audit = await api
      .db('audit_log')
      .where({ action: 'eventTemplates.create' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.details).toMatchObject({ templateId: created.ID, code: 'GALA26' });
  });

  test('bad input is 400 naming the field, and nothing is made', async () => {
    const before = await api.db('event_templates').count({ n: '*' }).first();
    const badCode = await admin.call('POST', '/api/admin/eventtemplates', fields({ Code: 'NO SPACES' }));
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({ Field: 'Code' });
    expect(badCode.body.Message).toMatch(/^Code: /);
    const noEnglish = await admin.call(
      'POST',
      '/api/admin/eventtemplates',
      fields({
        Code: 'NOENGLISH',
        Texts: { fr: { DisplayName: 'Seulement', Description: null, ConfirmationEmailText: null } },
      }),
    );
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.Field).toBe('Texts.en.DisplayName');
    const badType = await admin.call(
      'POST',
      '/api/admin/eventtemplates',
      fields({ OrderTicketLimit: 'lots' }),
    );
    expect(badType.status).toBe(400);
    expect(badType.body.Message).toMatch(/OrderTicketLimit/);
    expect(await api.db('event_templates').count({ n: '*' }).first()).toEqual(before);
  });

  test('French words English lacks set the warning, shown on the list; saving English clears it', async () => {
    const flagged = await create({
      Code: 'WARN1',
      Texts: {
        en: { DisplayName: 'Warned', Description: null, ConfirmationEmailText: null },
        fr: { DisplayName: 'Averti', Description: 'Une description', ConfirmationEmailText: null },
      },
    });
    expect(flagged.EnglishIncomplete).toBe(true);
    const listed = EventTemplateList.parse((await admin.call('GET', '/api/admin/eventtemplates')).body);
    expect(listed.find((t) => t.Code === 'WARN1')?.EnglishIncomplete).toBe(true);
    const fixed = await admin.call('PUT', `/api/admin/eventtemplates/${flagged.ID}`, {
      ...fields({
        Code: 'WARN1',
        Texts: {
          en: { DisplayName: 'Warned', Description: 'A description', ConfirmationEmailText: null },
          fr: { DisplayName: 'Averti', Description: 'Une description', ConfirmationEmailText: null },
        },
      }),
      Version: flagged.Version,
    });
    expect(fixed.body.EnglishIncomplete).toBe(false);
  });

  test('a taken code is refused with 409', async () => {
    const res = await admin.call('POST', '/api/admin/eventtemplates', fields({ Code: 'hamlet' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Field: 'Code' });
  });

  test('a save from a stale version is 409 with the words, and changes nothing', async () => {
    const created = await create({ Code: 'STALE1' });
    const first = await admin.call('PUT', `/api/admin/eventtemplates/${created.ID}`, {
      ...fields({ Code: 'STALE1', Name: 'First save' }),
      Version: created.Version,
    });
    expect(first.status, first.raw).toBe(200);
    const second = await admin.call('PUT', `/api/admin/eventtemplates/${created.ID}`, {
      ...fields({ Code: 'STALE1', Name: 'Second save' }),
      Version: created.Version,
    });
    expect(second.status).toBe(409);
    expect(second.body.Message).toMatch(/^Someone else saved this template since you opened it/);
    expect(second.body.CurrentVersion).toBe(created.Version + 1);
    const now = EventTemplateView.parse(
      (await admin.call('GET', `/api/admin/eventtemplates/${created.ID}`)).body,
    );
    expect(now.Name).toBe('First save');
  });

  test('archive and bring back', async () => {
    const created = await create({ Code: 'ARCH1' });
    const archived = await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/archive`, {
      Version: created.Version,
      Archived: true,
    });
    expect(archived.body).toMatchObject({ IsArchived: true, Version: 2 });
    const back = await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/archive`, {
      Version: 2,
      Archived: false,
    });
    expect(back.body).toMatchObject({ IsArchived: false, Version: 3 });
  });
});

describe('the seat map', () => {
  test('a new seat map is for performances added afterwards: those already made keep theirs', async () => {
    const hamlet = (await api.db('event_templates').where({ code: 'HAMLET' }).first()) as {
      id: number;
      version: number;
    };
    const before = (await api
      .db('events')
      .where({ event_template_id: hamlet.id })
      .select('id', 'venue_configuration_id')) as {
      id: number;
      venue_configuration_id: number;
    }[];
    expect(before.length).toBeGreaterThan(0);
    const target = before.every((e) => e.venue_configuration_id === otherConfigurationId)
      ? configurationId
      : otherConfigurationId;
    const res = await admin.call('PUT', `/api/admin/eventtemplates/${hamlet.id}/venueconfiguration`, {
      Version: hamlet.version,
      VenueConfigurationId: target,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.VenueConfigurationId).toBe(target);
    const after = await api
      .db('events')
      .where({ event_template_id: hamlet.id })
      .select('id', 'venue_configuration_id');
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
    const unknown = await admin.call('PUT', `/api/admin/eventtemplates/${hamlet.id}/venueconfiguration`, {
      Version: res.body.Version,
      VenueConfigurationId: 999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Field).toBe('VenueConfigurationId');
  });
});

describe('copying', () => {
  test('copies settings and words under the new code; promotions, prices and fees when asked', async () => {
    const hamlet = (await api.db('event_templates').where({ code: 'HAMLET' }).first()) as { id: number };
    const promos = await api
      .db('promotion_event_templates')
      .where({ event_template_id: hamlet.id })
      .pluck('promotion_id');
    expect(promos.length).toBeGreaterThan(0);
    const levels = await api
      .db('event_template_price_levels')
      .where({ event_template_id: hamlet.id })
      .count({ n: '*' })
      .first();
    const fees = await api
      .db('event_template_fees')
      .where({ event_template_id: hamlet.id })
      .count({ n: '*' })
      .first();
    const res = await admin.call('POST', '/api/admin/eventtemplates/copy', {
      EventTemplateId: hamlet.id,
      Code: 'hamlet27',
      Name: 'Hamlet 2027',
      DisplayName: 'Hamlet (2027 season)',
      CopyPromos: true,
      CopyPricing: true,
      CopyFees: true,
    });
    expect(res.status, res.raw).toBe(201);
    const copy = EventTemplateView.parse(res.body);
    expect(copy).toMatchObject({ Code: 'HAMLET27', Name: 'Hamlet 2027', Performances: 0, Version: 1 });
    expect(copy.Texts.en?.DisplayName).toBe('Hamlet (2027 season)');
    expect(
      (
        await api.db('promotion_event_templates').where({ event_template_id: copy.ID }).pluck('promotion_id')
      ).sort(),
    ).toEqual([...promos].sort());
    expect(
      await api
        .db('event_template_price_levels')
        .where({ event_template_id: copy.ID })
        .count({ n: '*' })
        .first(),
    ).toEqual(levels);
    expect(
      await api.db('event_template_fees').where({ event_template_id: copy.ID }).count({ n: '*' }).first(),
    ).toEqual(fees);

    const bare = await admin.call('POST', '/api/admin/eventtemplates/copy', {
      EventTemplateId: hamlet.id,
      Code: 'HAMLET28',
      Name: 'Hamlet 2028',
      DisplayName: 'Hamlet 2028',
    });
    expect(bare.status).toBe(201);
    expect(
      await api.db('promotion_event_templates').where({ event_template_id: bare.body.ID }).first(),
    ).toBeUndefined();
    expect(
      await api.db('event_template_prices').where({ event_template_id: bare.body.ID }).first(),
    ).toBeUndefined();
  });

  test('a taken code or an unknown source is refused', async () => {
    const hamlet = (await api.db('event_templates').where({ code: 'HAMLET' }).first()) as { id: number };
    const taken = await admin.call('POST', '/api/admin/eventtemplates/copy', {
      EventTemplateId: hamlet.id,
      Code: 'HAMLET',
      Name: 'x',
      DisplayName: 'x',
    });
    expect(taken.status).toBe(409);
    const unknown = await admin.call('POST', '/api/admin/eventtemplates/copy', {
      EventTemplateId: 999999,
      Code: 'NEWONE',
      Name: 'x',
      DisplayName: 'x',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the image and the e-mail', () => {
  test('an image is resized, stored by hash and served for good; a non-image is refused', async () => {
    const created = await create({ Code: 'IMG1' });
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#1f3a5f' } })
      .png()
      .toBuffer();
    const res = await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/image`, {
      Version: created.Version,
      Image: png.toString('base64'),
    });
    expect(res.status, res.raw).toBe(200);
    const view = EventTemplateView.parse(res.body);
    expect(view.ImageUrl).toMatch(/^\/api\/eventtemplates\/images\/[0-9a-f]{64}\.webp$/);
    expect(view.MobileImageUrl).toMatch(/\.jpg$/);
    const served = await api.server.inject({ method: 'GET', url: view.ImageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const mail = await api.server.inject({ method: 'GET', url: view.MobileImageUrl! });
    expect((await sharp(mail.rawPayload).metadata()).width).toBe(600);

    const gif = await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/image`, {
      Version: view.Version,
      Image: Buffer.from('GIF89a not really').toString('base64'),
    });
    expect(gif.status).toBe(400);
    expect(gif.body).toMatchObject({ Field: 'Image' });
  });

  test("the preview is the real confirmation e-mail with the template's text in the language asked", async () => {
    const created = await create({ Code: 'MAIL1' });
    const fr = EmailPreview.parse(
      (await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/emailpreview`, { Language: 'fr' }))
        .body,
    );
    expect(fr.Html).toContain('Ouverture des portes à 19 h.');
    expect(fr.Subject).toMatch(/^Your order SAMPLE-0001: The Winter Gala/);
    const ja = EmailPreview.parse(
      (await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/emailpreview`, { Language: 'ja' }))
        .body,
    );
    expect(ja.Text).toContain('Doors open at 7pm.');
    const draft = EmailPreview.parse(
      (
        await admin.call('POST', `/api/admin/eventtemplates/${created.ID}/emailpreview`, {
          Language: 'en',
          ConfirmationEmailText: 'Bring a coat.',
        })
      ).body,
    );
    expect(draft.Text).toContain('Bring a coat.');
  });
});
