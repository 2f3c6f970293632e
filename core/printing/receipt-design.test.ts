import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderDocument } from '../orders/order-document.ts';
import { orderDocumentFactory, ticketFactory } from '../orders/test-factories.ts';
import { amountOf } from '../orders/ticket-text.ts';
import { columnsOf } from './printer-text.ts';
import { designRefundReceipt, designSaleReceipt, designSignaturePage } from './receipt-design.ts';
import type { ReceiptHeader, ReceiptPayment } from './receipt-input.ts';
import { columnsFor, type ReceiptLayout } from './receipt-layout.ts';

const someText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 200, size: 'max' }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 120, size: 'large' }),
);
const amount = fc.integer({ min: 0, max: 5_000_000 });

const documents = fc
  .record({
    name: someText,
    orderName: someText,
    firstName: someText,
    locale: fc.constantFrom('en-us', 'en-gb', 'fr-fr', 'de-de', 'ja-jp'),
    tickets: fc.array(fc.record({ priceType: someText, section: someText, amount }), {
      minLength: 1,
      maxLength: 8,
    }),
    fees: fc.integer({ min: 0, max: 10_000 }),
  })
  .map((r): OrderDocument => {
    const base = orderDocumentFactory();
    const tickets = r.tickets.map((t, i) =>
      ticketFactory({
        ticketId: 1 + i,
        eventId: i % 2 ? 202 : 101,
        priceTypeName: t.priceType,
        section: t.section,
        amount: t.amount,
      }),
    );
    return {
      ...base,
      orderName: r.orderName,
      currencyLocale: r.locale,
      buyer: { ...base.buyer, firstName: r.firstName },
      events: base.events.map((e) => (e.eventId === 101 ? { ...e, name: r.name } : e)),
      tickets,
      total: tickets.reduce((s, t) => s + t.amount, 0) + r.fees,
    };
  });

const headers = fc
  .record({
    name: someText,
    lines: fc.array(someText, { maxLength: 3 }),
    cashier: fc.option(someText),
  })
  .map((h): ReceiptHeader => ({
    ...h,
    timeZone: 'Europe/London',
    printedAt: new Date('2026-11-26T10:15:00Z'),
  }));

