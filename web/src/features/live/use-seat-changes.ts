import { useEffect, useRef } from 'react';
import type { SeatChangeEvent } from '../../../../adapters/http/contract/basket.ts';
import { openSeatChanges } from './seat-change-stream.ts';

/**
 * Subscribes an open seat map to its event's seat changes while `eventId` is set (null: not
 * yet). The callbacks may change on every render; the stream is opened once per event.
 */
export const useSeatChanges = (
  eventId: number | null,
  handlers: { onChanges: (changes: SeatChangeEvent[]) => void; onReconnect?: () => void },
): void => {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (eventId === null || typeof EventSource === 'undefined') return;
    return openSeatChanges(eventId, {
      onChanges: (changes) => latest.current.onChanges(changes),
      onReconnect: () => latest.current.onReconnect?.(),
    });
  }, [eventId]);
};
