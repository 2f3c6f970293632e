import { z } from 'zod';
import { CheckoutRequest, PaymentType } from './checkout.ts';

// Shared with web/: no server imports here. The counter's checkout and payments (a staff
// session): POST /api/checkout/precheck, POST /api/checkout/pos, PUT /api/admin/baskets/invoice,
// POST /api/admin/payments, GET /api/admin/orders/{id}/balance. Amounts are integer minor units.
//
// Answers besides 200:
//   400 { Message, Fields: [names] }   bad input, an amount above the balance, a comp over its
//                                      type's MaxCompQuantity, a custom type's missing partner:
//                                      nothing taken
//   401 signed out; 403 { Message }    not staff, or a role without the tender's permission
//   402 { Message, Code }              the card on the terminal was declined
//   404 { Message }                    no live basket, no such order
//   409 { Message }                    the key was used for another basket or order; a terminal
//                                      that cannot take the payment

const money = z.number().int().min(0).max(100_000_000);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** What the counter adds to the checkout request of POST /api/checkout. */
const counterFields = {
  /** This payment's amount; default the whole total (less: a split tender, the rest due). */
  Amount: money.nullish(),
  /** Cash handed over (cash only); the change is what it exceeds the amount by. */
  AmountTendered: money.nullish(),
  CompTypeId: z.coerce.number().int().positive().nullish(),
  /** The counter's name from the POS settings; default 'Browser'. */
  Counter: optionalText(80),
  CheckIssuer: optionalText(120),
  CheckNumber: optionalText(40),
  /** The check's amount: stands for Amount, and must equal it when both are given. */
  CheckAmount: money.nullish(),
  PartnerId: z.coerce.number().int().positive().nullish(),
  ObscureTicketPriceOnPrint: z.boolean().default(false),
};

export const CounterCheckoutRequest = CheckoutRequest.safeExtend(counterFields);
export type CounterCheckoutRequest = z.input<typeof CounterCheckoutRequest>;

/** PUT /api/admin/baskets/invoice: the checkout request without a payment (no card token either). */
export const InvoiceRequest = z
  .object({ ...CheckoutRequest.shape, ...counterFields, PaymentType: PaymentType.nullish() })
  .strip();
export type InvoiceRequest = z.input<typeof InvoiceRequest>;

const OrderRef = z.object({ ID: z.number().int(), Name: z.string(), Total: z.number().int() });

export const PrecheckAnswer = z.object({
  BasketId: z.string(),
  Total: z.number().int(),
  Currency: z.string(),
  Valid: z.literal(true),
});

export const CounterCheckoutAnswer = z.object({
  Order: OrderRef,
  PaymentID: z.number().int(),
  BalanceDue: z.number().int(),
  ChangeDue: z.number().int(),
});
export type CounterCheckoutAnswer = z.infer<typeof CounterCheckoutAnswer>;

export const InvoiceAnswer = z.object({ Order: OrderRef, BalanceDue: z.number().int() });
export type InvoiceAnswer = z.infer<typeof InvoiceAnswer>;

export const CounterPaymentType = z.enum(['Cash', 'Check', 'Comp', 'Custom', 'CreditCard']);

/** POST /api/admin/payments: a payment against an order's balance due. */
export const BalancePaymentRequest = z
  .object({
    OrderId: z.coerce.number().int().positive(),
    IdempotencyKey: z.string().trim().min(16).max(80),
    PaymentType: CounterPaymentType,
    PaymentMethodId: z.coerce.number().int().positive().nullish(),
    PaymentMethodName: optionalText(80),
    Amount: money,
    AmountTendered: money.nullish(),
    CheckIssuer: optionalText(120),
    CheckNumber: optionalText(40),
    CompTypeId: z.coerce.number().int().positive().nullish(),
    PaymentIntentId: optionalText(120),
    PartnerId: z.coerce.number().int().positive().nullish(),
    Counter: optionalText(80),
  })
  .strip();
export type BalancePaymentRequest = z.input<typeof BalancePaymentRequest>;

export const BalancePaymentAnswer = z.object({
  PaymentID: z.number().int(),
  BalanceDue: z.number().int(),
  ChangeDue: z.number().int(),
  /** The order paid (its audit entry names it). */
  Order: OrderRef,
});
export type BalancePaymentAnswer = z.infer<typeof BalancePaymentAnswer>;

export const OrderBalanceParams = z.object({ id: z.coerce.number().int().positive() });

export const OrderBalanceAnswer = z.object({
  OrderId: z.number().int(),
  OrderName: z.string(),
  Total: z.number().int(),
  Paid: z.number().int(),
  BalanceDue: z.number().int(),
  Currency: z.string(),
  CurrencyLocale: z.string(),
  VenueId: z.number().int().nullable(),
  Payments: z.array(
    z.object({
      PaymentID: z.number().int(),
      PaymentType: z.string(),
      PaymentMethodName: z.string().nullable(),
      Amount: z.number().int(),
      ChangeDue: z.number().int().nullable(),
      SellerName: z.string().nullable(),
      Counter: z.string().nullable(),
      At: z.string(),
    }),
  ),
});
export type OrderBalanceAnswer = z.infer<typeof OrderBalanceAnswer>;
