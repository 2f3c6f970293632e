import { z } from 'zod';
import { GiftCertificateTender } from './gift-certificates.ts';
import { APPLE_PAY_TOKEN_MAX_LENGTH, parseApplePayToken } from '../../../core/payments/apple-pay-token.ts';

// Shared with web/: no server imports here. The checkout and payment calls with the storefront's
// field names. Amounts are integer minor
// units of the venue currency. The basket is the one the foyer_basket cookie names.
//
// Answers of POST /api/checkout:
//   200 CheckoutAnswer                      the order is made (or was already made by this key)
//   400 { Message, Fields: [names] }        bad input: nothing charged, basket untouched
//   402 { Message, Code }                   declined (Message is the CardDeclinedMessage)
//   404 { Message }                         no live basket (consumer: go to /basket/expired)
//   409 { Message, TakenSeats }             a seat could not be sold: the basket is cleared
//   422 { Message: 'RequiresAction', RequiresAction: true, PaymentIntentId, ClientSecret, ActionUrl }
//                                           authenticate (3-D Secure), then POST again with
//                                           PaymentIntentId and the same IdempotencyKey
//   502 { Message: 'Error selling tickets' } the processor could not be reached: /Checkout/Error

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).nullish();

export const PaymentType = z.enum([
  'CreditCard',
  'SavedCard',
  'ApplePay',
  'PayPal',
  'Afterpay',
  'WorldPay',
  'Cash',
  'Check',
  'Comp',
  'Custom',
]);
export type PaymentType = z.infer<typeof PaymentType>;

/** Address fields shared by BillTo and ShipTo. */
const addressFields = (prefix: 'BillTo' | 'ShipTo') =>
  ({
    [`${prefix}Address1`]: optionalText(120),
    [`${prefix}Address2`]: optionalText(120),
    [`${prefix}Address3`]: optionalText(120),
    [`${prefix}City`]: optionalText(80),
    [`${prefix}State`]: optionalText(80),
    [`${prefix}CountryCode`]: optionalText(2),
    [`${prefix}PostalCode`]: optionalText(20),
  }) as Record<string, z.ZodType>;

export const CheckoutRequest = z
  .object({
    /**
     * A fresh random id the browser makes once per payment attempt and sends again on every
     * retry of that attempt (network retry, after 3-D Secure): one order, one charge.
     */
    IdempotencyKey: z.string().trim().min(16).max(80),
    PaymentType: PaymentType,
    /**
     * Part or all of the total paid from a gift certificate (GET /api/giftcertificates/{code}
     * tells its balance); the rest by PaymentType. Redeemed with this IdempotencyKey, once.
     */
    GiftCertificate: GiftCertificateTender.nullish(),
    PaymentMethodName: optionalText(80),
    PaymentMethodId: z.coerce.number().int().positive().nullish(),
    /** Resubmission after authentication: the payment the 422 named. */
    PaymentIntentId: optionalText(120),
    /**
     * The card token from the browser (Stripe.js or the offline processor's tokenise call); with
     * PaymentType ApplePay, the wallet's payment token as JSON (paymentData, paymentMethod,
     * transactionIdentifier), which the card processor decrypts.
     */
    Token: optionalText(APPLE_PAY_TOKEN_MAX_LENGTH),
    /** A saved card of the logged-in customer (CCStripeID). */
    SavedCard: optionalText(120),
    SaveCreditCard: z.boolean().default(false),
    CCBin: z
      .string()
      .regex(/^\d{6}$/)
      .nullish(),
    CCLast4: z
      .string()
      .regex(/^\d{4}$/)
      .nullish(),
    CardBrand: optionalText(32),
    CardHolderName: optionalText(200),
    OrderNote: optionalText(1000),
    WorldPayData: z.record(z.string(), z.string()).nullish(),
    PayPalOrderId: optionalText(120),
    HasJustRegistered: z.boolean().default(false),
    RewardsNumber: optionalText(20),
    Organization: optionalText(120),
    Title: optionalText(20),
    Password: z.string().max(1024).nullish(),
    ConfirmPassword: z.string().max(1024).nullish(),
    ReturnUrl: optionalText(500),
    marketingOptInTagIds: z.array(z.coerce.number().int().positive()).max(50).default([]),
    AcceptTermsOfService: z.boolean().default(false),
    FirstName: optionalText(80),
    LastName: optionalText(80),
    Email: optionalText(200),
    Phone: optionalText(40),
    ...addressFields('BillTo'),
    ...addressFields('ShipTo'),
  })
  .strip()
  .superRefine((request, context) => {
    const token = request.Token;
    if (!token) return;
    if (request.PaymentType === 'ApplePay' && !parseApplePayToken(token))
      context.addIssue({ code: 'custom', path: ['Token'], message: 'must be an Apple Pay payment token' });
    if (request.PaymentType !== 'ApplePay' && token.length > 200)
      context.addIssue({
        code: 'custom',
        path: ['Token'],
        message: 'must be at most 200 characters',
      });
  });
export type CheckoutRequest = z.input<typeof CheckoutRequest>;

