import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VenueEditRefused, VenueStale } from '../../../core/venues/venue-admin-ports.ts';
import { venueEditOf, type VenueEditRequest } from '../../../core/venues/venue-edit.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { createDatabase } from '../database.ts';
import { saveVenue } from './venue-directory.ts';

// A venue's save over the version its form loaded, against real PostgreSQL: a stale form loses,
// of two saves from the same version exactly one wins, and a venue with performances keeps its
// time zone.

let db: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createDatabase(database.url, { max: 4 });
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const by = { staffUserId: null, name: 'test' };

const newVenue = async (timeZone = 'Europe/London') =>
  (
    await db('venues')
      .insert({
        name: 'Test Hall',
        display_name: 'Test Hall',
        country: 'GB',
        time_zone: timeZone,
        iso_currency_code: 'GBP',
        currency_locale: 'en-gb',
      })
      .returning('id')
  )[0].id as number;

const edit = (venueId: number, version: number, details: Partial<VenueEditRequest> = {}) =>
  saveVenue(db, {
    venueId,
    version,
    by,
    check: (current) => {
      const edited = venueEditOf(
        {
          name: 'Test Hall',
          displayName: 'Test Hall',
          address: '',
          timeZone: 'Europe/London',
          currencyLocale: 'en-gb',
          ...details,
        },
        current,
      );
      return edited.ok
        ? edited
        : {
            ok: false,
            error: new VenueEditRefused({ field: edited.problem.field, reason: edited.problem.reason }),
          };
    },
  });

describe('saving a venue', { timeout: 60_000 }, () => {
  it('saves over the version loaded and moves it on; a stale form loses and changes nothing', async () => {
    const id = await newVenue();
    const first = await edit(id, 1, { displayName: 'First' });
    expect(first).toMatchObject({ ok: true, value: { version: 2, displayName: 'First' } });
    const stale = await edit(id, 1, { displayName: 'Second' });
    expect(stale).toEqual({ ok: false, error: new VenueStale({ venueId: id, currentVersion: 2 }) });
    expect(await db('venues').where({ id }).first('display_name', 'version')).toEqual({
      display_name: 'First',
      version: 2,
    });
    expect(
      await db('audit_log')
        .where({ action: 'venues.edit' })
        .whereRaw(`details->>'venueId' = ?`, [String(id)])
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: 1 });
  });

  it('of two saves from the same form, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newVenue();
      const outcomes = await Promise.all([
        edit(id, 1, { displayName: 'Left' }),
        edit(id, 1, { displayName: 'Right' }),
      ]);
      const won = outcomes.filter((o) => o.ok);
      expect(won).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? null : o.error))).toEqual([
        new VenueStale({ venueId: id, currentVersion: 2 }),
      ]);
      const winner = won[0]!.ok ? won[0]!.value.displayName : null;
      expect((await db('venues').where({ id }).first('display_name')).display_name).toBe(winner);
    }
  });

  it('refuses a new time zone once performances are on the venue, and keeps its own', async () => {
    const withEvents = await db('venues as v')
      .join('venue_configurations as c', 'c.venue_id', 'v.id')
      .join('events as e', 'e.venue_configuration_id', 'c.id')
      .first('v.id', 'v.time_zone', 'v.version', 'v.name', 'v.display_name', 'v.currency_locale');
    const other = withEvents.time_zone === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    const same = {
      name: withEvents.name,
      displayName: withEvents.display_name,
      currencyLocale: withEvents.currency_locale,
    };
    const refused = await edit(withEvents.id, withEvents.version, { ...same, timeZone: other });
    expect(refused).toEqual({
      ok: false,
      error: new VenueEditRefused({ field: 'timeZone', reason: 'hasPerformances' }),
    });
    expect(await db('venues').where({ id: withEvents.id }).first('time_zone', 'version')).toEqual({
      time_zone: withEvents.time_zone,
      version: withEvents.version,
    });
    const kept = await edit(withEvents.id, withEvents.version, {
      ...same,
      timeZone: withEvents.time_zone,
      address: 'Quay Street',
    });
    expect(kept).toMatchObject({
      ok: true,
      value: { timeZone: withEvents.time_zone, address: 'Quay Street' },
    });

    const empty = await newVenue();
    expect(await edit(empty, 1, { timeZone: 'Asia/Tokyo' })).toMatchObject({
      ok: true,
      value: { timeZone: 'Asia/Tokyo' },
    });
  });
});
