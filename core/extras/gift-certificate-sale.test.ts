import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketTotals } from '../basket/totals.ts';
import {
  cleanGiftSale,
  GIFT_AMOUNT_CHOICES,
  giftCertificateEmail,
  giftSaleProblem,
  MAX_GIFT_MESSAGE,
  MAX_GIFT_SALE_AMOUNT,
  MIN_GIFT_SALE_AMOUNT,
} from './gift-certificate-sale.ts';
import {
  codeFromRandomBytes,
  CODE_RANDOM_BYTES,
  formatGiftCertificateCode,
} from './gift-certificate-code.ts';
import { giftAmountToApply } from './gift-tender.ts';
import { amountProblem } from './gift-certificates.ts';

const request = (amount: number) => ({ amount, recipientName: null, recipientEmail: null, message: null });

describe('choosing a gift certificate', () => {
  it('accepts exactly the whole amounts within the limits, and every amount offered', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -10, max: MAX_GIFT_SALE_AMOUNT + 10 }), fc.double()),
        (amount) => {
          const ok =
            Number.isSafeInteger(amount) && amount >= MIN_GIFT_SALE_AMOUNT && amount <= MAX_GIFT_SALE_AMOUNT;
          const problem = giftSaleProblem(request(amount));
          expect(problem === null).toBe(ok);
          if (problem) expect(problem.field).toBe('Amount');
        },
      ),
    );
    for (const amount of GIFT_AMOUNT_CHOICES) expect(giftSaleProblem(request(amount))).toBeNull();
    // Whatever may be sold, the ledger may issue.
    expect(amountProblem(MAX_GIFT_SALE_AMOUNT)).toBeNull();
  });

  it('names the field of a message too long or an address that is not one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: MAX_GIFT_MESSAGE + 1, maxLength: MAX_GIFT_MESSAGE + 50 }),
        (message) => {
          expect(giftSaleProblem({ ...request(5000), message })?.field).toBe('Message');
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(s.trim())),
        (email) => {
          expect(giftSaleProblem({ ...request(5000), recipientEmail: email })?.field).toBe('RecipientEmail');
        },
      ),
    );
  });

  it('keeps blanks as none and the rest trimmed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, message) => {
        const clean = cleanGiftSale({ amount: 5000, recipientName: name, recipientEmail: ' ', message });
        expect(clean.recipientEmail).toBeNull();
        expect(clean.recipientName).toBe(name.trim() === '' ? null : name.trim());
        expect(clean.message).toBe(message.trim() === '' ? null : message.trim());
      }),
    );
  });
});

describe('gift certificates in the totals', () => {
  it('adds their amounts to Total, with no delivery charge for a basket of certificates only', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: MAX_GIFT_SALE_AMOUNT }), { maxLength: 5 }),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 5 }),
            unitPrice: fc.integer({ min: 0, max: 5000 }),
          }),
          {
            maxLength: 3,
          },
        ),
        fc.integer({ min: 0, max: 1000 }),
        (gifts, products, deliveryPrice) => {
          const without = basketTotals({ tickets: [], products, deliveryPrice, orderLevelFees: [] });
          const totals = basketTotals({
            tickets: [],
            products,
            deliveryPrice,
            orderLevelFees: [],
            giftCertificates: gifts.map((amount) => ({ amount })),
          });
          const sum = gifts.reduce((a, b) => a + b, 0);
          expect(totals.Total).toBe(without.Total + sum);
          expect(totals.GiftCertificateTotal).toBe(gifts.length > 0 ? sum : undefined);
          expect(totals.DeliveryTotal).toBe(without.DeliveryTotal);
        },
      ),
    );
  });
});

describe('paying with a certificate', () => {
  it('applies all of the balance or all that is due, whichever is less, never below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -100, max: 1_000_000 }),
        (balance, due) => {
          const applied = giftAmountToApply(balance, due);
          expect(applied).toBeGreaterThanOrEqual(0);
          expect(applied).toBeLessThanOrEqual(balance);
          expect(applied).toBeLessThanOrEqual(Math.max(0, due));
          expect(applied === balance || applied === Math.max(0, due)).toBe(true);
        },
      ),
    );
  });
});

describe('the certificate e-mail', () => {
  it('carries the code in groups to whom it is sent, and escapes the message in HTML', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: CODE_RANDOM_BYTES, maxLength: CODE_RANDOM_BYTES }),
        fc.string(),
        (bytes, message) => {
          const code = codeFromRandomBytes(bytes);
          const mail = giftCertificateEmail({
            code,
            amount: 5000,
            currencyLocale: 'en-us',
            recipientName: 'Grace',
            to: 'grace@example.com',
            buyerName: 'Ada',
            message: message.trim() === '' ? null : message,
            orderName: 'F0000001',
          });
          expect(mail.to).toBe('grace@example.com');
          expect(mail.text).toContain(`Your code: ${formatGiftCertificateCode(code)}`);
          expect(mail.html).not.toContain('<script');
        },
      ),
    );
  });
});
