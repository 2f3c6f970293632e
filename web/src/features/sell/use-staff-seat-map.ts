import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  BoxOfficeInventory,
  SellTicketSeatMap,
} from '../../../../adapters/http/contract/staff-inventory.ts';
import { useSeatChanges } from '../live/use-seat-changes.ts';
import {
  fetchEvent,
  fetchPricing,
  fetchSvgData,
  type EventData,
  type PricingData,
  type VenueGeometry,
} from '../seatmap/seatmap-api.ts';
import { fetchBoxOfficeInventory, fetchSellTicketSeatMap } from './sell-api.ts';

// The staff seat map's data: the event, the prices (every price type: a staff session reads the
// box office's view), the geometry and the admin actions once; the staff inventory again whenever
// the clerk changes the holds they sell from, and when seats change under them.

export interface StaffMapBase {
  readonly event: EventData;
  readonly pricing: PricingData;
  readonly svg: VenueGeometry;
  readonly svgVersion: string | undefined;
  readonly seatMap: SellTicketSeatMap;
}

export type StaffMapLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly base: StaffMapBase; readonly inventory: BoxOfficeInventory };

export const useStaffSeatMap = (eventId: number, holdSubclassIds: readonly number[]) => {
  const [base, setBase] = useState<StaffMapBase | null>(null);
  const [inventory, setInventory] = useState<BoxOfficeInventory | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const holdKey = [...holdSubclassIds].sort((a, b) => a - b).join(',');
  const holds = useRef(holdSubclassIds);
  holds.current = holdSubclassIds;

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    const { signal } = controller;
    (async () => {
      const [event, pricing, seatMap] = await Promise.all([
        fetchEvent(eventId, signal),
        fetchPricing(eventId, {}, signal),
        fetchSellTicketSeatMap(eventId, signal),
      ]);
      const svg = await fetchSvgData(event.VenueConfigurationID, signal);
      if (!signal.aborted) setBase({ event, pricing, seatMap, svg: svg.svg, svgVersion: svg.version });
    })().catch((e: unknown) => {
      if (!signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [eventId, attempt]);

  useEffect(() => {
    const controller = new AbortController();
    fetchBoxOfficeInventory(eventId, holds.current, controller.signal).then(
      (read) => setInventory(read),
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      },
    );
    return () => controller.abort();
  }, [eventId, holdKey, attempt]);

  const reloadInventory = useCallback(async () => {
    try {
      setInventory(await fetchBoxOfficeInventory(eventId, holds.current));
    } catch {
      // The next change or a reload tries again.
    }
  }, [eventId]);

  // Someone else's hold, release or sale: the staff view is read again (it names holds and
  // orders, which the consumer's change feed does not carry).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSeatChanges(inventory ? eventId : null, {
    onChanges: () => {
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void reloadInventory();
      }, 300);
    },
    onReconnect: () => void reloadInventory(),
  });
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const load: StaffMapLoad = error
    ? { status: 'error', error }
    : base && inventory
      ? { status: 'ready', base, inventory }
      : { status: 'loading' };
  return { load, reloadInventory, retry: () => setAttempt((n) => n + 1) };
};
