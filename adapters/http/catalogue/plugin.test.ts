import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '@hapi/hapi';
import type { Knex } from 'knex';
import { formatInTimeZone } from 'date-fns-tz';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../postgres/database.ts';
import { makeAppRuntime, type AppRuntime } from '../../wiring.ts';
import { createHttpServer, readAfresh } from '../server.ts';
import { createTestDatabase } from '../../../test/database.ts';
import {
  CalendarSeries,
  Event,
  EventList,
  EventsByMonth,
  SeriesPromotion,
  SeriesPromotions,
  SvgData,
} from '../contract/catalogue.ts';

// The catalogue API as the storefront sees it, over the seeded demo (now = TEST_SEED_NOW,
// 2026-11-20T12:00Z): Hamlet at the Grand Theatre (New York), Aurora Skyline's heavy on-sale
// nights at Riverside Arena (London), the Nova Reyes presale, Comedy Nights in the Studio.

let server: Server;
let db: Knex;
let runtime: AppRuntime;
let drop: () => Promise<void>;
let config: ReturnType<typeof loadConfig>;

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await server.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.payload ? JSON.parse(res.payload) : undefined,
    raw: res,
  };
};

const eventIdsOf = async (code: string): Promise<number[]> =>
  (
    await db('events as e')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .where('t.code', code)
      .orderBy('e.starts_at')
      .select('e.id')
  ).map((r: { id: number }) => r.id);

/** Sellable places of an event, counted here independently: seats not killed, plus GA capacity. */
const placesOf = async (eventId: number) => {
  const seats = await db('event_seats as es')
    .leftJoin('hold_subclasses as hs', 'hs.id', 'es.hold_subclass_id')
    .where('es.event_id', eventId)
    .select(
      db.raw('count(*) filter (where hs.is_kill is not true)::int as total'),
      db.raw(
        `count(*) filter (where es.status = 'Open' and (es.held_until is null or es.held_until <= now()))::int as open`,
      ),
    )
    .first();
  const ga = await db('event_ga_sections')
    .where('event_id', eventId)
    .select(
      db.raw('coalesce(sum(capacity), 0)::int as capacity'),
      db.raw('coalesce(sum(capacity - sold), 0)::int as open'),
    )
    .first();
  return { open: seats.open + ga.open, total: seats.total + ga.capacity };
};

beforeAll(async () => {
  const database = await createTestDatabase({ calendar: 'fixed' });
  drop = database.drop;
  config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', PORT: '0' });
  db = createDatabase(database.url, { max: 4 });
  runtime = makeAppRuntime({ db, config });
  server = await createHttpServer({ config, runtime, version: 'test', ...readAfresh });
});

afterAll(async () => {
  await server?.stop();
  await runtime?.dispose();
  await db?.destroy();
  await drop?.();
});

