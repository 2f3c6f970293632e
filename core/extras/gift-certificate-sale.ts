import { Effect } from 'effect';
import { HouseCurrencySetting } from '../accounts/house-currency.ts';
import { formatMoney } from '../i18n/format-money.ts';
import type { MailMessage } from '../orders/ports.ts';
import { formatGiftCertificateCode } from './gift-certificate-code.ts';
import { escapeHtml } from '../shared/escape-html.ts';

// Selling gift certificates: what a buyer may choose (the amounts offered, or their own within
// the limits), who the certificate is for, and the e-mail that carries its code. Pure but for the
// currency it is sold in (the house currency); the use cases are in gift-certificate-sale-actions.ts.

/** The amounts the selection page offers, in minor units (25.00, 50.00, 100.00, 200.00). */
export const GIFT_AMOUNT_CHOICES: readonly number[] = [2500, 5000, 10000, 20000];
/** A custom amount: 10.00 to 1,000.00. */
export const MIN_GIFT_SALE_AMOUNT = 1000;
export const MAX_GIFT_SALE_AMOUNT = 100_000;
export const MAX_RECIPIENT_NAME = 100;
export const MAX_GIFT_MESSAGE = 500;
/**
 * The currency a certificate bought on its own is sold (and issued) in: a basket without events
 * is charged in the house currency (core/orders/checkout/order-draft.ts, core/basket/rules/one-currency.ts), so the
 * selection page shows its amounts in the same one.
 */
export const giftSaleCurrency = Effect.gen(function* () {
  const house = yield* (yield* HouseCurrencySetting).current();
  return { code: house.isoCurrencyCode, locale: house.currencyLocale };
});

export interface GiftSaleRequest {
  readonly amount: number;
  readonly recipientName: string | null;
  readonly recipientEmail: string | null;
  readonly message: string | null;
}

export interface GiftSaleProblem {
  readonly field: 'Amount' | 'RecipientName' | 'RecipientEmail' | 'Message';
  readonly message: string;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** What to fix in a gift certificate chosen for sale, or null when it may go in the basket. */
export const giftSaleProblem = (request: GiftSaleRequest): GiftSaleProblem | null => {
  const { amount } = request;
  if (!Number.isSafeInteger(amount) || amount < MIN_GIFT_SALE_AMOUNT || amount > MAX_GIFT_SALE_AMOUNT)
    return {
      field: 'Amount',
      message: `A gift certificate is for ${MIN_GIFT_SALE_AMOUNT} to ${MAX_GIFT_SALE_AMOUNT} minor units (10.00 to 1,000.00), in whole minor units; got ${amount}.`,
    };
  if ((request.recipientName ?? '').length > MAX_RECIPIENT_NAME)
    return {
      field: 'RecipientName',
      message: `The recipient's name may be at most ${MAX_RECIPIENT_NAME} characters.`,
    };
  const email = (request.recipientEmail ?? '').trim();
  if (email !== '' && (!EMAIL.test(email) || email.length > 254))
    return {
      field: 'RecipientEmail',
      message: `The recipient's e-mail address '${email}' is not an address.`,
    };
  if ((request.message ?? '').length > MAX_GIFT_MESSAGE)
    return { field: 'Message', message: `The message may be at most ${MAX_GIFT_MESSAGE} characters.` };
  return null;
};

/** Trimmed, empty as null: what the basket keeps. */
export const cleanGiftSale = (request: GiftSaleRequest): GiftSaleRequest => {
  const clean = (s: string | null) => (s === null || s.trim() === '' ? null : s.trim());
  return {
    amount: request.amount,
    recipientName: clean(request.recipientName),
    recipientEmail: clean(request.recipientEmail),
    message: clean(request.message),
  };
};

export interface GiftEmailFacts {
  readonly code: string;
  readonly amount: number;
  readonly currencyLocale: string;
  readonly recipientName: string | null;
  /** Where it goes: the recipient, else the buyer. */
  readonly to: string;
  readonly buyerName: string;
  readonly message: string | null;
  readonly orderName: string;
}

/** The e-mail carrying a certificate's code to its recipient (or to the buyer). */
export const giftCertificateEmail = (facts: GiftEmailFacts): MailMessage => {
  const amount = formatMoney(facts.amount, facts.currencyLocale);
  const code = formatGiftCertificateCode(facts.code);
  const subject = `Your gift certificate for ${amount}`;
  const lines = [
    `Dear ${facts.recipientName ?? facts.buyerName},`,
    '',
    `${facts.buyerName} sent you a gift certificate for ${amount}.`,
    ...(facts.message ? ['', facts.message, ''] : []),
    `Your code: ${code}`,
    'Type it on the payment page, or give it at the box office. It may pay for part of an order; what is left stays on the certificate.',
    '',
    `(Order ${facts.orderName})`,
    'The box office',
  ];
  const e = escapeHtml;
  return {
    to: facts.to,
    subject,
    text: lines.join('\n') + '\n',
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:sans-serif">
<p>Dear ${e(facts.recipientName ?? facts.buyerName)},</p>
<p>${e(facts.buyerName)} sent you a gift certificate for <strong>${e(amount)}</strong>.</p>
${facts.message ? `<blockquote>${e(facts.message)}</blockquote>` : ''}
<p>Your code: <strong style="font-family:monospace;font-size:1.3em">${e(code)}</strong></p>
<p>Type it on the payment page, or give it at the box office. It may pay for part of an order; what is left stays on the certificate.</p>
<p style="color:#555">Order ${e(facts.orderName)}. The box office</p>
</body></html>
`,
    attachments: [],
  };
};
