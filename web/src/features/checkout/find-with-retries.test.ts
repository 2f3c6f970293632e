import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findWithRetries, FIRST_LOOKUP_MS, MAX_LOOKUPS, RETRY_MS } from './find-with-retries.ts';

// The first invalid field is looked up after 500 ms, then every 200 ms, up
// to 20 times. Vitest's fake clock steps time; nothing here measures real time.

describe('finding the first invalid field', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks first after 500 ms and stops once it finds the field', () => {
    let lookups = 0;
    const found: string[] = [];
    findWithRetries(
      () => {
        lookups += 1;
        return lookups === 3 ? 'field' : null;
      },
      (f) => found.push(f),
    );
    vi.advanceTimersByTime(FIRST_LOOKUP_MS - 1);
    expect(lookups).toBe(0);
    vi.advanceTimersByTime(1);
    expect(lookups).toBe(1);
    vi.advanceTimersByTime(RETRY_MS * 2);
    expect(lookups).toBe(3);
    expect(found).toEqual(['field']);
    vi.advanceTimersByTime(RETRY_MS * 10);
    expect(lookups).toBe(3);
  });

  it('gives up after 20 lookups', () => {
    let lookups = 0;
    findWithRetries(
      () => {
        lookups += 1;
        return null;
      },
      () => expect.unreachable(),
    );
    vi.advanceTimersByTime(FIRST_LOOKUP_MS + RETRY_MS * 100);
    expect(lookups).toBe(MAX_LOOKUPS);
  });

  it('stops looking when cancelled (the buyer left the page)', () => {
    let lookups = 0;
    const stop = findWithRetries(
      () => {
        lookups += 1;
        return null;
      },
      () => undefined,
    );
    vi.advanceTimersByTime(FIRST_LOOKUP_MS + RETRY_MS);
    stop();
    vi.advanceTimersByTime(RETRY_MS * 30);
    expect(lookups).toBe(2);
  });
});
