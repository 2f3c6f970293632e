import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSaleFlash, type SaleFlash } from './sale-flash.ts';

describe("the sale's confirmation carried to the sell screen", () => {
  it('reads back what was kept', () => {
    fc.assert(
      fc.property(
        fc.record<SaleFlash>({
          orderId: fc.integer({ min: 1 }),
          orderName: fc.string(),
          changeDue: fc.integer({ min: 0 }),
          balanceDue: fc.integer({ min: 0 }),
          locale: fc.constantFrom('en-US', 'en-GB'),
          awaitingPrint: fc.boolean(),
        }),
        (flash) => {
          expect(parseSaleFlash(JSON.stringify(flash))).toEqual(flash);
        },
      ),
    );
  });

  it('ignores anything else', () => {
    for (const text of [null, '', 'nope', '{}', '[]', 'null', '{"orderId":"1","orderName":"A"}'])
      expect(parseSaleFlash(text)).toBeNull();
  });
});
