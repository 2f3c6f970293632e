import { describe, expect, it } from 'vitest';
import { reuseFor } from './reuse-for.ts';

describe('reuseFor', () => {
  it('reads once while the value is fresh, again after the ttl, and forgets a failed read', async () => {
    let reads = 0;
    let fail = false;
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const read = reuseFor(2_000, async () => {
        reads++;
        if (fail) throw new Error('down');
        return reads;
      });
      expect(await Promise.all([read(), read()])).toEqual([1, 1]);
      now += 1_999;
      expect(await read()).toBe(1);
      now += 1;
      fail = true;
      await expect(read()).rejects.toThrow('down');
      fail = false;
      expect(await read()).toBe(3);
      expect(reads).toBe(3);
    } finally {
      Date.now = realNow;
    }
  });
});