describe('GET /api/events', () => {
  it('lists events from the StartDate on, in start order, with local dates in venue time', async () => {
    const res = await get('/api/events?StartDate=11-20-2026&Limit=100');
    expect(res.status).toBe(200);
    const list = EventList.parse(res.body);
    expect(list.Items).toHaveLength(100);
    expect(list.HasMore).toBe(true);
    const starts = list.Items.map((e) => e.StartsAtUtc);
    expect(starts).toEqual([...starts].sort());
    for (const e of list.Items) {
      expect(e.LocalDate).toBe(
        formatInTimeZone(new Date(e.StartsAtUtc), e.Venue.TimeZone, "yyyy-MM-dd'T'HH:mm:ss"),
      );
      expect(e.LocalDate >= '2026-11-20T00:00:00').toBe(true);
    }
    const firstHamlet = list.Items.find((e) => e.EventTemplateCode === 'HAMLET')!;
    // The first Saturday matinee: 14:30 in New York is 19:30 UTC.
    expect(firstHamlet).toMatchObject({
      LocalDate: '2026-11-21T14:30:00',
      StartsAtUtc: '2026-11-21T19:30:00.000Z',
      EndDate: '2026-11-21T17:25:00',
      Venue: { Name: 'Grand Theatre', TimeZone: 'America/New_York', IsoCurrencyCode: 'USD' },
      SelectSeatsUrl: `/tickets/series/HAMLET/${firstHamlet.ID}`,
      UrlSafeName: 'hamlet',
    });
    const arena = list.Items.find((e) => e.EventTemplateCode === 'AURORA')!;
    expect(arena.LocalDate).toBe('2026-12-20T19:30:00'); // London is on GMT in December
    expect(arena.Venue).toMatchObject({
      TimeZone: 'Europe/London',
      IsoCurrencyCode: 'GBP',
      CurrencyLocale: 'en-gb',
    });
  });

  it('leaves out events before the StartDate, read in each venue’s time zone', async () => {
    const list = EventList.parse((await get('/api/events?StartDate=12-01-2026&Limit=100')).body);
    expect(list.Items.every((e) => e.LocalDate >= '2026-12-01T00:00:00')).toBe(true);
    const past = EventList.parse((await get('/api/events?StartDate=08-01-2026&SeriesCode=HAMLET-PREV')).body);
    expect(past.Items).toHaveLength(25);
    expect(past.Items[0]!.LocalDate).toBe('2026-08-21T19:30:00');
  });

  it('starts from today in venue time when no StartDate is given', async () => {
    const list = EventList.parse((await get('/api/events?Limit=100')).body);
    const now = new Date();
    for (const e of list.Items)
      expect(e.LocalDate.slice(0, 10) >= formatInTimeZone(now, e.Venue.TimeZone, 'yyyy-MM-dd')).toBe(true);
    expect(list.Items.some((e) => e.EventTemplateCode === 'HAMLET-PREV')).toBe(false);
  });

  it('pages with Limit and Offset without gaps or repeats', async () => {
    const first = EventList.parse((await get('/api/events?StartDate=11-20-2026&Limit=5')).body);
    const second = EventList.parse((await get('/api/events?StartDate=11-20-2026&Limit=5&Offset=5')).body);
    const both = EventList.parse((await get('/api/events?StartDate=11-20-2026&Limit=10')).body);
    expect([...first.Items, ...second.Items].map((e) => e.ID)).toEqual(both.Items.map((e) => e.ID));
    const end = EventList.parse(
      (await get('/api/events?StartDate=11-20-2026&SeriesCode=WINTER&Limit=2')).body,
    );
    expect(end).toMatchObject({ HasMore: false });
    expect(end.Items).toHaveLength(2);
  });

  it('filters by series code, in any case', async () => {
    const list = EventList.parse((await get('/api/events?StartDate=11-20-2026&SeriesCode=comedy')).body);
    expect(list.Items.length).toBe((await eventIdsOf('COMEDY')).length);
    expect(new Set(list.Items.map((e) => e.EventTemplateCode))).toEqual(new Set(['COMEDY']));
  });

  it('gives at most PerSeries upcoming events of each series', async () => {
    const list = EventList.parse((await get('/api/events?StartDate=11-20-2026&PerSeries=2')).body);
    const perSeries = new Map<string, number[]>();
    for (const e of list.Items)
      perSeries.set(e.EventTemplateCode, [...(perSeries.get(e.EventTemplateCode) ?? []), e.ID]);
    expect([...perSeries.keys()].sort()).toEqual(['AURORA', 'COMEDY', 'HAMLET', 'NOVA', 'WINTER']);
    for (const [code, ids] of perSeries) expect(ids).toEqual((await eventIdsOf(code)).slice(0, 2));
    expect(list.HasMore).toBe(false);
  });

  it('shows the sold-out night as SoldOut and sends heavy on-sale events to best available', async () => {
    const list = EventList.parse((await get('/api/events?StartDate=11-20-2026&SeriesCode=AURORA')).body);
    const [soldOut, nearlySoldOut] = list.Items;
    expect(soldOut).toMatchObject({ Availability: 'SoldOut', AvailabilityColor: '#9e9e9e' });
    expect(nearlySoldOut!.Availability).toBe('Low');
    for (const e of list.Items) {
      const { open, total } = await placesOf(e.ID);
      const share = open / total;
      expect(e.Availability).toBe(
        open === 0 ? 'SoldOut' : share < 0.1 ? 'Low' : share < 0.4 ? 'Medium' : 'High',
      );
      expect(e.UseHeavyOnSale).toBe(true);
      expect(e.SelectSeatsUrl).toBe(`/tickets/series/AURORA/${e.ID}/bestAvailable`);
      expect(e.UpfrontFeeDisclosure).toMatch(/facility fee/);
    }
  });

  it('flags presale events and links the two days of a two-part show both ways', async () => {
    const nova = EventList.parse((await get('/api/events?StartDate=11-20-2026&SeriesCode=NOVA')).body);
    expect(nova.Items.every((e) => e.IsPresale)).toBe(true);
    const [partOne, partTwo] = EventList.parse(
      (await get('/api/events?StartDate=11-20-2026&SeriesCode=WINTER')).body,
    ).Items;
    expect(partOne!.linkedEvent).toMatchObject({
      id: partTwo!.ID,
      localDate: partTwo!.LocalDate,
      IsPreSale: false,
    });
    expect(partTwo!.linkedEvent).toMatchObject({ id: partOne!.ID, localDate: partOne!.LocalDate });
  });

  it('names the field of a bad query', async () => {
    expect(await get('/api/events?StartDate=2026-12-01')).toMatchObject({
      status: 400,
      body: { Message: 'StartDate: must be MM-DD-YYYY' },
    });
    expect(await get('/api/events?StartDate=02-30-2026')).toMatchObject({
      status: 400,
      body: { Message: 'StartDate: must be a real day as MM-DD-YYYY' },
    });
    const tooMany = await get('/api/events?Limit=500');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.Message).toBe('Limit must be at most 100.');
    expect(await get('/api/events?Limit=abc')).toMatchObject({
      status: 400,
      body: { Message: 'Limit must be a number.' },
    });
    expect((await get('/api/events?Offset=-1')).body.Message).toBe('Offset must be at least 0.');
  });
});

