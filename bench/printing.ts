import { escposReceipt } from '../adapters/printing/escpos.ts';
import { fglTicket } from '../adapters/printing/fgl.ts';
import { orderDocumentFactory } from '../core/orders/test-factories.ts';
import { designSaleReceipt } from '../core/printing/receipt-design.ts';
import { designTicket } from '../core/printing/ticket-design.ts';
import { positiveArg } from './lib/args.ts';
import { printTable, writeResults } from './lib/results.ts';

// `npm run bench -- printing`: the printing encoders alone, no printer and no queue. Lays out
// and encodes 10,000 thermal tickets as FGL (alternating 200 and 300 dpi, with and without a
// stub, every tenth a reprint) and 10,000 sale receipts as ESC/POS through
// @point-of-sale/receipt-printer-encoder, after a warm-up of 500 each, on this thread. Prints
// tickets/s and receipts/s and writes bench/results/printing.json. `--count N` changes 10,000.

const WARM_UP = 500;

const doc = orderDocumentFactory();
const header = {
  name: 'The Grand Theatre',
  lines: ['1 Strand, London WC2'],
  timeZone: 'Europe/London',
  printedAt: new Date('2026-11-26T15:00:00Z'),
  cashier: 'Sam',
};

const ticket = (i: number) =>
  fglTicket(
    designTicket(
      {
        doc,
        ticket: doc.tickets[i % doc.tickets.length]!,
        stub: i % 2 === 0,
        reprint: i % 10 === 0,
        obscurePrice: i % 7 === 0,
        usherMessage: 'Enter by door C',
      },
      i % 2 === 0 ? 200 : 300,
    ),
  );

const receipt = (i: number) =>
  escposReceipt(
    designSaleReceipt({
      doc: { ...doc, orderName: `F-${100000 + i}` },
      header,
      payments: [
        { method: 'card', amount: 10000, cardBrand: 'Visa', last4: '4242' },
        { method: 'cash', amount: 5000 + (i % 100) },
      ],
    }),
  );

/** Runs `make` for 0 .. count - 1 and returns per second, keeping the output's size so it is not optimised away. */
const rate = (count: number, make: (i: number) => { length: number }) => {
  let bytes = 0;
  for (let i = 0; i < WARM_UP; i++) bytes += make(i).length;
  const started = performance.now();
  for (let i = 0; i < count; i++) bytes += make(i).length;
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, bytesPerItem: bytes / (count + WARM_UP) };
};

export default async (args: string[]): Promise<void> => {
  const count = positiveArg(args, 'count', 10_000);
  const tickets = rate(count, ticket);
  const receipts = rate(count, receipt);
  printTable(`Printing encoders, ${count.toLocaleString('en')} of each`, [
    { metric: 'fgl_tickets_per_s', value: tickets.perSecond, unit: 'tickets/s' },
    { metric: 'fgl_bytes_per_ticket', value: tickets.bytesPerItem, unit: 'bytes' },
    { metric: 'receipts_per_s', value: receipts.perSecond, unit: 'receipts/s' },
    { metric: 'escpos_bytes_per_receipt', value: receipts.bytesPerItem, unit: 'bytes' },
  ]);
  const file = await writeResults('printing', {
    fgl_tickets_per_s: Math.round(tickets.perSecond),
    receipts_per_s: Math.round(receipts.perSecond),
  });
  process.stdout.write(`Wrote ${file}\n`);
};
