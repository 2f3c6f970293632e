import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error.ts';

/** What a failed call says: the server's own Message when it gave one, else the fallback's words. */
export const failureText = (t: TFunction, error: unknown, fallbackKey = 'error.generic'): string => {
  if (isApiError(error) && error.status === 0) return t('error.network');
  return (isApiError(error) ? error.serverMessage : undefined) ?? t(fallbackKey);
};

/** The fields a 400 named. */
export const refusedFields = (error: unknown): readonly string[] =>
  error && typeof error === 'object' && 'fields' in error && Array.isArray(error.fields)
    ? (error.fields as unknown[]).filter((f): f is string => typeof f === 'string')
    : [];
