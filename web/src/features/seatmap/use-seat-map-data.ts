import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { applySeatChanges, changesGaSection } from '../live/seat-changes.ts';
import { useSeatChanges } from '../live/use-seat-changes.ts';
import {
  fetchInventory,
  fetchPricing,
  fetchSeries,
  takeSeatMapLoad,
  type InventoryData,
  type PricingData,
  type SeatMapData,
  type SeriesData,
} from './seatmap-api.ts';
import { useMemberUserId } from '../memberships/member-user-id.ts';

// The screen's data: the map (event, geometry, inventory) once per performance, the prices again
// whenever the promo code changes; the series (agreement text, packages) once the map is drawn.

export type SeatMapLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly data: SeatMapData };

/**
 * The series (agreement text, packages, promotion names): not needed to draw, so asked for once
 * the map is drawn, off the path of the 20,000 seats (bench/seatmap.ts).
 */
export const useSeries = (eventCode: string, eventId: number, enabled: boolean): SeriesData | null => {
  const [series, setSeries] = useState<SeriesData | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchSeries(eventCode, eventId, controller.signal).then(
      (s) => setSeries(s),
      () => undefined, // the map works without it; the agreement then uses its default text
    );
    return () => controller.abort();
  }, [eventCode, eventId, enabled]);
  return series;
};

export const useSeatMapData = (input: { eventId: number; promoCode: string; groupCode: string }) => {
  const { eventId, promoCode, groupCode } = input;
  const [load, setLoad] = useState<SeatMapLoad>({ status: 'loading' });
  const [pricing, setPricing] = useState<{ key: string; pricing: PricingData; refusedCode?: string } | null>(
    null,
  );
  const [pricingBusy, setPricingBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A signed-in member's prices add the member types: read again once the account is known.
  const userId = useMemberUserId();
  const pricingKey = `${promoCode}|${groupCode}|${userId ?? ''}`;
  const codes = useRef({ promoCode, groupCode });
  codes.current = { promoCode, groupCode };

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    const { promoCode: promo, groupCode: group } = codes.current;
    takeSeatMapLoad(
      eventId,
      { promoCode: promo || undefined, groupCode: group || undefined },
      controller.signal,
    ).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'ready', data });
        setPricing({
          key: `${promo}|${group}|`,
          pricing: data.pricing,
          ...(data.refusedCode !== undefined ? { refusedCode: data.refusedCode } : {}),
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [eventId, attempt]);

  // A new code: the prices only.
  useEffect(() => {
    if (load.status !== 'ready' || pricing === null || pricing.key === pricingKey) return;
    const controller = new AbortController();
    setPricingBusy(true);
    const codesNow = { promoCode: promoCode || undefined, groupCode: groupCode || undefined, userId };
    fetchPricing(eventId, codesNow, controller.signal)
      .then(
        (priced) => setPricing({ key: pricingKey, pricing: priced }),
        async (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            const plain = await fetchPricing(eventId, { userId }, controller.signal);
            setPricing({ key: pricingKey, pricing: plain, refusedCode: error.serverMessage ?? '' });
          }
        },
      )
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) setPricingBusy(false);
      });
    return () => controller.abort();
  }, [load.status, pricing, pricingKey, eventId, promoCode, groupCode, userId]);

  /** Reads the live inventory again (after a seat was taken under the buyer). */
  const reloadInventory = useCallback(async (): Promise<InventoryData | null> => {
    try {
      const inventory = await fetchInventory(eventId);
      setLoad((current) =>
        current.status === 'ready' ? { status: 'ready', data: { ...current.data, inventory } } : current,
      );
      return inventory;
    } catch {
      return null;
    }
  }, [eventId]);

  // Live seat changes (features/live/): others' holds and releases repaint the map without a
  // reload; GA counts, and whatever was missed while the stream was down, are read again.
  const liveInventory = load.status === 'ready' ? load.data.inventory : null;
  useSeatChanges(liveInventory ? eventId : null, {
    onChanges: (changes) => {
      setLoad((current) => {
        const inventory = current.status === 'ready' ? current.data.inventory : null;
        if (current.status !== 'ready' || !inventory) return current;
        const next = applySeatChanges(inventory, changes).inventory;
        return next === inventory ? current : { status: 'ready', data: { ...current.data, inventory: next } };
      });
      if (liveInventory && changesGaSection(liveInventory, changes)) void reloadInventory();
    },
    onReconnect: () => void reloadInventory(),
  });

  return {
    load,
    pricing: pricing?.pricing ?? null,
    refusedCode: pricing?.refusedCode,
    pricingBusy: pricingBusy || (pricing !== null && pricing.key !== pricingKey),
    retry: () => setAttempt((n) => n + 1),
    reloadInventory,
  };
};
