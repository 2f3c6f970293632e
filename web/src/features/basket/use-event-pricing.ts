import { useEffect, useState } from 'react';
import { fetchEventPricing, type PricingData } from './basket-api.ts';
import { useMemberUserId } from '../memberships/member-user-id.ts';

/**
 * The consumer prices of the basket's events (which ticket types each level offers, and the
 * level colours), read once per event and code. Without them the page still works: every
 * price type of the basket is offered and the server says no to one that does not apply.
 */
export const useEventPricing = (events: readonly { eventId: number; promoCode: string | null }[]) => {
  const [pricing, setPricing] = useState<ReadonlyMap<string, PricingData>>(new Map());
  // A signed-in member's prices include the member types (features/memberships/member-user-id.ts).
  const userId = useMemberUserId();
  const wanted = `${userId ?? ''}:${events.map((e) => `${e.eventId}|${e.promoCode ?? ''}`).join(',')}`;
  useEffect(() => {
    const controller = new AbortController();
    for (const { eventId, promoCode } of events) {
      const key = `${userId ?? ''}:${eventId}|${promoCode ?? ''}`;
      if (pricing.has(key)) continue;
      fetchEventPricing(eventId, promoCode, controller.signal, userId)
        .catch(() => (promoCode ? fetchEventPricing(eventId, null, controller.signal, userId) : undefined))
        .then(
          (priced) => {
            if (priced && !controller.signal.aborted) setPricing((map) => new Map(map).set(key, priced));
          },
          () => undefined,
        );
    }
    return () => controller.abort();
    // Only when the set of events or codes changes.
  }, [wanted]);
  return (eventId: number, promoCode: string | null) =>
    pricing.get(`${userId ?? ''}:${eventId}|${promoCode ?? ''}`) ??
    pricing.get(`${userId ?? ''}:${eventId}|`);
};
