import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../api/api-error.ts';
import { createInventoryGate, holdSubclassQuery, inventoryPath } from './inventory-request.ts';

describe('inventory requests', () => {
  it('drops missing hold subclass ids and comma-joins the rest', () => {
    expect(holdSubclassQuery([3, null, undefined, 7])).toBe('3,7');
    expect(holdSubclassQuery([null, undefined])).toBeUndefined();
    expect(inventoryPath(12, { holdSubclassIds: [null, 4, undefined, 9] })).toBe(
      '/api/eventinventory/12?holdSubclassIds=4%2C9',
    );
    expect(inventoryPath(12)).toBe('/api/eventinventory/12');
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined })), (ids) => {
        const query = holdSubclassQuery(ids);
        const kept = ids.filter((id) => id !== undefined);
        if (kept.length === 0) expect(query).toBeUndefined();
        else expect(query!.split(',').map(Number)).toEqual(kept);
      }),
    );
  });

  it('answers a simulated 429 to the fifth request within 250 ms, without sending it', async () => {
    let clock = 1000;
    const gate = createInventoryGate(() => clock);
    let sent = 0;
    const send = () => {
      sent++;
      return Promise.resolve('ok');
    };
    for (let i = 0; i < 4; i++) {
      await expect(gate(send)).resolves.toBe('ok');
      clock += 50;
    }
    const blocked = await gate(send).catch((error: unknown) => error);
    expect(isApiError(blocked) && blocked.status).toBe(429);
    expect(sent).toBe(4);
    clock = 1000 + 250;
    await expect(gate(send)).resolves.toBe('ok');
    expect(sent).toBe(5);
  });
});
