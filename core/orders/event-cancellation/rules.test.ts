import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportLine } from './ports.ts';
import { csvRecord, durationText, feeForOrder, majorUnitsOf, progressOf, reportCsv } from './rules.ts';
import { readTypedAmount } from '../../shared/typed-amount.ts';

/** Reads RFC 4180 records back (quoted fields, doubled quotes, CRLF record ends). */
const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
};

const countsArb = fc
  .record({ done: fc.nat(5_000), failed: fc.nat(500), pending: fc.nat(5_000) })
  .map((c) => ({ ...c, total: c.done + c.failed + c.pending }));

describe('the fee an order keeps', () => {
  it('is the run fee, never more than the tickets it loses cost, never negative', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (fee, value) => {
        const kept = feeForOrder(fee, value);
        expect(kept).toBeGreaterThanOrEqual(0);
        expect(kept).toBeLessThanOrEqual(value);
        expect(kept).toBe(fee <= value ? fee : value);
      }),
    );
  });
});

describe('a fee typed in major units', () => {
  it('reads back what majorUnitsOf wrote, for 0, 2 and 3 decimals', () => {
    fc.assert(
      fc.property(fc.nat(999_999_999), fc.constantFrom(0, 2, 3), (minor, digits) => {
        expect(readTypedAmount(majorUnitsOf(minor, digits), digits)).toBe(minor);
      }),
    );
  });

  it('takes fewer decimals than the currency has, and refuses more, signs, floats and words', () => {
    expect(readTypedAmount('2.5', 2)).toBe(250);
    expect(readTypedAmount('3', 2)).toBe(300);
    expect(readTypedAmount(' 0.07 ', 2)).toBe(7);
    for (const bad of ['2.505', '2,505', '-1', '1e3', 'two', '', '.5', '1.', '0x10'])
      expect(readTypedAmount(bad, 2)).toBeNull();
    expect(readTypedAmount('5.0', 0)).toBeNull();
  });
});

describe('progress of a run', () => {
  it('counts only this session for the rate, and its time left clears what is pending at that rate', () => {
    fc.assert(
      fc.property(
        countsArb,
        fc.nat(10_000),
        fc.integer({ min: 1, max: 3_600_000 }),
        (counts, before, elapsed) => {
          const workedAtStart = Math.min(before, counts.done + counts.failed);
          const p = progressOf(counts, workedAtStart, 1_000, 1_000 + elapsed);
          const worked = counts.done + counts.failed - workedAtStart;
          expect(p.rate).toBeCloseTo(worked / (elapsed / 1000), 6);
          if (counts.pending === 0) expect(p.secondsLeft).toBe(0);
          else if (worked === 0) expect(p.secondsLeft).toBeNull();
          else {
            expect(p.secondsLeft! * p.rate).toBeGreaterThanOrEqual(counts.pending - 1e-6);
            expect((p.secondsLeft! - 1) * p.rate).toBeLessThan(counts.pending);
          }
          expect(p.done + p.failed + p.pending).toBe(p.total);
        },
      ),
    );
  });

  it('has no rate before any time passed', () => {
    const p = progressOf({ total: 10, done: 3, failed: 0, pending: 7 }, 0, 5_000, 5_000);
    expect(p).toMatchObject({ rate: 0, secondsLeft: null });
  });

  it('prints time left as m:ss or h:mm:ss', () => {
    expect(durationText(null)).toBe('--');
    expect(durationText(7)).toBe('0:07');
    expect(durationText(242)).toBe('4:02');
    expect(durationText(3909)).toBe('1:05:09');
  });
});

describe('the report CSV', () => {
  const lineArb: fc.Arbitrary<ReportLine> = fc.record({
    orderId: fc.nat(),
    orderName: fc.string(),
    email: fc.option(fc.string()),
    ticketsCancelled: fc.nat(20),
    refunded: fc.nat(1_000_000),
    status: fc.constantFrom('pending', 'done', 'failed'),
    error: fc.option(fc.string()),
  });

  it('reads back cell for cell, whatever commas, quotes or line breaks the names hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'binary-ascii' }), { minLength: 1, maxLength: 6 })),
        (rows) => {
          const text = rows
            .map(csvRecord)
            .map((r) => `${r}\r\n`)
            .join('');
          expect(parseCsv(text)).toEqual(rows);
        },
      ),
    );
  });

  it('has the header and one record per order, refunds in major units', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        const records = parseCsv(reportCsv(lines, 2));
        expect(records[0]).toEqual(['Order', 'Email', 'TicketsCancelled', 'Refunded', 'Status', 'Error']);
        expect(records.slice(1)).toEqual(
          lines.map((l) => [
            l.orderName,
            l.email ?? '',
            String(l.ticketsCancelled),
            majorUnitsOf(l.refunded, 2),
            l.status,
            l.error ?? '',
          ]),
        );
      }),
    );
  });
});
