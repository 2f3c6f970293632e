import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { answerOf, call, getJson, sendJson } from './api-client.ts';
import { isApiError, type ApiError } from './api-error.ts';

// A loopback stand-in answering what each path names, and remembering the requests' headers.
let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

const answers: Record<string, { status: number; body: string }> = {
  '/ok': { status: 200, body: JSON.stringify({ n: 1 }) },
  '/gone': { status: 404, body: JSON.stringify({ Message: 'Basket not found' }) },
  '/silent': { status: 500, body: '' },
  '/plain': { status: 503, body: 'Down for maintenance' },
  '/refused': {
    status: 400,
    body: JSON.stringify({ Message: 'Check the form', Fields: ['Email', 3], Reason: 'Too late' }),
  },
  '/action': { status: 422, body: JSON.stringify({ RequiresAction: true }) },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const answer = answers[req.url ?? ''] ?? { status: 418, body: '' };
    res.statusCode = answer.status;
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A browser that has the CSRF cookie already (no /healthz first).
  vi.stubGlobal('document', { cookie: 'foyer_csrf=tok' });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failure = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => {
      expect(isApiError(error)).toBe(true);
      return error as ApiError;
    },
  );

describe('the one API client', () => {
  test('a successful answer is parsed with its schema', async () => {
    expect(await getJson(`${base}/ok`, z.object({ n: z.number() }))).toEqual({ n: 1 });
  });

  test("a refusal carries its status and the server's Message", async () => {
    const error = await failure(getJson(`${base}/gone`, z.unknown()));
    expect(error.status).toBe(404);
    expect(error.serverMessage).toBe('Basket not found');
    expect(error.messageOr('Error completing request')).toBe('Basket not found');
  });

  test("without the server's words, the caller's fallback text is used", async () => {
    const error = await failure(getJson(`${base}/silent`, z.unknown()));
    expect(error.status).toBe(500);
    expect(error.serverMessage).toBeUndefined();
    expect(error.messageOr('Error completing request')).toBe('Error completing request');
  });

  test('a short plain-text refusal is the server’s words', async () => {
    expect((await failure(getJson(`${base}/plain`, z.unknown()))).serverMessage).toBe('Down for maintenance');
  });

  test('a refusal names the refused fields and the reason it gave', async () => {
    const error = await failure(sendJson('POST', `${base}/refused`, {}, z.unknown()));
    expect(error.fields).toEqual(['Email']);
    expect(error.reason).toBe('Too late');
  });

  test('a server that cannot be reached is status 0', async () => {
    const error = await failure(call('GET', 'http://127.0.0.1:1/nothing', { noStore: true }));
    expect(error.status).toBe(0);
  });

  test('a cancelled call rejects with the abort, not an ApiError', async () => {
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await getJson(`${base}/ok`, z.unknown(), controller.signal).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error)).toBe(false);
  });

  test('a state change echoes the CSRF token; a plain read does not', async () => {
    seen.length = 0;
    await sendJson('PUT', `${base}/ok`, { a: 1 }, z.unknown());
    await getJson(`${base}/ok`, z.unknown());
    expect(seen.map((h) => h['x-csrf-token'])).toEqual(['tok', undefined]);
    expect(seen[0]?.['content-type']).toBe('application/json');
    // A GET that changes state (reserving seats) carries it too.
    await call('GET', `${base}/ok`, { changesState: true });
    expect(seen[2]?.['x-csrf-token']).toBe('tok');
  });

  test('answerOf gives every answer as status and body, refusals included', async () => {
    expect(await answerOf('POST', `${base}/action`, { body: {} })).toEqual({
      status: 422,
      body: { RequiresAction: true },
    });
    expect(await answerOf('POST', 'http://127.0.0.1:1/nothing', { body: {} })).toEqual({
      status: 0,
      body: null,
    });
  });
});
