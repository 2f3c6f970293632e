import { describe, expect, it } from 'vitest';
import type { PrinterView } from './printing-api.ts';
import { NO_POS } from '../pos/pos-detect.ts';
import { defaultDestination, explainsNoBridge, parseDestination } from './use-order-printing.ts';

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

describe('a print button without a bridge', () => {
  it('explains how to print when the print goes to a bridge that did not answer', () => {
    const bridge = { present: true, version: '1.8.0', paired: true, name: 'Counter 1', logs: true } as const;
    expect(explainsNoBridge(NO_POS, 'pos')).toBe(true);
    expect(explainsNoBridge(NO_POS, 3)).toBe(false);
    expect(explainsNoBridge(bridge, 'pos')).toBe(false);
    // Still looking: nothing to explain yet.
    expect(explainsNoBridge(null, 'pos')).toBe(false);
  });
});
