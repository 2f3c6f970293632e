import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountText, balanceAfter, checkCash, checkPart, parseAmount } from './tender.ts';

const minor = fc.integer({ min: 0, max: 10_000_000 });

describe('amounts typed at the counter', () => {
  it('reads decimals exactly, in minor units', () => {
    expect(parseAmount('12.34')).toBe(1234);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('1,250.00')).toBe(125000);
    expect(parseAmount('20')).toBe(2000);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('1.250,00')).toBe(125000);
  });

  it('reads back exactly what it writes', () => {
    fc.assert(
      fc.property(minor, (amount) => {
        expect(parseAmount(amountText(amount))).toBe(amount);
      }),
    );
  });
});

describe('the part of the balance a payment covers', () => {
  it('is more than 0 and at most the balance; less is a split tender', () => {
    fc.assert(
      fc.property(fc.option(minor, { nil: null }), minor, (amount, balance) => {
        const part = checkPart(amount, balance);
        if (amount === null) expect(part).toEqual({ ok: false, problem: 'invalid' });
        else if (amount === 0) expect(part).toEqual({ ok: false, problem: 'zero' });
        else if (amount > balance) expect(part).toEqual({ ok: false, problem: 'overBalance' });
        else expect(part).toEqual({ ok: true, amount, split: amount < balance });
      }),
    );
  });
});

describe('cash and change due', () => {
  it('gives change of tendered minus the amount, never negative', () => {
    expect(checkCash(5000, 3750)).toEqual({ ok: true, tendered: 5000, change: 1250 });
    expect(checkCash(3750, 3750)).toEqual({ ok: true, tendered: 3750, change: 0 });
    fc.assert(
      fc.property(minor, minor, (tendered, amount) => {
        const cash = checkCash(tendered, amount);
        if (tendered >= amount) {
          expect(cash).toEqual({ ok: true, tendered, change: tendered - amount });
          if (cash.ok) expect(cash.change + amount).toBe(tendered);
        } else expect(cash).toEqual({ ok: false, problem: 'short', short: amount - tendered });
      }),
    );
  });

  it('refuses a missing amount tendered', () => {
    expect(checkCash(null, 100)).toEqual({ ok: false, problem: 'invalid' });
  });
});

describe('split tender', () => {
  it('leaves the total minus what was paid, reaching 0 when the parts add up', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }), (parts) => {
        const total = parts.reduce((s, p) => s + p, 0);
        let paid: { Amount: number }[] = [];
        for (const part of parts) {
          const before = balanceAfter(total, paid);
          const check = checkPart(part, before);
          expect(check.ok).toBe(true);
          paid = [...paid, { Amount: part }];
          expect(balanceAfter(total, paid)).toBe(before - part);
        }
        expect(balanceAfter(total, paid)).toBe(0);
      }),
    );
  });

  it('never lets a part pay more than what is left', () => {
    fc.assert(
      fc.property(minor, minor, (total, part) => {
        const check = checkPart(part, total);
        if (check.ok) expect(balanceAfter(total, [{ Amount: check.amount }])).toBe(total - part);
      }),
    );
  });
});
