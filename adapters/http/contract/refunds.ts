import { z } from 'zod';

// Shared with web/: no server imports here. Money going back (a staff session with the refund
// permission): PUT /api/admin/payments/refund (field names camelCase as the box office's refund
// call has them) and GET /api/admin/orders/{id}/refundable for the refund dialog. Amounts are
// integer minor units.
//
// Answers besides 200:
//   400 { Message, Code }   bad input; more than the credit owed (the refunds together may not
//                           exceed -RemainingBalance) or than the payment has left (its amount less
//                           what it already gave back); a payment not of this order: nothing changed
//   401 signed out; 403 a role without the refund permission
//   404 { Message }         no such order
//   502 { Message }         the processor could not be reached: the refund is saved, pending, and
//                           will be tried again with the same key (never twice)

export const RefundRequest = z.object({
  orderId: z.coerce.number().int().positive(),
  paymentId: z.coerce.number().int().positive(),
  /** Minor units, > 0. */
  amount: z.number().int().positive().max(100_000_000),
  /** The caller's request id, kept for their own tracing; the refund's key is ours. */
  gsRequestId: z.string().trim().max(120).nullish(),
  /**
   * Pay it back another way, whatever the payment was: cash from the till, or onto a gift
   * certificate (Code: an existing certificate to credit; none: a new one is issued, its code in
   * the answer and the customer's refund e-mail).
   */
  alternativePaymentRequest: z
    .discriminatedUnion('PaymentType', [
      z.object({ PaymentType: z.literal('Cash') }),
      z.object({ PaymentType: z.literal('GiftCertificate'), Code: z.string().trim().max(40).nullish() }),
    ])
    .nullish(),
  reason: z.string().trim().max(500).nullish(),
  /** The counter's name from the POS settings; default 'Browser'. */
  counter: z.string().trim().max(80).nullish(),
});
export type RefundRequest = z.input<typeof RefundRequest>;

export const RefundLineAnswer = z.object({
  RefundId: z.number().int(),
  PaymentId: z.number().int(),
  Amount: z.number().int(),
  /** How the money goes back: the payment's type, or Cash. */
  RefundType: z.string(),
  /** pending: saved, the processor not reached yet (tried again later). */
  Status: z.enum(['pending', 'succeeded', 'failed']),
  /** RefundType GiftCertificate: the certificate credited (XXXX-XXXX-XXXX-XXXX). */
  GiftCertificateCode: z.string().optional(),
});

export const RefundAnswer = z.object({
  /** The order refunded (its audit entry names it). */
  Order: z.object({ ID: z.number().int() }),
  Refunds: z.array(RefundLineAnswer),
  /** After the refund; negative is credit still owed. */
  BalanceDue: z.number().int(),
});
export type RefundAnswer = z.infer<typeof RefundAnswer>;

export const RefundableParams = z.object({ id: z.coerce.number().int().positive() });

export const RefundableAnswer = z.object({
  /** The order's balance due: negative is the credit owed, what may be refunded in all. */
  RemainingBalance: z.number().int(),
  Currency: z.string(),
  CurrencyLocale: z.string(),
  Payments: z.array(
    z.object({
      Id: z.number().int(),
      Amount: z.number().int(),
      /** Its amount less what it already gave back. */
      Refundable: z.number().int(),
      PaymentType: z.string(),
      /** For the dialog: the method's name and the card's last digits. */
      Label: z.string(),
    }),
  ),
  /** The automatic selection over the credit owed: first payments first, each capped. */
  Suggested: z.array(z.object({ PaymentId: z.number().int(), Amount: z.number().int() })),
});
export type RefundableAnswer = z.infer<typeof RefundableAnswer>;
