import { describe, expect, it } from 'vitest';
import { eventDateText, orderDateText, orderMoney } from './order-format.ts';

describe('an order’s money and dates', () => {
  it('writes the total in the order’s currency, the reader’s way when the table has it', () => {
    expect(orderMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(orderMoney(1250, 'GBP', 'fr')).toBe('£12.50');
    expect(orderMoney(1250, 'EUR', 'en')).toBe('€12.50');
    expect(orderMoney(1250, 'EUR', 'fr')).toBe('12,50\u00a0€');
    expect(orderMoney(1250, 'usd', 'de')).toBe('$12.50');
    expect(orderMoney(1250, 'XXX', 'en')).toBe('$12.50');
  });

  it('shows a performance on its venue’s clock, wherever the reader is', () => {
    // 00:30 UTC on 2 December is 7:30 PM on 1 December in New York.
    const text = eventDateText('2026-12-02T00:30:00Z', 'America/New_York', 'en-US');
    expect(text).toContain('Dec 1, 2026');
    expect(text).toContain('7:30');
    expect(text).toMatch(/EST/);
    expect(eventDateText('2026-12-02T00:30:00Z', 'Europe/London', 'en-GB')).toContain('00:30');
  });

  it('falls back to UTC for an unknown zone and to the text itself for a bad date', () => {
    expect(eventDateText('2026-12-02T00:30:00Z', 'Not/AZone', 'en-US')).toMatch(/12:30.*UTC/);
    expect(eventDateText('not a date', 'UTC', 'en-US')).toBe('not a date');
    expect(orderDateText('2026-11-20T15:00:00Z', 'en-US')).toBe('Nov 20, 2026');
  });
});
