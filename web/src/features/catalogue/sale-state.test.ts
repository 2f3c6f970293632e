import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOnSaleDate, saleStateOf, showsOnSaleOverlay, type SaleEvent } from './sale-state.ts';

const now = new Date('2026-11-22T12:00:00Z');
const earlybird = { ID: 2, IsPresale: true };
const save10 = { ID: 1, IsPresale: false };

const performance = (over: Partial<SaleEvent> = {}): SaleEvent => ({
  StartsAtUtc: '2027-02-05T19:30:00.000Z',
  Availability: 'High',
  IsBeforeSaleDate: false,
  IsPresale: false,
  PromotionIDs: [1, 2],
  ...over,
});
const novaNight = performance({ IsBeforeSaleDate: true, IsPresale: true, PromotionIDs: [2] });

describe('what a buyer can do with a performance (on sale, presale, sold out, past)', () => {
  it('on sale, sold out or past', () => {
    expect(saleStateOf(performance(), null, now)).toBe('OnSale');
    expect(saleStateOf(performance({ Availability: 'SoldOut' }), null, now)).toBe('SoldOut');
    expect(saleStateOf(performance({ StartsAtUtc: '2026-11-22T11:00:00Z' }), null, now)).toBe('Past');
  });

  it('before the sale date a presale night opens only with its presale promotion', () => {
    expect(saleStateOf(novaNight, null, now)).toBe('NotOnSale');
    expect(saleStateOf(novaNight, save10, now)).toBe('NotOnSale');
    expect(saleStateOf(novaNight, earlybird, now)).toBe('Presale');
    expect(saleStateOf({ ...novaNight, PromotionIDs: [] }, earlybird, now)).toBe('NotOnSale');
    // Not a presale performance: no code opens it early.
    expect(saleStateOf({ ...novaNight, IsPresale: false }, earlybird, now)).toBe('NotOnSale');
  });

  it('shows the on-sale overlay when every upcoming performance waits for its sale date', () => {
    expect(showsOnSaleOverlay([novaNight, novaNight], null, now)).toBe(true);
    expect(showsOnSaleOverlay([novaNight, novaNight], earlybird, now)).toBe(false);
    expect(showsOnSaleOverlay([novaNight, performance()], null, now)).toBe(false);
    expect(showsOnSaleOverlay([], null, now)).toBe(false);
    const past = performance({ StartsAtUtc: '2026-11-01T19:30:00Z' });
    expect(showsOnSaleOverlay([past, novaNight], null, now)).toBe(true);
  });

  it('never shows the overlay when something in view can be bought', () => {
    const anyPerformance = fc.record({
      StartsAtUtc: fc.constantFrom('2026-11-01T19:30:00Z', '2027-02-05T19:30:00Z'),
      Availability: fc.constantFrom('High', 'Medium', 'Low', 'SoldOut'),
      IsBeforeSaleDate: fc.boolean(),
      IsPresale: fc.boolean(),
      PromotionIDs: fc.subarray([1, 2]),
    }) as fc.Arbitrary<SaleEvent>;
    fc.assert(
      fc.property(
        fc.array(anyPerformance, { maxLength: 8 }),
        fc.constantFrom(null, earlybird, save10),
        (events, applied) => {
          const buyable = events.some((e) => ['OnSale', 'Presale'].includes(saleStateOf(e, applied, now)));
          if (buyable) expect(showsOnSaleOverlay(events, applied, now)).toBe(false);
        },
      ),
    );
  });

  it('names the earliest sale date', () => {
    expect(
      firstOnSaleDate([
        { LocalOnSaleDate: '2026-12-02T10:00:00' },
        { LocalOnSaleDate: '2026-11-25T10:00:00' },
      ]),
    ).toBe('2026-11-25T10:00:00');
    expect(firstOnSaleDate([])).toBeNull();
  });
});
