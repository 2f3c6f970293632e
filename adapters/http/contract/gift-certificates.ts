import { z } from 'zod';

// Shared with web/: no server imports here. Gift certificates: buying one (a basket line paid
// through the normal checkout, issued and e-mailed with its code once the order is placed), and
// looking a code's balance up before paying with it. Amounts are integer minor units.
//
// Answers besides 200:
//   400 { Message }   a bad amount, recipient or message (the message names the field), or a code
//                     that is not a code (its length, a character not used, a typing mistake)
//   403 { Message }   a staff sales channel asked for without a staff session
//   404 { Message }   no certificate has this code; no live basket to add to when one is named

/** A gift certificate line of the basket (Basket.GiftCertificateItems). */
export const GiftCertificateItem = z.object({
  ID: z.number().int(),
  OrderItemType: z.literal('GiftCertificate'),
  Amount: z.number().int(),
  RecipientName: z.string().nullable(),
  RecipientEmail: z.string().nullable(),
  Message: z.string().nullable(),
  LineTotal: z.number().int(),
});
export type GiftCertificateItem = z.infer<typeof GiftCertificateItem>;

/** GET /api/giftcertificates/options: what the selection page offers. */
export const GiftCertificateOptions = z.object({
  Amounts: z.array(z.number().int()),
  Minimum: z.number().int(),
  Maximum: z.number().int(),
  RecipientNameMaxLength: z.number().int(),
  MessageMaxLength: z.number().int(),
  /** ISO 4217 code of the amounts. */
  CurrencyCode: z.string(),
  /** Key of the currency locale table (core/i18n/currency-locales.ts) to write the amounts with. */
  CurrencyLocale: z.string(),
});
export type GiftCertificateOptions = z.infer<typeof GiftCertificateOptions>;

/** POST /api/baskets/giftcertificates: one certificate into the caller's basket. */
export const AddGiftCertificateBody = z.object({
  Amount: z.number().int(),
  RecipientName: z.string().max(200).nullish(),
  /** Where the code is e-mailed; empty: to the buyer. */
  RecipientEmail: z.string().max(300).nullish(),
  Message: z.string().max(1000).nullish(),
  /** Web for consumers; staff may name their counter's channel (BoxOffice). */
  salesChannel: z.string().max(40).nullish(),
});
export type AddGiftCertificateBody = z.input<typeof AddGiftCertificateBody>;

export const GiftCertificateCodeParams = z.object({ code: z.string().min(1).max(40) });

/** GET /api/giftcertificates/{code}: what the certificate is worth now. */
export const GiftCertificateBalance = z.object({
  /** Printed in groups (XXXX-XXXX-XXXX-XXXX). */
  Code: z.string(),
  Balance: z.number().int(),
  IsoCurrencyCode: z.string(),
});
export type GiftCertificateBalance = z.infer<typeof GiftCertificateBalance>;

/** Part or all of a payment taken from a certificate (checkout and the counter). */
export const GiftCertificateTender = z.object({
  Code: z.string().min(1).max(40),
  /** Minor units, > 0; at most the balance and what is due. */
  Amount: z.number().int().positive(),
});
export type GiftCertificateTender = z.infer<typeof GiftCertificateTender>;

/** POST /api/admin/payments/giftcertificate: a certificate pays (part of) a counter order's balance. */
export const GiftBalancePaymentRequest = z.object({
  OrderId: z.coerce.number().int().positive(),
  IdempotencyKey: z.string().trim().min(16).max(80),
  Code: z.string().trim().min(1).max(40),
  /** Minor units; absent: all of the balance due the certificate can pay. */
  Amount: z.number().int().min(1).max(100_000_000).nullish(),
  Counter: z.string().trim().max(80).nullish(),
});
export type GiftBalancePaymentRequest = z.input<typeof GiftBalancePaymentRequest>;

export const GiftBalancePaymentAnswer = z.object({
  PaymentID: z.number().int(),
  /** What the certificate paid. */
  Amount: z.number().int(),
  BalanceDue: z.number().int(),
  Order: z.object({ ID: z.number().int(), Name: z.string(), Total: z.number().int() }),
});
export type GiftBalancePaymentAnswer = z.infer<typeof GiftBalancePaymentAnswer>;
