import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { csrfHeaders } from './csrf-token.ts';
import { messageOf } from './get-json.ts';

/**
 * Sends a JSON body to an API path (POST, PUT, PATCH, DELETE) with the CSRF header, and parses
 * the answer with its contract schema. Without a token yet (first visit straight to a form),
 * a GET to /healthz fetches the cookie first.
 */
export const sendJson = async <S extends z.ZodType>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> => {
  if (Object.keys(csrfHeaders()).length === 0)
    await fetch('/healthz', { signal, credentials: 'same-origin' }).catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...csrfHeaders() },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return schema.parse(await response.json());
};
