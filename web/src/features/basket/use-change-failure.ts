import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { failureText } from '../../api/failure-text.ts';
import { fetchExpirationTime } from './basket-api.ts';

/**
 * The words for a failed basket change: the server's, else the catalogue's under the fallback
 * key. A 404 for a basket that is really gone (the expiry call answers 404 too) leads to the
 * expired page instead, with no words (null); a 404 about something else (a delivery method)
 * is only words.
 */
export const useChangeFailure = (goExpired: () => void) => {
  const { t } = useTranslation();
  return async (error: unknown, fallbackKey = 'error.generic'): Promise<string | null> => {
    if (isApiError(error) && error.status === 404) {
      const gone = await fetchExpirationTime().then(
        () => false,
        (again: unknown) => isApiError(again) && again.status === 404,
      );
      if (gone) {
        goExpired();
        return null;
      }
    }
    return failureText(t, error, fallbackKey);
  };
};

/** The words of a failed change, or null when the page went elsewhere. */
export type ChangeFailure = ReturnType<typeof useChangeFailure>;