describe('GET /api/events/{id}', () => {
  it('answers one event', async () => {
    const [id] = await eventIdsOf('HAMLET');
    const res = await get(`/api/events/${id}`);
    expect(res.status).toBe(200);
    const event = Event.parse(res.body);
    expect(event).toMatchObject({
      ID: id,
      EventTemplateCode: 'HAMLET',
      EventTemplateName: 'Hamlet',
      IsCancelled: false,
    });
    expect(event.HoursToEvent).toBe(Math.floor((Date.parse(event.StartsAtUtc) - Date.now()) / 3_600_000));
  });

  it('answers 404 for an unknown event and 400 for an id that is not a number', async () => {
    expect(await get('/api/events/999999')).toMatchObject({
      status: 404,
      body: { Message: 'Event 999999 was not found.' },
    });
    expect(await get('/api/events/abc')).toMatchObject({
      status: 400,
      body: { Message: 'id: must be a number' },
    });
    expect((await get('/api/events/0')).status).toBe(400);
  });
});

describe('GET /api/events/calendarseries/{code}', () => {
  it('gives the series, its first and last dates and the season chain', async () => {
    const res = await get('/api/events/calendarseries/HAMLET');
    expect(res.status).toBe(200);
    const series = CalendarSeries.parse(res.body);
    expect(series).toMatchObject({
      Code: 'HAMLET',
      Name: 'Hamlet',
      PastEventTemplateCode: 'HAMLET-PREV',
      FutureEventTemplateCode: null,
      FirstSeriesCodeDates: '2026-11-21',
      LastSeriesCodeDates: '2027-02-18',
      CurrentTemplateFirstShowStartDate: '2026-11-21T14:30:00',
      // The chain reaches back to last season's first night.
      FirstShowStartDate: '2026-08-21T19:30:00',
      VenueCurrencyLocale: 'en-us',
      OrderTicketLimit: 12,
      SecondaryMarketOption: 'Resale',
      SelectedEvent: null,
    });
    expect(series.LastShowEndDate).toBe(series.CurrentTemplateLastShowEndDate);
  });

  it('lists the series’ promotions without giving their codes away', async () => {
    const series = CalendarSeries.parse((await get('/api/events/calendarseries/HAMLET')).body);
    expect(series.Promotions.map((p) => p.DisplayName)).toEqual([
      '10% off',
      'Group booking: 15% off',
      'Members: 20% off',
    ]);
    expect(series.Promotions.every((p) => p.Code === null)).toBe(true);
    expect(series.Promotions.find((p) => p.GroupPromoCode)).toBeDefined();
    expect(series.Promotions.find((p) => p.restrictToCustomerTag)?.restrictToCustomerTagIds).toHaveLength(1);
  });

  it('gives packages with their events and a preselected event of the series', async () => {
    const [partOne, partTwo] = await eventIdsOf('WINTER');
    const series = CalendarSeries.parse(
      (await get(`/api/events/calendarseries/winter?selectedEventId=${partTwo}`)).body,
    );
    expect(series.Packages).toEqual([
      expect.objectContaining({ Code: 'TWOSHOW', EventIDs: [partOne, partTwo].sort((a, b) => a! - b!) }),
    ]);
    expect(series.SelectedEvent?.ID).toBe(partTwo);
    expect(series.IsCalendarView).toBe(false);
    const [hamlet] = await eventIdsOf('HAMLET');
    const other = CalendarSeries.parse(
      (await get(`/api/events/calendarseries/WINTER?selectedEventId=${hamlet}`)).body,
    );
    expect(other.SelectedEvent).toBeNull();
  });

  it('answers 404 for an unknown series', async () => {
    expect(await get('/api/events/calendarseries/NOPE')).toMatchObject({
      status: 404,
      body: { Message: 'Series NOPE was not found.' },
    });
    expect((await get('/api/events/calendarseries/HAMLET?selectedEventId=x')).body.Message).toMatch(
      /^selectedEventId: /,
    );
  });
});

