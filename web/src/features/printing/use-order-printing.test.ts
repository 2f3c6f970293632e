import { describe, expect, it } from 'vitest';
import type { PrinterView } from './printing-api.ts';
import { defaultDestination, parseDestination } from './use-order-printing.ts';

const printer = (Id: number, Kind: 'fgl' | 'escpos', Active = true): PrinterView => ({
  Id,
  Name: `P${Id}`,
  Kind,
  Address: 'tcp://127.0.0.1:9100',
  Dpi: 300,
  Verify: true,
  Active,
});

describe("where an order's printing goes first", () => {
  it("is this counter's bridge when it answered, else the first active server printer of the kind", () => {
    const printers = [printer(1, 'fgl', false), printer(2, 'escpos'), printer(3, 'fgl')];
    expect(defaultDestination(true, printers, 'fgl')).toBe('pos');
    expect(defaultDestination(false, printers, 'fgl')).toBe(3);
    expect(defaultDestination(false, printers, 'escpos')).toBe(2);
    expect(defaultDestination(false, [printer(1, 'fgl', false)], 'fgl')).toBe('pos');
  });

  it('reads the choice back from the select', () => {
    expect(parseDestination('pos')).toBe('pos');
    expect(parseDestination('12')).toBe(12);
  });
});
