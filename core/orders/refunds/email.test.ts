import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../i18n/format-money.ts';
import { refundEmail, refundWayWords, type RefundEmailFacts } from './email.ts';

const facts = (overrides: Partial<RefundEmailFacts> = {}): RefundEmailFacts => ({
  orderName: 'F0000123',
  buyerName: 'Ada Lovelace',
  email: 'ada@example.com',
  amount: 4_550,
  currencyLocale: 'en-us',
  refundType: 'CreditCard',
  cardBrand: 'Visa',
  cardLast4: '4242',
  ...overrides,
});

describe('the refund e-mail', () => {
  it('tells the buyer how much, for which order, and that it goes back to their card', () => {
    const message = refundEmail(facts());
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Refund of $45.50 for your order F0000123');
    for (const body of [message.text, message.html]) {
      expect(body).toContain('$45.50');
      expect(body).toContain('F0000123');
      expect(body).toContain('Visa ending 4242');
    }
    expect(message.attachments).toEqual([]);
  });

  it('says cash for cash from the till, PayPal for PayPal, and never a card for a check', () => {
    expect(refundWayWords(facts({ refundType: 'Cash' }))).toMatch(/cash/);
    expect(refundWayWords(facts({ refundType: 'PayPal', cardLast4: null }))).toMatch(/PayPal/);
    expect(refundWayWords(facts({ refundType: 'Check', cardLast4: null }))).not.toMatch(/card/);
  });

  it('any amount and locale is written as the order writes money; names are escaped in the HTML', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom('en-us', 'en-gb', 'fr-fr', 'de-de'),
        fc.string({ maxLength: 30, unit: fc.constantFrom('a', 'B', ' ', '<', '>', '&', '"', "'", 'é') }),
        (amount, locale, name) => {
          const message = refundEmail(facts({ amount, currencyLocale: locale, buyerName: name }));
          expect(message.subject).toContain(formatMoney(amount, locale));
          expect(message.text).toContain(`Dear ${name},`);
          const escaped = name.replace(
            /[&<>"']/g,
            (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
          );
          expect(message.html).toContain(`<p>Dear ${escaped},</p>`);
        },
      ),
    );
  });
});