describe('GET /api/events/getbymonth', () => {
  it('gives every show of the series in that local month, and only those', async () => {
    const res = await get(
      '/api/events/getbymonth?seriesCode=HAMLET&requestedTime=12-15-2026&salesChannel=Web',
    );
    expect(res.status).toBe(200);
    const month = EventsByMonth.parse(res.body);
    expect(month).toMatchObject({ Year: 2026, Month: 12 });
    const expected = await db('events as e')
      .join('event_templates as t', 't.id', 'e.event_template_id')
      .where('t.code', 'HAMLET')
      .whereRaw(`to_char(e.starts_at at time zone 'America/New_York', 'YYYY-MM') = '2026-12'`)
      .count<{ count: number }[]>('* as count');
    expect(month.Events).toHaveLength(Number(expected[0]!.count));
    expect(
      month.Events.every((e) => e.LocalDate.startsWith('2026-12-') && e.EventTemplateCode === 'HAMLET'),
    ).toBe(true);
    const starts = month.Events.map((e) => e.StartsAtUtc);
    expect(starts).toEqual([...starts].sort());
  });

  it('reads an instant in the venue time zone: 02:00 UTC on 1 December is November in New York', async () => {
    const month = EventsByMonth.parse(
      (await get('/api/events/getbymonth?seriesCode=HAMLET&requestedTime=2026-12-01T02:00:00Z')).body,
    );
    expect(month.Month).toBe(11);
    expect(month.Events.every((e) => e.LocalDate.startsWith('2026-11-'))).toBe(true);
    expect(month.Events.length).toBeGreaterThan(0);
  });

  it('answers 400 for a requestedTime that is not a date and 404 for an unknown series', async () => {
    expect(await get('/api/events/getbymonth?seriesCode=HAMLET&requestedTime=soon')).toMatchObject({
      status: 400,
      body: { Message: 'requestedTime: must be a date: MM-DD-YYYY, YYYY-MM-DD or an ISO 8601 time' },
    });
    expect((await get('/api/events/getbymonth?requestedTime=2026-12-01')).body.Message).toBe(
      'seriesCode is required.',
    );
    expect((await get('/api/events/getbymonth?seriesCode=NOPE&requestedTime=2026-12-01')).status).toBe(404);
  });
});

