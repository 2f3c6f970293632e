import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { fetchGet, fetchJson, sendEarly, takeEarly } from './early-requests.ts';

// A loopback stand-in that counts the requests it answers.
let server: http.Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.setHeader('content-type', 'application/json');
    if (req.url?.includes('missing')) res.statusCode = 404;
    res.end(JSON.stringify({ path: req.url, n: hits.get(req.url ?? '') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('early requests', () => {
  test('an early answer is taken once; the next read of the path asks the server again', async () => {
    const url = `${base}/api/events/1`;
    sendEarly(url);
    sendEarly(url); // a second early send of the same path is not a second request
    expect(await (await fetchGet(url)).json()).toEqual({ path: '/api/events/1', n: 1 });
    expect(takeEarly(url)).toBeUndefined();
    expect(await (await fetchGet(url)).json()).toEqual({ path: '/api/events/1', n: 2 });
  });

  test('the early look at an answer reads a copy: the app still reads the body', async () => {
    const url = `${base}/api/events/2`;
    const seen: unknown[] = [];
    sendEarly(url, { then: async (copy) => seen.push(await copy.json()) });
    expect(await (await fetchGet(url)).json()).toEqual({ path: '/api/events/2', n: 1 });
    expect(seen).toEqual([{ path: '/api/events/2', n: 1 }]);
  });

  test('an answer from more than 10 s ago is not handed out (live data is read again)', async () => {
    const url = `${base}/api/eventinventory/3`;
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1_000);
    sendEarly(url);
    now.mockReturnValue(11_000);
    expect(takeEarly(url)).toBeUndefined();
    now.mockRestore();
    expect(await (await fetchGet(url)).json()).toMatchObject({ path: '/api/eventinventory/3' });
  });

  test('an answer read early is handed over read, with its response, once', async () => {
    const url = `${base}/api/svg/svgdata/4`;
    sendEarly(url, { parse: true });
    const { response, json } = await fetchJson(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await json()).toEqual({ path: '/api/svg/svgdata/4', n: 1 });
    // Taken: the next read asks the server again.
    expect(await (await fetchJson(url)).json()).toEqual({ path: '/api/svg/svgdata/4', n: 2 });
  });

  test('an answer read early is not handed to a caller that wants the body itself', async () => {
    const url = `${base}/api/svg/svgdata/5`;
    sendEarly(url, { parse: true });
    expect(takeEarly(url)).toBeUndefined();
    expect(await (await fetchGet(url)).json()).toMatchObject({ path: '/api/svg/svgdata/5' });
  });

  test('a failed answer is not read early: its body is there for the error message', async () => {
    const url = `${base}/api/missing/6`;
    sendEarly(url, { parse: true });
    const { response, json } = await fetchJson(url);
    expect(response.status).toBe(404);
    expect(await json()).toEqual({ path: '/api/missing/6', n: 1 });
  });

  test('without an early request, fetchJson asks the server', async () => {
    const url = `${base}/api/eventinventory/7`;
    expect(await (await fetchJson(url)).json()).toEqual({ path: '/api/eventinventory/7', n: 1 });
  });
});
