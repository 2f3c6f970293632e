import {
  emptyInventoryThrottle,
  throttleInventoryRequest,
  type InventoryThrottleState,
} from '../../../../core/inventory/inventory-throttle.ts';
import { ApiError } from '../../api/api-error.ts';
import { inventoryBasePath } from './seatmap-paths.ts';

// Inventory requests are blocked on the client with a simulated 429
// when 5 fall within 250 ms; hold subclass ids that are missing are dropped and the rest sent
// comma-joined.

/** The holdSubclassIds query value, or undefined when no id is left. */
export const holdSubclassQuery = (ids: readonly (number | null | undefined)[]): string | undefined => {
  const kept = ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0);
  return kept.length ? kept.join(',') : undefined;
};

export const inventoryPath = (
  eventId: number,
  options: { salesChannel?: string; holdSubclassIds?: readonly (number | null | undefined)[] } = {},
): string => {
  const query = new URLSearchParams();
  if (options.salesChannel) query.set('salesChannel', options.salesChannel);
  const holds = holdSubclassQuery(options.holdSubclassIds ?? []);
  if (holds) query.set('holdSubclassIds', holds);
  const text = query.toString();
  return `${inventoryBasePath(eventId)}${text ? `?${text}` : ''}`;
};

/** The message a throttled request carries (as if the server had said it). */
export const THROTTLED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/**
 * A gate in front of the inventory calls of one page: a request that would be the fifth within
 * 250 ms fails with ApiError(429) without going out.
 */
export const createInventoryGate = (now: () => number = () => performance.now()) => {
  let state: InventoryThrottleState = emptyInventoryThrottle;
  return <T>(send: () => Promise<T>): Promise<T> => {
    const decision = throttleInventoryRequest(state, now());
    state = decision.state;
    if (!decision.allowed) return Promise.reject(new ApiError(429, THROTTLED_MESSAGE));
    return send();
  };
};
