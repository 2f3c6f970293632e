import type { z } from 'zod';
import { ApiError, apiErrorOf, isApiError, parseBody } from './api-error.ts';
import { csrfHeaders } from './csrf-token.ts';
import { fetchGet, fetchJson } from './early-requests.ts';

// The web app's one HTTP client for /api. Every call fails with ApiError (api-error.ts): status
// 0 when the server could not be reached, else the status and the server's words. A cancelled
// call (its signal aborted) rejects with the abort itself, never with an ApiError.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** A GET that changes state (reserving seats) carries the CSRF header like a POST. */
  readonly changesState?: boolean;
  /** Read afresh, never from the HTTP cache nor from an early request: answers about this person. */
  readonly noStore?: boolean;
}

/** A successful answer: its status (some calls tell outcomes apart by it) and its body. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A state change echoes the foyer_csrf cookie in a header (csrf-token.ts). A first visit straight
 * to a form has no cookie yet: any answer of the server sets it, so a GET of /healthz comes first.
 */
const ensureCsrfToken = async (signal?: AbortSignal) => {
  if (Object.keys(csrfHeaders()).length === 0)
    await fetch('/healthz', { signal, credentials: 'same-origin' }).catch(() => undefined);
};

/** Sends one request; a plain GET is answered from the page's early request when there is one. */
const send = async (method: Method, path: string, options: CallOptions): Promise<Response> => {
  const { body, signal, noStore } = options;
  const changes = method !== 'GET' || options.changesState === true;
  if (changes) await ensureCsrfToken(signal);
  try {
    if (!changes && !noStore) return await fetchGet(path, signal);
    return await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(changes ? csrfHeaders() : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      ...(noStore ? { cache: 'no-store' as const } : {}),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
};

/** One call: the successful answer's status and body (JSON, or its text); a refusal throws ApiError. */
export const call = async (method: Method, path: string, options: CallOptions = {}): Promise<Answer> => {
  const response = await send(method, path, options);
  if (!response.ok) throw await apiErrorOf(response);
  return { status: response.status, body: parseBody(await response.text().catch(() => '')) };
};

/**
 * One call whose every answer is an outcome, refusals included (status 0: the server could not
 * be reached): for the checkout and the card token, whose refusals the page tells apart.
 */
export const answerOf = async (method: Method, path: string, options: CallOptions = {}): Promise<Answer> => {
  try {
    return await call(method, path, options);
  } catch (error) {
    if (isApiError(error)) return { status: error.status, body: error.body };
    throw error;
  }
};

/** GETs an API path and parses the answer with its contract schema. */
export const getJson = async <S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> => schema.parse((await call('GET', path, { signal })).body);

/** Sends a JSON body (with the CSRF header) and parses the answer with its contract schema. */
export const sendJson = async <S extends z.ZodType>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> => schema.parse((await call(method, path, { body, signal })).body);

/**
 * A GET whose JSON is checked by `parse`, with the response for its headers. For the seat map's
 * large answers: the early script may have read their JSON already, while the app was loading.
 */
export const getParsed = async <T>(
  path: string,
  parse: (json: unknown) => T,
  signal?: AbortSignal,
): Promise<{ data: T; response: Response }> => {
  let answer: Awaited<ReturnType<typeof fetchJson>>;
  try {
    answer = await fetchJson(path, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  const { response, json } = answer;
  if (!response.ok) throw await apiErrorOf(response);
  return { data: parse(await json()), response };
};
