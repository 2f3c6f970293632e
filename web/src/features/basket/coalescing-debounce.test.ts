import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescingDebounce, PRODUCT_UPDATE_DEBOUNCE_MS } from './coalescing-debounce.ts';

// The clock is vitest's fake one: these tests are about the order of events, not the machine's speed.

/** A send whose answers the test releases one by one. */
const controlledSend = () => {
  const batches: [string, number][][] = [];
  const answers: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  const send = (batch: ReadonlyMap<string, number>) => {
    batches.push([...batch]);
    return new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  };
  return { send, batches, answers };
};

describe('coalescing debounce (product quantity updates)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1000 ms after the last change, then sends one batch with the last value of each key', async () => {
    const { send, batches } = controlledSend();
    const queue = coalescingDebounce({ delayMs: PRODUCT_UPDATE_DEBOUNCE_MS, send });
    queue.put('programme', 1);
    await vi.advanceTimersByTimeAsync(600);
    queue.put('programme', 2);
    queue.put('wine', 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toEqual([]);
    expect(queue.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        ['programme', 2],
        ['wine', 1],
      ],
    ]);
  });

  it('keeps changes made while a batch is in flight for the next batch, sent after the first settles', async () => {
    const { send, batches, answers } = controlledSend();
    const queue = coalescingDebounce({ delayMs: 1000, send });
    queue.put('programme', 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toHaveLength(1);
    queue.put('programme', 0);
    await vi.advanceTimersByTimeAsync(5000);
    // Due, but the first is still in flight: the server must see 2 before 0.
    expect(batches).toHaveLength(1);
    answers[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([[['programme', 2]], [['programme', 0]]]);
    answers[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.busy()).toBe(false);
  });

  it('goes on after a refused batch', async () => {
    const { send, batches, answers } = controlledSend();
    const queue = coalescingDebounce({ delayMs: 1000, send });
    queue.put('wine', 3);
    await vi.advanceTimersByTimeAsync(1000);
    queue.put('wine', 1);
    answers[0]!.reject(new Error('409'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches).toEqual([[['wine', 3]], [['wine', 1]]]);
  });

  it('flush sends at once and settles when the batch has been answered; cancel drops what waits', async () => {
    const { send, batches, answers } = controlledSend();
    const queue = coalescingDebounce({ delayMs: 1000, send });
    queue.put('cloakroom', 1);
    let flushed = false;
    void queue.flush().then(() => (flushed = true));
    expect(batches).toEqual([[['cloakroom', 1]]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    answers[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    // Nothing more goes when the wait would have ended.
    await vi.advanceTimersByTimeAsync(2000);
    expect(batches).toHaveLength(1);

    queue.put('cloakroom', 2);
    queue.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(batches).toHaveLength(1);
    expect(queue.busy()).toBe(false);
  });
});
