import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatChangeEvent } from '../../../../adapters/http/contract/basket.ts';
import { openSeatChanges, type EventSourceLike } from './seat-change-stream.ts';

class FakeSource implements EventSourceLike {
  static last: FakeSource | undefined;
  onopen: ((event: Event) => void) | null = null;
  listeners: ((event: MessageEvent<string>) => void)[] = [];
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.last = this;
  }
  addEventListener(_type: 'seatchange', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    for (const l of this.listeners) l({ data: text } as MessageEvent<string>);
  }
}

const factory = (url: string) => new FakeSource(url);
const change = (keys: string[], eventId = 3): SeatChangeEvent => ({
  eventId,
  keys,
  status: 'Unavailable',
  at: 'now',
});

describe('the seat change stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('listens on the event’s seatchanges path and hands changes on in one batch', () => {
    const batches: SeatChangeEvent[][] = [];
    const close = openSeatChanges(3, { onChanges: (c) => batches.push(c) }, { factory, batchMs: 100 });
    const source = FakeSource.last!;
    expect(source.url).toBe('/api/events/3/seatchanges');
    source.open();
    source.send(change(['A-1']));
    source.send(change(['A-2']));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([[change(['A-1']), change(['A-2'])]]);
    source.send(change(['A-3']));
    vi.advanceTimersByTime(100);
    expect(batches).toHaveLength(2);
    close();
    expect(source.closed).toBe(true);
  });

  it('skips what it cannot read and changes of other events', () => {
    const batches: SeatChangeEvent[][] = [];
    openSeatChanges(3, { onChanges: (c) => batches.push(c) }, { factory });
    const source = FakeSource.last!;
    source.send('not json');
    source.send({ eventId: 3, keys: 'A-1' });
    source.send(change(['A-1'], 4));
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([]);
  });

  it('asks for a fresh read after a reconnect, not after the first open', () => {
    const onReconnect = vi.fn();
    openSeatChanges(3, { onChanges: () => undefined, onReconnect }, { factory });
    const source = FakeSource.last!;
    source.open();
    expect(onReconnect).not.toHaveBeenCalled();
    source.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('hands nothing on once closed, even what was waiting', () => {
    const batches: SeatChangeEvent[][] = [];
    const close = openSeatChanges(3, { onChanges: (c) => batches.push(c) }, { factory });
    FakeSource.last!.send(change(['A-1']));
    close();
    vi.advanceTimersByTime(1000);
    FakeSource.last!.send(change(['A-2']));
    vi.advanceTimersByTime(1000);
    expect(batches).toEqual([]);
  });
});