const payments = fc.array(
  fc.record({
    method: fc.constantFrom<ReceiptPayment['method']>('cash', 'card', 'gift-card', 'other'),
    amount,
    cardBrand: fc.option(someText),
    last4: fc.option(fc.stringMatching(/^[0-9]{4}$/)),
  }),
  { maxLength: 3 },
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fits = (layout: ReceiptLayout) => {
  for (const l of layout.lines)
    expect(columnsOf(l.text), JSON.stringify(l)).toBeLessThanOrEqual(columnsFor(l.size));
};

describe('receipts', () => {
  it('keep every line within the columns of its size', () => {
    fc.assert(
      fc.property(documents, headers, payments, (doc, header, pays) => {
        fits(designSaleReceipt({ doc, header, payments: pays }));
        fits(
          designRefundReceipt({
            doc,
            header,
            ticketIds: [doc.tickets[0]!.ticketId],
            refunds: pays,
            reason: 'x'.repeat(200),
          }),
        );
        fits(
          designSignaturePage({
            doc,
            header,
            payment: { method: 'card', amount: doc.total, cardBrand: 'Visa', last4: '4242' },
            copy: 'merchant',
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('add up: items and fees make the total, payments less the total are change less what is due', () => {
    fc.assert(
      fc.property(documents, headers, payments, (doc, header, pays) => {
        const receipt = designSaleReceipt({ doc, header, payments: pays });
        const t = receipt.totals;
        expect(t.items.reduce((a, b) => a + b, 0) + t.adjustments).toBe(t.total);
        expect(t.total).toBe(doc.total);
        expect(t.paid).toBe(pays.reduce((a, p) => a + p.amount, 0));
        if (pays.some((p) => p.method === 'cash')) expect(t.paid - t.total).toBe(t.change - t.due);
        else expect(t.change).toBe(0);
        expect(t.change === 0 || t.due === 0).toBe(true);
        const text = receipt.lines.map((l) => l.text).join('\n');
        expect(text).toContain(amountOf(doc, t.total));
        if (t.change > 0) expect(text).toMatch(new RegExp(`CHANGE DUE +${escape(amountOf(doc, t.change))}`));
        if (t.due > 0) expect(text).toMatch(new RegExp(`AMOUNT DUE +${escape(amountOf(doc, t.due))}`));
        expect(receipt.openDrawer).toBe(pays.some((p) => p.method === 'cash'));
      }),
      { numRuns: 200 },
    );
  });

  it('refund what the chosen tickets cost, shown as negative amounts', () => {
    fc.assert(
      fc.property(documents, headers, payments, (doc, header, refunds) => {
        const chosen = doc.tickets.filter((_, i) => i % 2 === 0);
        const receipt = designRefundReceipt({
          doc,
          header,
          ticketIds: chosen.map((t) => t.ticketId),
          refunds,
        });
        const total = chosen.reduce((a, t) => a + t.amount, 0);
        expect(receipt.totals.total).toBe(total);
        expect(receipt.totals.items.reduce((a, b) => a + b, 0)).toBe(total);
        expect(receipt.lines.map((l) => l.text).join('\n')).toContain(amountOf(doc, -total));
      }),
      { numRuns: 100 },
    );
  });

  it('print the sample sale as a box office would hand it over', () => {
    const doc = orderDocumentFactory();
    const receipt = designSaleReceipt({
      doc,
      header: {
        name: 'The Grand Theatre',
        timeZone: 'America/New_York',
        printedAt: new Date('2026-11-26T15:00:00Z'),
        cashier: 'Sam',
      },
      payments: [
        { method: 'card', amount: 10000, cardBrand: 'Visa', last4: '4242' },
        { method: 'cash', amount: 5000 },
      ],
    });
    const text = receipt.lines.map((l) => l.text);
    expect(text).toContain(`${'Order F-104242'.padEnd(32)}2026-11-26 10:00`);
    expect(text).toContain(`  Adult - Section Stalls, Row C, Seat 12${' '.repeat(2)}$45.50`);
    expect(text).toContain(`Visa ****4242${' '.repeat(28)}$100.00`);
    expect(text).toContain(`CHANGE DUE${' '.repeat(8)}$29.00`);
    expect(receipt.totals).toMatchObject({ total: 12100, paid: 15000, change: 2900, due: 0 });
    expect(receipt.openDrawer).toBe(true);
  });
});

describe('a Korean receipt', () => {
  it('writes the buyer family name first and counts each hangul syllable as two columns', () => {
    const doc = orderDocumentFactory({
      buyer: { firstName: '민준', lastName: '김', email: 'minjun@example.kr' },
      events: orderDocumentFactory().events.map((e) => ({ ...e, name: '햄릿', venueTimeZone: 'Asia/Seoul' })),
    });
    const header: ReceiptHeader = {
      name: '예술의전당',
      timeZone: 'Asia/Seoul',
      printedAt: new Date('2026-11-26T15:00:00Z'),
    };
    const receipt = designSaleReceipt({ doc, header, payments: [{ method: 'card', amount: 12100 }] });
    const text = receipt.lines.map((l) => l.text);
    expect(text).toContain('Customer 김민준');
    expect(text).toContain('햄릿');
    // 예술의전당 is ten columns: centred in the 24 of double size with seven spaces before it.
    expect(text[0]).toBe(`${' '.repeat(7)}예술의전당`);
    expect(receipt.hanAs).toBe('ko');
    fits(receipt);
    const signature = designSignaturePage({
      doc,
      header,
      payment: { method: 'card', amount: 12100 },
      copy: 'customer',
    });
    expect(signature.lines.map((l) => l.text.trim())).toContain('김민준');
  });
});
