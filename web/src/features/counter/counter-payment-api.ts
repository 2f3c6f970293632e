import { z } from 'zod';
import {
  BalancePaymentAnswer,
  CounterCheckoutAnswer,
  InvoiceAnswer,
  OrderBalanceAnswer,
  PrecheckAnswer,
  type BalancePaymentRequest,
  type CounterCheckoutRequest,
  type InvoiceRequest,
} from '../../../../adapters/http/contract/counter.ts';
import {
  CheckoutSettings as CheckoutSettingsAnswer,
  CompTypeRow,
  PaymentMethodRow,
} from '../../../../adapters/http/contract/staff-payments.ts';
import {
  CancelIntentAnswer,
  TerminalIntentAnswer,
  TerminalReaderRow,
} from '../../../../adapters/http/contract/terminal.ts';
import {
  GiftBalancePaymentAnswer,
  type GiftBalancePaymentRequest,
} from '../../../../adapters/http/contract/gift-certificates.ts';
import { call, getJson, sendJson } from '../../api/api-client.ts';

// The counter's payment calls, with the box office's contract schemas: the payment types and
// comp types the clerk may use, the checkout at the counter (precheck, pos), payments against an
// order's balance (split tender, invoices), the order's balance, and the card reader's intent.
// Refusals are ApiError with the server's Message (and a 400's Fields).

export type { BalancePaymentRequest, CounterCheckoutRequest, InvoiceRequest };
export type PaymentMethod = z.infer<typeof PaymentMethodRow>;
export type CompType = z.infer<typeof CompTypeRow>;
export type CheckoutSettings = z.infer<typeof CheckoutSettingsAnswer>;
export type OrderBalance = z.infer<typeof OrderBalanceAnswer>;
export type TerminalIntent = z.infer<typeof TerminalIntentAnswer>;
export type Reader = z.infer<typeof TerminalReaderRow>;

/** GET paymentTypes: the types the processor and the clerk's permissions allow, in the spec's order. */
export const fetchPaymentTypes = (
  query: { processor: 'Stripe' | 'Offline'; allowPartner: boolean },
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ paymentProcessor: query.processor });
  if (query.allowPartner) params.set('allowPartner', 'true');
  return getJson(`/api/admin/paymentmethods/paymentTypes?${params}`, z.array(PaymentMethodRow), signal);
};

export const fetchCompTypes = (signal?: AbortSignal) =>
  getJson('/api/admin/comptypes', z.array(CompTypeRow), signal);

export const fetchCheckoutSettings = (venueId: number, signal?: AbortSignal) =>
  getJson(
    `/api/admin/nlivenpaymentaccounts/checkoutsettingsforvenue/${venueId}`,
    CheckoutSettingsAnswer,
    signal,
  );

export const fetchReaders = (signal?: AbortSignal) =>
  getJson('/api/admin/stripeterminal/readers', z.array(TerminalReaderRow), signal);

export const precheck = (request: CounterCheckoutRequest) =>
  sendJson('POST', '/api/checkout/precheck', request, PrecheckAnswer);

export const payAtCounter = (request: CounterCheckoutRequest) =>
  sendJson('POST', '/api/checkout/pos', request, CounterCheckoutAnswer);

export const invoiceBasket = (request: InvoiceRequest) =>
  sendJson('PUT', '/api/admin/baskets/invoice', request, InvoiceAnswer);

export const payBalance = (request: BalancePaymentRequest) =>
  sendJson('POST', '/api/admin/payments', request, BalancePaymentAnswer);

/** A gift certificate pays (part of) the order's balance (never more than it or the certificate). */
export const payBalanceFromGift = (request: GiftBalancePaymentRequest) =>
  sendJson('POST', '/api/admin/payments/giftcertificate', request, GiftBalancePaymentAnswer);

export const fetchOrderBalance = (orderId: number, signal?: AbortSignal) =>
  getJson(`/api/admin/orders/${orderId}/balance`, OrderBalanceAnswer, signal);

/** The intent call: starting one changes state (CSRF header); reading one never comes from a cache. */
// The intent call starts a payment when given an amount, so the server asks the CSRF header of
// every call of it, the polls included.
const intentCall = async (path: string): Promise<TerminalIntent> =>
  TerminalIntentAnswer.parse((await call('GET', path, { changesState: true, noStore: true })).body);

/** Starts an intent for `amount` on the counter's reader. */
export const startTerminalIntent = (query: {
  amount: number;
  currency: string;
  readerId: string | null;
  idempotencyKey: string;
}) => {
  const params = new URLSearchParams({
    amount: String(query.amount),
    currency: query.currency,
    idempotencyKey: query.idempotencyKey,
  });
  if (query.readerId) params.set('readerId', query.readerId);
  return intentCall(`/api/admin/stripeterminal/intent?${params}`);
};

/** Reads an intent afresh (the page polls it every second). */
export const readTerminalIntent = (paymentIntentId: string) =>
  intentCall(`/api/admin/stripeterminal/intent?${new URLSearchParams({ paymentIntentId })}`);

export const cancelTerminalIntent = (paymentIntentId: string) =>
  sendJson(
    'POST',
    '/api/admin/stripeterminal/cancelintent',
    { PaymentIntentId: paymentIntentId },
    CancelIntentAnswer,
  );

export const simulateCard = (paymentIntentId: string, card: 'success' | 'decline' | 'insufficient_funds') =>
  sendJson(
    'POST',
    '/api/admin/stripeterminal/simulate',
    { PaymentIntentId: paymentIntentId, Card: card },
    TerminalIntentAnswer,
  );
