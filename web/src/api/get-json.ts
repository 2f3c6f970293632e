import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { fetchGet } from './early-requests.ts';

// An error's text is the response's message, its Message, or a plain string.
export const messageOf = async (response: Response): Promise<string | undefined> => {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'string') return body || undefined;
    if (body && typeof body === 'object') {
      const { Message, message } = body as { Message?: unknown; message?: unknown };
      if (typeof Message === 'string' && Message) return Message;
      if (typeof message === 'string' && message) return message;
    }
    return undefined;
  } catch {
    return text.trim() && text.length < 300 ? text.trim() : undefined;
  }
};

/** GETs an API path and parses the answer with its contract schema. */
export const getJson = async <S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> => {
  let response: Response;
  try {
    response = await fetchGet(path, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0);
  }
  if (!response.ok) throw new ApiError(response.status, await messageOf(response));
  return schema.parse(await response.json());
};
