import { z } from 'zod';
import { isApiError } from '../../api/api-error.ts';
import { sendJson } from '../../api/api-client.ts';

/**
 * Empties the buyer's basket on the server (its seats were priced with a promotion that no longer
 * applies). No basket yet (404) is the common case and fine; other failures are left for the
 * basket page to report, since clearing the promotion itself succeeded.
 */
export const clearServerBasket = async (): Promise<void> => {
  try {
    await sendJson('DELETE', '/api/baskets/deleteitems', {}, z.unknown());
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) console.warn('Could not clear the basket', error);
  }
};
