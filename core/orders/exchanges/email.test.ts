import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../i18n/format-money.ts';
import { differenceWords, exchangeEmail, type ExchangeEmailFacts } from './email.ts';
import { withTicketsOnly } from '../staff-orders/mail-tickets.ts';
import type { OrderDocument } from '../order-document.ts';
import { orderDocumentFactory } from '../test-factories.ts';

// The order document has tickets 9001, 9002 (Hamlet, seated) and 9003 (Winter Crossing, GA).
const facts = (overrides: Partial<ExchangeEmailFacts> = {}, doc: OrderDocument = orderDocumentFactory()) => ({
  given: withTicketsOnly(doc, [9001, 9002]),
  received: withTicketsOnly(doc, [9003]),
  difference: 500,
  balanceDue: 500,
  ...overrides,
});
const PDF = new Uint8Array([37, 80, 68, 70]);

describe('the exchange e-mail', () => {
  it('names the tickets given up, attaches only the new ones, and says what is left to pay', () => {
    const message = exchangeEmail(facts(), PDF);
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Your exchange for order F-104242');
    const [given, received] = message.text.split('Your new tickets:');
    expect(given).toContain('Hamlet');
    expect(given).toContain('Section Stalls, Row C, Seat 13 - Child');
    expect(given).not.toContain('Winter Crossing');
    expect(received).toContain('Winter Crossing');
    expect(received).toContain('General admission: Floor - Standard - $50.50');
    expect(received).not.toContain('Hamlet');
    expect(message.text).toContain('Your new tickets cost $5.00 more. Still to pay on your order: $5.00.');
    expect(message.attachments).toEqual([
      { filename: 'tickets-F-104242.pdf', content: PDF, contentType: 'application/pdf' },
    ]);
  });

  it('says money owed back when the new tickets cost less, and nothing to pay when the same', () => {
    expect(differenceWords(facts({ difference: -1_250, balanceDue: -1_250 }))).toBe(
      'Your new tickets cost $12.50 less. This is owed back to you: you will get an e-mail when it is refunded.',
    );
    expect(differenceWords(facts({ difference: 0, balanceDue: 0 }))).toMatch(/nothing to pay/);
  });

  it('tickets by post or at the box office carry no PDF; a printable delivery without one is a fault', () => {
    const posted = orderDocumentFactory({ deliveryMethod: { name: 'By post', type: 'Mail' } });
    const message = exchangeEmail(facts({}, posted), null);
    expect(message.attachments).toEqual([]);
    expect(message.text).toContain('By post');
    expect(() => exchangeEmail(facts(), null)).toThrow(/needs the tickets PDF/);
  });

  it('any difference is written once, in the order’s money, with the right direction', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.constantFrom('en-us', 'en-gb', 'fr-fr'),
        (difference, balanceDue, currencyLocale) => {
          const doc = orderDocumentFactory({ currencyLocale });
          const words = differenceWords(facts({ difference, balanceDue }, doc));
          if (difference === 0) expect(words).toMatch(/nothing to pay/);
          else {
            expect(words).toContain(formatMoney(Math.abs(difference), currencyLocale));
            expect(words).toMatch(difference > 0 ? /more/ : /less/);
          }
          if (difference > 0 && balanceDue > 0)
            expect(words).toContain(`Still to pay on your order: ${formatMoney(balanceDue, currencyLocale)}`);
          const message = exchangeEmail(facts({ difference, balanceDue }, doc), PDF);
          expect(message.text).toContain(words);
        },
      ),
    );
  });

  it('buyer and event names are escaped in the HTML', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20, unit: fc.constantFrom('a', 'B', ' ', '<', '>', '&', '"', "'") }),
        (name) => {
          const doc = orderDocumentFactory({
            buyer: { firstName: name, lastName: 'X', email: 'x@example.com' },
          });
          const html = exchangeEmail(facts({}, doc), PDF).html;
          const escaped = `${name.trim()} X`
            .trim()
            .replace(
              /[&<>"']/g,
              (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
            );
          expect(html).toContain(`<p>Dear ${escaped},</p>`);
        },
      ),
    );
  });
});
