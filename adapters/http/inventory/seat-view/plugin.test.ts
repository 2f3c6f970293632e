import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/api-server.ts';
import { SvgData } from '../../contract/catalogue.ts';
import { SEAT_VIEW_FACES } from '../../contract/seatview.ts';

// GET /api/seatview/{venueConfigId}/{seatKey}/{face}.svg over the seeded demo: the Grand Theatre
// (configuration 1, a stage at the top of the plan) and Riverside Arena (2, a stage in the middle).

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(async () => {
  await api?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  api.server.inject({ method: 'GET', url, headers });

const configurationOf = async (seatCount: number) => {
  for (const id of [1, 2, 3]) {
    const res = await get(`/api/svg/svgdata/${id}`);
    if (res.statusCode !== 200) continue;
    const svg = SvgData.parse(JSON.parse(res.payload));
    if (svg.Rows.length === seatCount) return { svg, version: String(res.headers.etag).replaceAll('"', '') };
  }
  throw new Error(`no configuration with ${seatCount} seats`);
};

describe('view-from-seat faces', () => {
  it('answers each of the six faces of a seat as a cacheable SVG image', async () => {
    const { svg } = await configurationOf(1590);
    const seat = svg.Rows.find((r) => r.key.startsWith('STALLS-'))!;
    for (const face of SEAT_VIEW_FACES) {
      const res = await get(`/api/seatview/${svg.VenueConfigurationID}/${seat.key}/${face}.svg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers.etag).toMatch(new RegExp(`${seat.key}-${face}"$`));
      expect(res.payload).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1024" height="1024"/,
      );
      expect(res.payload).toContain('<polygon');
    }
  });

  it('draws the stage on the face the seat looks toward', async () => {
    const { svg } = await configurationOf(1590);
    // A stalls seat in the middle of the house looks up the plan (-Z): the stage's backdrop
    // (the curtain red) is on nz and not behind the seat, on pz.
    const middle = svg.Rows.filter((r) => r.key.startsWith('STALLS-')).sort(
      (a, b) => Math.abs(a.x - svg.FocalPoint.x) - Math.abs(b.x - svg.FocalPoint.x),
    )[0]!;
    const ahead = (await get(`/api/seatview/1/${middle.key}/nz.svg`)).payload;
    const behind = (await get(`/api/seatview/1/${middle.key}/pz.svg`)).payload;
    expect(ahead).toMatch(/fill="#8[0-9a-f]1[0-9a-f]2[0-9a-f]"/); // the backdrop, slightly faded
    expect(behind).not.toMatch(/fill="#8[0-9a-f]1[0-9a-f]2[0-9a-f]"/);
  });

  it('may be kept a year when the URL names the current map version, and revalidates with the ETag', async () => {
    const { svg, version } = await configurationOf(20_000);
    const seat = svg.Rows[100]!;
    const url = `/api/seatview/2/${seat.key}/pz.svg?v=${version}`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
  });

  it('refuses what is not a seat or a face', async () => {
    expect((await get('/api/seatview/1/NOPE-A-1/nz.svg')).statusCode).toBe(404);
    expect(JSON.parse((await get('/api/seatview/1/NOPE-A-1/nz.svg')).payload)).toEqual({
      Message: 'There is no seat NOPE-A-1 on this seat map.',
    });
    expect((await get('/api/seatview/999/STALLS-A-1/nz.svg')).statusCode).toBe(404);
    const badFace = await get('/api/seatview/1/STALLS-A-1/up.svg');
    expect(badFace.statusCode).toBe(400);
    expect(JSON.parse(badFace.payload).Message).toMatch(/^face: must be one of px, nx, py, ny, pz, nz/);
    expect((await get('/api/seatview/1/<script>/nz.svg')).statusCode).toBe(400);
  });
});
