import { SeatChangeEvent } from '../../../../adapters/http/contract/basket.ts';

// GET /api/events/{id}/seatchanges: server-sent events, "event: seatchange" with
// { eventId, keys, status, at }. Changes arrive one by one (a busy on-sale sends hundreds a
// second), so they are handed on in small batches: one repaint per batch, still well within a
// second. After a reconnect, changes may have been missed: the caller reads the inventory again.

export const seatChangesPath = (eventId: number) => `/api/events/${eventId}/seatchanges`;

/** How long changes gather before they are handed on. */
export const BATCH_MS = 100;

/** The part of EventSource used here, so tests can stand one in. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  addEventListener(type: 'seatchange', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface SeatChangeHandlers {
  readonly onChanges: (changes: SeatChangeEvent[]) => void;
  /** The stream came back after a break: anything may have changed meanwhile. */
  readonly onReconnect?: () => void;
  /** The stream is open (first time and after each reconnect). */
  readonly onOpen?: () => void;
}

const browserEventSource: EventSourceFactory = (url) => new EventSource(url) as unknown as EventSourceLike;

/** Opens the stream of an event's seat changes; returns the function that closes it. */
export const openSeatChanges = (
  eventId: number,
  handlers: SeatChangeHandlers,
  options: { factory?: EventSourceFactory; batchMs?: number } = {},
): (() => void) => {
  const source = (options.factory ?? browserEventSource)(seatChangesPath(eventId));
  const batchMs = options.batchMs ?? BATCH_MS;
  let buffer: SeatChangeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let opened = false;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    handlers.onChanges(batch);
  };

  source.onopen = () => {
    if (closed) return;
    if (opened) handlers.onReconnect?.();
    opened = true;
    handlers.onOpen?.();
  };
  source.addEventListener('seatchange', (event) => {
    if (closed) return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return; // not ours to understand: skip it, the stream goes on
    }
    const parsed = SeatChangeEvent.safeParse(data);
    if (!parsed.success || parsed.data.eventId !== eventId) return;
    buffer.push(parsed.data);
    timer ??= setTimeout(flush, batchMs);
  });

  return () => {
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    buffer = [];
    source.close();
  };
};
