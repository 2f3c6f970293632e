import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testSeason } from '../../../core/season/test-season.ts';
import { parseSeasonFile } from './file-schema.ts';

// The season file's schema: what it reads, the defaults it fills, and each problem by its path.

describe('the season file schema', () => {
  it('reads a whole file as it was written', () => {
    const parsed = parseSeasonFile(JSON.stringify(testSeason()));
    expect(parsed).toEqual({ ok: true, file: testSeason() });
  });

  it('fills a left-out section and field with its default, and keeps every instant in UTC', () => {
    const parsed = parseSeasonFile(
      JSON.stringify({
        version: 1,
        priceTypes: [{ code: 'Adult', name: 'Adult' }],
        promotions: [{ displayName: 'Outlet', startsAt: '2026-12-08T19:30:00+01:00' }],
      }),
    );
    expect(parsed.ok && parsed.file.venues).toEqual([]);
    expect(parsed.ok && parsed.file.priceTypes[0]).toEqual({
      code: 'Adult',
      name: 'Adult',
      description: null,
      isDefault: false,
      isComp: false,
      consumerVisible: true,
      displayOrder: 0,
      customerTagTypes: [],
    });
    expect(parsed.ok && parsed.file.promotions[0]).toMatchObject({
      code: null,
      startsAt: '2026-12-08T18:30:00.000Z',
      discountKind: 'Percent',
    });
  });

  it('names each problem by its JSON path', () => {
    const season = testSeason();
    const parsed = parseSeasonFile(
      JSON.stringify({
        ...season,
        version: 2,
        venues: [{ ...season.venues[0], timezone: 'UTC' }],
        events: [{ ...season.events[0], prices: [{ zone: 'ORCH', priceType: 'Adult', amount: 12.5 }] }],
      }),
    );
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.map((p) => `${p.path}: ${p.problem}`)).toEqual([
      'version: must be 1: this Foyer reads version 1 season files',
      'venues[0].timezone: unknown field "timezone"',
      'events[0].prices[0].amount: must be a whole number',
    ]);
  });

  it('leaves a field from after version 1 was first written out when the file does', () => {
    const season = testSeason();
    const { englishIncomplete: _e, ...template } = season.eventTemplates[0]!;
    const { offSaleAt: _o, ...event } = season.events[0]!;
    const parsed = parseSeasonFile(
      JSON.stringify({ ...season, eventTemplates: [template], events: [event] }),
    );
    expect(parsed.ok && parsed.file.eventTemplates[0]).not.toHaveProperty('englishIncomplete');
    expect(parsed.ok && parsed.file.events[0]).not.toHaveProperty('offSaleAt');
  });

  it('names an unknown language, a bad colour and an image whose bytes are not its hash', () => {
    const season = testSeason();
    const template = season.eventTemplates[0]!;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const hash = createHash('sha256').update(png).digest('hex');
    const good = { hash, contentType: 'image/png', width: 1, height: 1, data: png.toString('base64') };
    expect(parseSeasonFile(JSON.stringify({ ...season, images: [good] }))).toMatchObject({ ok: true });
    const parsed = parseSeasonFile(
      JSON.stringify({
        ...season,
        eventTemplates: [
          {
            ...template,
            texts: [{ language: 'xx', displayName: 'X' }],
            defaultPriceLevels: [{ zone: 'ORCH', label: 'Orchestra', color: 'red' }],
          },
        ],
        images: [
          { ...good, hash: hash.replace(/^./, hash[0] === '0' ? '1' : '0'), contentType: 'image/webp' },
        ],
      }),
    );
    expect(!parsed.ok && parsed.problems.map((p) => `${p.path}: ${p.problem}`)).toEqual([
      'eventTemplates[0].texts[0].language: unknown language "xx" — Foyer has en, fr, ko, pt, de, zh, ja, es',
      'eventTemplates[0].defaultPriceLevels[0].color: must be a colour written #rrggbb',
      'images[0].hash: is not the SHA-256 of the image’s data',
      'images[0].contentType: the data is image/png',
    ]);
  });

  it('answers text that is not JSON with one problem', () => {
    const parsed = parseSeasonFile('{"version": 1,');
    expect(!parsed.ok && parsed.problems[0]!.path).toBe('(the file)');
    expect(!parsed.ok && parsed.problems[0]!.problem).toMatch(/^not JSON: /);
  });
});
