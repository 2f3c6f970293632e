import { isApiError } from '../../api/api-error.ts';

// What a refused call says, for the screens: the server's field (Field) and words, and whether it
// was a save over someone else's (409 with CurrentVersion).

export const isStale = (error: unknown): boolean =>
  isApiError(error) &&
  error.status === 409 &&
  typeof (error.body as { CurrentVersion?: unknown } | undefined)?.CurrentVersion === 'number';

export const refusedField = (error: unknown): unknown =>
  isApiError(error) ? (error.body as { Field?: unknown } | undefined)?.Field : undefined;

export const serverWords = (error: unknown, fallback: string): string =>
  (isApiError(error) ? error.serverMessage : undefined) ?? fallback;