describe('GET /api/svg/svgdata/{venueConfigId}', () => {
  const configOf = async (venue: string) =>
    (
      await db('venue_configurations as vc')
        .join('venues as v', 'v.id', 'vc.venue_id')
        .where('v.name', venue)
        .first('vc.id')
    ).id as number;
  const seatCount = async (id: number) =>
    Number(
      (await db('seats').where('venue_configuration_id', id).count<{ count: number }[]>('* as count'))[0]!
        .count,
    );

  it('gives one row per seat with its geometry, cacheable', async () => {
    for (const venue of ['Grand Theatre', 'Riverside Arena']) {
      const id = await configOf(venue);
      const res = await get(`/api/svg/svgdata/${id}`);
      expect(res.status).toBe(200);
      const data = SvgData.parse(res.body);
      expect(data.VenueConfigurationID).toBe(id);
      expect(data.Rows).toHaveLength(await seatCount(id));
      expect(new Set(data.Rows.map((r) => r.key)).size).toBe(data.Rows.length);
      expect(data.Sections.length).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.etag).toMatch(/^"vc\d+-/);
    }
    expect(await seatCount(await configOf('Riverside Arena'))).toBe(20_000);
  });

  it('answers 304 to a client holding the current version, and 200 again once the map is saved', async () => {
    const id = await configOf('Studio');
    const first = await get(`/api/svg/svgdata/${id}`);
    const etag = first.headers.etag as string;
    const again = await server.inject({
      method: 'GET',
      url: `/api/svg/svgdata/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    await db('venue_configurations').where({ id }).update({ updated_at: db.fn.now() });
    const changed = await server.inject({
      method: 'GET',
      url: `/api/svg/svgdata/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers 404 for an unknown configuration and 400 for a bad id', async () => {
    expect(await get('/api/svg/svgdata/9999')).toMatchObject({
      status: 404,
      body: { Message: 'Venue configuration 9999 was not found.' },
    });
    expect(await get('/api/svg/svgdata/abc')).toMatchObject({
      status: 400,
      body: { Message: 'venueConfigId: must be a number' },
    });
  });
});

describe('GET /svg/download/{venueConfigId}', () => {
  it('serves the stored floor plan as SVG, also for admin', async () => {
    const { id, svg } = await db('venue_configurations').orderBy('id').first('id', 'svg');
    for (const url of [`/svg/download/${id}`, `/svg/download/${id}?admin=true`]) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.payload).toBe(svg);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    const etag = (await server.inject({ method: 'GET', url: `/svg/download/${id}` })).headers.etag as string;
    const cached = await server.inject({
      method: 'GET',
      url: `/svg/download/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 404 with a Message for an unknown configuration, 400 for a bad admin flag', async () => {
    expect(await get('/svg/download/9999')).toMatchObject({
      status: 404,
      body: { Message: 'Venue configuration 9999 was not found.' },
    });
    expect(await get('/svg/download/1?admin=maybe')).toMatchObject({
      status: 400,
      body: { Message: 'admin must be true or false.' },
    });
  });
});

describe('GET /api/promotions/seriespromotions', () => {
  it('lists the series’ promotions with local start dates', async () => {
    const res = await get('/api/promotions/seriespromotions?seriesCode=NOVA&salesChannel=Web');
    expect(res.status).toBe(200);
    const [presale, ...rest] = SeriesPromotions.parse(res.body);
    expect(rest).toEqual([]);
    expect(presale).toMatchObject({
      DisplayName: 'Fan club presale',
      Code: null,
      IsPresale: true,
      HidePreSale: false,
      LocalStartDate: '2026-11-18T12:00:00', // London time
      InstructionText: 'Enter the presale code from your fan club e-mail.',
    });
  });

  it('gives the outlet sale its code-less promotion', async () => {
    const list = SeriesPromotions.parse(
      (await get('/api/promotions/seriespromotions?seriesCode=COMEDY')).body,
    );
    expect(list.find((p) => p.IsOutletSale)).toMatchObject({
      Code: null,
      DisplayName: 'Outlet sale: 25% off',
    });
  });

  it('answers 404 for an unknown series and 400 without a series code', async () => {
    expect((await get('/api/promotions/seriespromotions?seriesCode=NOPE')).status).toBe(404);
    expect((await get('/api/promotions/seriespromotions')).body.Message).toBe('seriesCode is required.');
  });
});

describe('GET /api/promotions/validatepromocode', () => {
  const validate = (query: string) => get(`/api/promotions/validatepromocode?salesChannel=Web&${query}`);

  it('answers the promotion a valid code unlocks, with its code', async () => {
    const res = await validate('promoCode=save10&eventTemplateCode=HAMLET');
    expect(res.status).toBe(200);
    expect(SeriesPromotion.parse(res.body)).toMatchObject({
      Code: 'SAVE10',
      DisplayName: '10% off',
      PromoStarted: true,
      PromoEnded: false,
      usedGroupCode: null,
    });
  });

  it('says why a code does not work, in the words the buyer reads', async () => {
    const cases: [string, string][] = [
      ['promoCode=&eventTemplateCode=HAMLET', 'Presale Code is empty'],
      ['eventTemplateCode=HAMLET', 'Presale Code is empty'],
      ['promoCode=NOSUCHCODE&eventTemplateCode=HAMLET', 'The code you entered is not valid.'],
      ['promoCode=SAVE10&eventTemplateCode=NOVA', 'This code is not valid for this event.'],
      ['promoCode=GROUPS&eventTemplateCode=HAMLET', 'This promotion needs a group code.'],
      [
        'promoCode=GROUPS&oneTimeGroupCode=GRP-NOSUCH&eventTemplateCode=HAMLET',
        'The code you entered is not valid.',
      ],
    ];
    for (const [query, message] of cases)
      expect(await validate(query)).toMatchObject({ status: 400, body: { Message: message } });
    expect((await validate('promoCode=SAVE10')).body.Message).toBe('eventTemplateCode is required.');
  });

  it('accepts an unused group code without using it up, and refuses a used one', async () => {
    const codes: { code: string; used_at: Date | null }[] = await db('promotion_group_codes as g')
      .join('promotions as p', 'p.id', 'g.promotion_id')
      .where('p.code', 'GROUPS')
      .orderBy('g.id')
      .select('g.code', 'g.used_at');
    const used = codes.find((c) => c.used_at !== null)!;
    const unused = codes.find((c) => c.used_at === null)!;
    expect(
      await validate(`promoCode=GROUPS&oneTimeGroupCode=${used.code}&eventTemplateCode=HAMLET`),
    ).toMatchObject({
      status: 400,
      body: { Message: 'This group code has already been used.' },
    });
    for (let i = 0; i < 2; i++) {
      const ok = await validate(
        `promoCode=groups&oneTimeGroupCode=${unused.code.toLowerCase()}&eventTemplateCode=WINTER`,
      );
      expect(ok.status).toBe(200);
      expect(SeriesPromotion.parse(ok.body)).toMatchObject({
        Code: 'GROUPS',
        GroupPromoCode: true,
        usedGroupCode: unused.code,
      });
    }
    expect(
      (await db('promotion_group_codes').where({ code: unused.code }).first('used_at')).used_at,
    ).toBeNull();
  });

  it('asks an anonymous buyer to log in for a members-only code', async () => {
    expect(await validate('promoCode=MEMBERS&eventTemplateCode=HAMLET')).toMatchObject({
      status: 401,
      body: { Message: 'Please log in to use this code.' },
    });
  });

  it('tells a code that has not started from one that has ended, and keeps a hidden presale off the list', async () => {
    const hamlet = (await db('event_templates').where({ code: 'HAMLET' }).first('id')).id;
    const day = 86_400_000;
    const add = async (row: Record<string, unknown>) => {
      const [{ id }] = await db('promotions')
        .insert({ discount_kind: 'Percent', discount_value: 500, ...row })
        .returning('id');
      await db('promotion_event_templates').insert({ promotion_id: id, event_template_id: hamlet });
    };
    await add({ code: 'SOON', display_name: 'Coming soon', starts_at: new Date(Date.now() + day) });
    await add({ code: 'GONE', display_name: 'All over', ends_at: new Date(Date.now() - day) });
    await add({ code: 'SECRET', display_name: 'Cast and crew', is_presale: true, hide_presale: true });
    expect((await validate('promoCode=SOON&eventTemplateCode=HAMLET')).body).toEqual({
      Message: 'This code is not active yet.',
    });
    expect((await validate('promoCode=GONE&eventTemplateCode=HAMLET')).body).toEqual({
      Message: 'This code has expired.',
    });
    expect((await validate('promoCode=secret&eventTemplateCode=HAMLET')).status).toBe(200);
    const listed = SeriesPromotions.parse(
      (await get('/api/promotions/seriespromotions?seriesCode=HAMLET')).body,
    );
    expect(listed.map((p) => p.DisplayName)).not.toContain('Cast and crew');
    expect(listed.find((p) => p.DisplayName === 'All over')).toMatchObject({ PromoEnded: true });
    expect(listed.find((p) => p.DisplayName === 'Coming soon')).toMatchObject({ PromoStarted: false });
  });
});

describe('availability counts live basket holds, not expired ones', () => {
  it('an event whose open seats are all in live baskets is SoldOut, and open again when the holds expire', async () => {
    const ids = await eventIdsOf('HAMLET');
    const id = ids[ids.length - 1]!;
    const availability = async () => Event.parse((await get(`/api/events/${id}`)).body).Availability;
    expect(await availability()).not.toBe('SoldOut');
    // A hold names a real basket (event_seats.basket_id references baskets).
    const web: { id: number } = await db('sales_channels').where({ code: 'Web' }).first('id');
    const [basket] = await db('baskets')
      .insert({ sales_channel_id: web.id, expires_at: db.raw(`now() + interval '10 minutes'`) })
      .returning('id');
    await db('event_seats')
      .where({ event_id: id, status: 'Open' })
      .update({
        basket_id: basket.id,
        held_until: db.raw(`now() + interval '10 minutes'`),
      });
    expect(await availability()).toBe('SoldOut');
    await db('event_seats')
      .where({ event_id: id })
      .whereNotNull('held_until')
      .update({ held_until: db.raw(`now() - interval '1 second'`) });
    expect(await availability()).not.toBe('SoldOut');
  });

  it('a server that keeps answers (1 s by default) serves a list and an event from one read', async () => {
    const keeping = await createHttpServer({
      config,
      runtime,
      version: 'test',
      publicReadTtlMs: 60_000,
    });
    try {
      const listPath = '/api/events?StartDate=11-20-2026&SeriesCode=HAMLET&Limit=5';
      const id = EventList.parse(JSON.parse((await keeping.inject(listPath)).payload)).Items.at(-1)!.ID;
      const read = async () => {
        const one = await keeping.inject(`/api/events/${id}`);
        const list = await keeping.inject(listPath);
        return {
          event: Event.parse(JSON.parse(one.payload)).Availability,
          listed: EventList.parse(JSON.parse(list.payload)).Items.find((e) => e.ID === id)?.Availability,
        };
      };
      const before = await read();
      expect(before.event).not.toBe('SoldOut');
      expect(before.listed).toBe(before.event);
      const open: { seat_id: number }[] = await db('event_seats')
        .where({ event_id: id, status: 'Open' })
        .select('seat_id');
      const seatIds = open.map((s) => s.seat_id);
      await db('event_seats').where({ event_id: id }).whereIn('seat_id', seatIds).update({ status: 'Sold' });
      // The live answer has changed; the kept one has not.
      expect(Event.parse((await get(`/api/events/${id}`)).body).Availability).toBe('SoldOut');
      expect(await read()).toEqual(before);
      await db('event_seats').where({ event_id: id }).whereIn('seat_id', seatIds).update({ status: 'Open' });
    } finally {
      await keeping.stop();
    }
  });

  it('a cancelled event leaves the lists but still answers by id, flagged', async () => {
    const [, second] = await eventIdsOf('COMEDY');
    await db('events').where({ id: second }).update({ status: 'Cancelled' });
    const list = EventList.parse((await get('/api/events?StartDate=11-20-2026&SeriesCode=COMEDY')).body);
    expect(list.Items.map((e) => e.ID)).not.toContain(second);
    expect(Event.parse((await get(`/api/events/${second}`)).body).IsCancelled).toBe(true);
  });
});
