import type { TFunction } from 'i18next';
import { isApiError } from './api-error.ts';

/**
 * What a failed call says to the buyer: the server's own Message when it gave one, else the
 * catalogue's words for the caller's fallback key ('Error completing request' by default); the
 * network's own words when the server could not be reached.
 */
export const failureText = (t: TFunction, error: unknown, fallbackKey = 'error.generic'): string => {
  if (isApiError(error) && error.status === 0) return t('error.network');
  return isApiError(error) ? error.messageOr(t(fallbackKey)) : t(fallbackKey);
};

/** The fields a refused form named (400), none for any other failure. */
export const refusedFields = (error: unknown): readonly string[] => (isApiError(error) ? error.fields : []);
