import { formatMoney } from '../../i18n/format-money.ts';
import type { MailMessage } from '../ports.ts';
import { formatGiftCertificateCode } from '../../extras/gift-certificate-code.ts';
import { escapeHtml } from '../../shared/escape-html.ts';

// The e-mail a customer gets for every refund that went through: how much, which order, and how
// the money comes back (to the card it was paid with, through PayPal, or in cash at the counter).

export interface RefundEmailFacts {
  readonly orderName: string;
  readonly buyerName: string;
  readonly email: string;
  readonly amount: number;
  readonly currencyLocale: string;
  /** How the money goes back: the payment's type, or Cash. */
  readonly refundType: string;
  readonly cardBrand: string | null;
  readonly cardLast4: string | null;
  /** refundType GiftCertificate: the certificate's compact code. */
  readonly giftCertificateCode?: string | null;
}

/** Where the money goes, in the customer's words. */
export const refundWayWords = (facts: RefundEmailFacts): string => {
  switch (facts.refundType) {
    case 'Cash':
      return 'It was paid back to you in cash.';
    case 'CreditCard':
    case 'ApplePay':
    case 'Afterpay':
      return facts.cardLast4
        ? `It goes back to your ${facts.cardBrand ?? 'card'} ending ${facts.cardLast4}; your bank may take a few days to show it.`
        : 'It goes back to the card you paid with; your bank may take a few days to show it.';
    case 'PayPal':
      return 'It goes back to your PayPal account.';
    case 'GiftCertificate':
      return facts.giftCertificateCode
        ? `It was put on the gift certificate ${formatGiftCertificateCode(facts.giftCertificateCode)}: use its code on the payment page or at the box office.`
        : 'It was put on a gift certificate.';
    default:
      return 'It goes back the way you paid.';
  }
};

export const refundEmail = (facts: RefundEmailFacts): MailMessage => {
  const amount = formatMoney(facts.amount, facts.currencyLocale);
  const subject = `Refund of ${amount} for your order ${facts.orderName}`;
  const lines = [
    `Dear ${facts.buyerName},`,
    '',
    `We have refunded ${amount} for your order ${facts.orderName}.`,
    refundWayWords(facts),
    '',
    'The box office',
  ];
  const e = escapeHtml;
  return {
    to: facts.email,
    subject,
    text: lines.join('\n') + '\n',
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:640px;margin:0 auto;padding:16px">
<p>Dear ${e(facts.buyerName)},</p>
<p>We have refunded <strong>${e(amount)}</strong> for your order <strong>${e(facts.orderName)}</strong>.</p>
<p>${e(refundWayWords(facts))}</p>
<p>The box office</p>
</body></html>
`,
    attachments: [],
  };
};
