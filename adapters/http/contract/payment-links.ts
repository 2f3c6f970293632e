import { z } from 'zod';

// Group-sales payment links. Shared with web/: no server imports here. Amounts are integer minor
// units of the request's currency.
//
// Staff (permission sell):
//   POST /api/admin/paymentrequests          PaymentRequestCreate -> PaymentRequestView (201)
//   GET  /api/admin/paymentrequests          -> PaymentRequestView[] (newest first)
//   POST /api/admin/paymentrequests/{id}/cancel
// The payer (the link's gsRequestId and paymentCode are the only key):
//   GET  /api/payments/getViewModel?gsRequestId&paymentCode   401 when they do not match
//   POST /api/payments                                         answers as POST /api/checkout does:
//        400 { Message, Fields }, 402 declined, 409 already paid or cancelled,
//        422 RequiresAction (authenticate, then POST again with PaymentIntentId, same key), 502
//   GET  /api/payments/{id}/confirmation?paymentCode           401 when not the link's payment
//   POST /api/worldpay/setup                                   409 when WorldPay is not configured

const text = (max: number) => z.string().trim().max(max);

export const PaymentRequestKind = z.enum(['deposit', 'balance']);
export const PaymentRequestStatus = z.enum(['open', 'paid', 'cancelled']);

export const PaymentRequestCreate = z.object({
  CustomerName: z.string().max(1000),
  CustomerEmail: z.string().max(1000),
  Description: z.string().max(2000),
  Kind: z.string().max(20),
  /** Minor units. */
  Amount: z.number(),
  Currency: z.string().max(10).default('USD'),
});
export type PaymentRequestCreate = z.infer<typeof PaymentRequestCreate>;

export const PaymentRequestView = z.object({
  GsRequestId: z.number().int(),
  PaymentCode: z.string(),
  /** The payer's page, relative to the site: /payment/paymentlink?gsRequestId=..&paymentCode=.. */
  Link: z.string(),
  CustomerName: z.string(),
  CustomerEmail: z.string(),
  Description: z.string(),
  Kind: PaymentRequestKind,
  Amount: z.number().int(),
  Currency: z.string(),
  Status: PaymentRequestStatus,
  CreatedAt: z.string(),
  PaidAt: z.string().nullable(),
  PaymentId: z.number().int().nullable(),
});
export type PaymentRequestView = z.infer<typeof PaymentRequestView>;
export const PaymentRequestList = z.array(PaymentRequestView);

export const PaymentRequestIdParams = z.object({ id: z.coerce.number().int().positive() });

export const PaymentLinkQuery = z.object({
  gsRequestId: z.coerce.number().int().positive(),
  paymentCode: text(64).min(1),
});

export const PaymentLinkViewModel = z.object({
  GsRequestId: z.number().int(),
  CustomerName: z.string(),
  Description: z.string(),
  IsDepositPayment: z.boolean(),
  Amount: z.number().int(),
  Currency: z.string(),
  Status: PaymentRequestStatus,
  /** Set once paid: the confirmation's id. */
  PaymentId: z.number().int().nullable(),
  /** As checkout: the payer must accept the terms, and every field is required. */
  ReqAcceptTermsOfService: z.boolean(),
  ReqAllFields: z.boolean(),
  /** Offline | Stripe: which card processor takes the payment (Stripe: ScriptUrl and PublishableKey). */
  CardProcessor: z.string(),
  ScriptUrl: z.string().nullable(),
  PublishableKey: z.string().nullable(),
  WorldPayAvailable: z.boolean(),
});
export type PaymentLinkViewModel = z.infer<typeof PaymentLinkViewModel>;

export const PaymentLinkPayment = z.object({
  IdempotencyKey: z.string().trim().min(16).max(80),
  PaymentRequestId: z.coerce.number().int().positive(),
  PaymentCode: text(64).min(1),
  /** 0: a group-sales request. */
  PaymentRequestType: z.number().int().default(0),
  PaymentType: z.enum(['CreditCard', 'WorldPay']).default('CreditCard'),
  PaymentMethodName: text(80).nullish(),
  PaymentMethodId: z.coerce.number().int().nullish(),
  /** Ignored: the request says what is owed. */
  Amount: z.number().nullish(),
  IsDepositPayment: z.boolean().nullish(),
  Token: text(4000).nullish(),
  PaymentIntentId: text(120).nullish(),
  CardBrand: text(40).nullish(),
  CCBin: text(8).nullish(),
  CCLast4: text(4).nullish(),
  CardHolderName: text(200).nullish(),
  FirstName: text(80).default(''),
  LastName: text(80).default(''),
  Email: text(200).default(''),
  AcceptTermsOfService: z.boolean().default(false),
  WorldPayData: z.record(z.string(), z.string()).nullish(),
  BillToAddress1: text(120).nullish(),
  BillToCity: text(80).nullish(),
  BillToPostalCode: text(20).nullish(),
  BillToCountryCode: text(2).nullish(),
});
export type PaymentLinkPayment = z.infer<typeof PaymentLinkPayment>;

export const PaymentLinkPaid = z.object({ PaymentID: z.number().int() });

export const PaymentConfirmationQuery = z.object({ paymentCode: text(64).optional() });

export const PaymentConfirmation = z.object({
  PaymentID: z.number().int(),
  GsRequestId: z.number().int(),
  CustomerName: z.string(),
  Description: z.string(),
  IsDepositPayment: z.boolean(),
  Amount: z.number().int(),
  Currency: z.string(),
  PayerName: z.string().nullable(),
  PayerEmail: z.string().nullable(),
  CardBrand: z.string().nullable(),
  CCLast4: z.string().nullable(),
  PaidAt: z.string(),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;

export const WorldPaySetupRequest = z.object({
  PaymentRequestId: z.coerce.number().int().positive(),
  PaymentCode: text(64).min(1),
  Email: text(200).nullish(),
});
export const WorldPaySetupAnswer = z.object({ url: z.string() });