export const CheckoutAnswer = z.object({
  Order: z.object({ ID: z.number().int(), Name: z.string(), Total: z.number().int() }),
  CustomerTags: z.array(z.object({ customerTagId: z.number().int(), customerTagType: z.string() })),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const CheckoutFieldErrors = z.object({
  Message: z.string(),
  Fields: z.array(z.string()),
  /** Which rule failed first: reqAllFields, reqAcceptTermsOfService, invalidFields, binRestricted. */
  Code: z.string().optional(),
});

/** 409 after a charge whose seats could not be sold: the money goes back (Refunded false: pending). */
export const PaymentRefundedAnswer = z.object({
  Message: z.string(),
  TakenSeats: z.array(z.string()),
  Refunded: z.boolean(),
});

/** POST /api/checkout/recaptcha?gRecaptchaResponse= */
export const RecaptchaQuery = z.object({ gRecaptchaResponse: z.string().trim().max(4000).default('') });
/** GET /api/checkout/robotcheck: the widget the payment page shows, or none (Provider null). */
export const RobotCheckSettings = z.object({
  Provider: z.enum(['recaptcha', 'turnstile']).nullable(),
  SiteKey: z.string().nullable(),
});

/** Required false: no robot check is configured, so none was made and none is needed. */
export const RecaptchaAnswer = z.object({ Success: z.boolean(), Required: z.boolean() });

/** GET /api/promotions/validateBIN?BINNumber&id: may a card with these first 6 digits use promotion id? */
export const ValidateBinQuery = z.object({
  BINNumber: z
    .string()
    .trim()
    .regex(/^\d{6}/, 'must start with the first 6 card digits'),
  id: z.coerce.number().int().positive(),
});
export const ValidateBinAnswer = z.object({ IsValid: z.boolean(), Message: z.string().nullable() });

/** GET /api/confirmation/{id}, GET /api/orders/{id}/tickets.pdf */
export const OrderIdParams = z.object({ id: z.coerce.number().int().positive() });

export const RequiresActionAnswer = z.object({
  Message: z.literal('RequiresAction'),
  RequiresAction: z.literal(true),
  PaymentIntentId: z.string(),
  ClientSecret: z.string(),
  ActionUrl: z.string().nullable(),
});
export type RequiresActionAnswer = z.infer<typeof RequiresActionAnswer>;

/** GET /api/paymentmethods/consumerPaymentTypes?paymentProcessor&eventTemplateIds */
export const ConsumerPaymentTypesQuery = z.object({
  paymentProcessor: optionalText(32),
  eventTemplateIds: z
    .union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive())])
    .optional(),
});
export const ConsumerPaymentType = z.object({
  PaymentMethodId: z.number().int(),
  PaymentType: PaymentType,
  PaymentMethodName: z.string(),
  /** Offline | Stripe | PayPal | WorldPay: which gateway takes this payment type. */
  Processor: z.string(),
  /**
   * What the payment page loads for this type (absent when nothing is loaded): Stripe cards and
   * Afterpay, Stripe.js from ScriptUrl with PublishableKey (both absent when
   * STRIPE_PUBLISHABLE_KEY is not set: the page cannot use Stripe.js); PayPal, the PayPal JS SDK from ScriptUrl
   * with ClientId (the page adds currency and intent=capture).
   */
  ScriptUrl: z.string().nullish(),
  PublishableKey: z.string().nullish(),
  ClientId: z.string().nullish(),
});
export const ConsumerPaymentTypes = z.array(ConsumerPaymentType);
export type ConsumerPaymentType = z.infer<typeof ConsumerPaymentType>;

/** POST /api/offline/tokens: the offline processor's stand-in for Stripe.js (test mode only). */
export const OfflineTokenRequest = z.object({
  number: z.string().trim().min(12).max(23),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  name: optionalText(200),
});
export const OfflineToken = z.object({
  Token: z.string(),
  CardBrand: z.string(),
  CCBin: z.string(),
  CCLast4: z.string(),
});
export type OfflineToken = z.infer<typeof OfflineToken>;

/** GET /api/confirmation/{id}: the buyer's own order (session or account), else 401. */
export const OrderTicket = z.object({
  ID: z.number().int(),
  EventID: z.number().int(),
  Key: z.string(),
  Section: z.string().nullable(),
  Row: z.string().nullable(),
  SeatID: z.string().nullable(),
  IsGA: z.boolean(),
  PriceTypeName: z.string(),
  PriceLevelName: z.string(),
  Price: z.number().int(),
  FeeTotal: z.number().int(),
  Barcode: z.string(),
});
export const OrderEvent = z.object({
  ID: z.number().int(),
  Name: z.string(),
  LocalDate: z.string(),
  Venue: z.object({ DisplayName: z.string(), IsoCurrencyCode: z.string(), CurrencyLocale: z.string() }),
});
export const Confirmation = z.object({
  Order: z.object({
    ID: z.number().int(),
    Name: z.string(),
    Status: z.string(),
    Total: z.number().int(),
    TicketAndFeeTotal: z.number().int(),
    ProductTotal: z.number().int(),
    DeliveryTotal: z.number().int(),
    OrderLevelFeeTotal: z.number().int(),
    PromoCode: z.string().nullable(),
    DeliveryMethodName: z.string().nullable(),
    DeliveryMethodType: z.string().nullable(),
    Email: z.string().nullable(),
    CreatedAt: z.string(),
    Payment: z.object({
      PaymentType: z.string(),
      CardBrand: z.string().nullable(),
      CCLast4: z.string().nullable(),
      Amount: z.number().int(),
    }),
    TicketItems: z.array(OrderTicket),
    ProductItems: z.array(
      z.object({
        ProductID: z.number().int(),
        Name: z.string(),
        Quantity: z.number().int(),
        Price: z.number().int(),
      }),
    ),
    Events: z.array(OrderEvent),
    /** PrintAtHome / Email delivery: the PDF of all tickets. */
    TicketsUrl: z.string().nullable(),
    /** Memberships and gift certificates sold (counted in ProductTotal). */
    ExtraItems: z
      .array(
        z.object({
          Kind: z.enum(['Membership', 'GiftCertificate']),
          Name: z.string(),
          LevelName: z.string().nullable(),
          Amount: z.number().int(),
          RecipientName: z.string().nullable(),
        }),
      )
      .optional(),
  }),
});
export type Confirmation = z.infer<typeof Confirmation>;
