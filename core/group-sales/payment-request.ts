// Group-sales payment requests: staff ask a group for a deposit or its balance, and the group pays
// by a link (/payment/paymentlink?gsRequestId&paymentCode). The rules here are pure: what a request
// must hold, the link's code, and who may pay it.

export type PaymentRequestKind = 'deposit' | 'balance';
export type PaymentRequestStatus = 'open' | 'paid' | 'cancelled';

export interface PaymentRequestFields {
  readonly customerName: string;
  readonly customerEmail: string;
  readonly description: string;
  readonly kind: PaymentRequestKind;
  /** Minor units of `currency`. */
  readonly amount: number;
  readonly currency: string;
}

export interface PaymentRequest extends PaymentRequestFields {
  readonly id: number;
  readonly paymentCode: string;
  readonly status: PaymentRequestStatus;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
}

/** The largest amount one link may ask for: 1,000,000.00 in the request's currency. */
export const MAX_REQUEST_AMOUNT = 100_000_000;
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 500;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CURRENCY = /^[A-Z]{3}$/;

export interface FieldProblem {
  readonly field: 'CustomerName' | 'CustomerEmail' | 'Description' | 'Kind' | 'Amount' | 'Currency';
  readonly message: string;
}

export type FieldsResult =
  | { readonly ok: true; readonly fields: PaymentRequestFields }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/** What staff typed, trimmed and checked; every problem is named with what to fix. */
export const checkRequestFields = (input: {
  readonly customerName: string;
  readonly customerEmail: string;
  readonly description: string;
  readonly kind: string;
  readonly amount: number;
  readonly currency: string;
}): FieldsResult => {
  const problems: FieldProblem[] = [];
  const customerName = input.customerName.trim();
  const customerEmail = input.customerEmail.trim();
  const description = input.description.trim();
  const currency = input.currency.trim().toUpperCase();
  if (!customerName || customerName.length > MAX_NAME_LENGTH)
    problems.push({
      field: 'CustomerName',
      message: `CustomerName: give the group's contact name (1 to ${MAX_NAME_LENGTH} characters).`,
    });
  if (!EMAIL.test(customerEmail))
    problems.push({
      field: 'CustomerEmail',
      message: 'CustomerEmail: give an e-mail address like name@example.com.',
    });
  if (!description || description.length > MAX_DESCRIPTION_LENGTH)
    problems.push({
      field: 'Description',
      message: `Description: say what the payment is for (1 to ${MAX_DESCRIPTION_LENGTH} characters).`,
    });
  if (input.kind !== 'deposit' && input.kind !== 'balance')
    problems.push({ field: 'Kind', message: "Kind: must be 'deposit' or 'balance'." });
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > MAX_REQUEST_AMOUNT)
    problems.push({
      field: 'Amount',
      message: `Amount: must be a whole number of minor units from 1 to ${MAX_REQUEST_AMOUNT}.`,
    });
  if (!CURRENCY.test(currency))
    problems.push({
      field: 'Currency',
      message: 'Currency: must be a three-letter ISO 4217 code such as USD.',
    });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    fields: {
      customerName,
      customerEmail,
      description,
      kind: input.kind as PaymentRequestKind,
      amount: input.amount,
      currency,
    },
  };
};

/** The link's secret: 128 random bits as 32 lowercase hex characters. */
export const PAYMENT_CODE_BYTES = 16;
const CODE_SHAPE = /^[0-9a-f]{32}$/;

export const paymentCodeFromBytes = (bytes: Uint8Array): string => {
  if (bytes.length !== PAYMENT_CODE_BYTES)
    throw new RangeError(`A payment code needs ${PAYMENT_CODE_BYTES} bytes`);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
};

export const isPaymentCode = (text: string): boolean => CODE_SHAPE.test(text);

/**
 * Whether the code given is the request's, comparing every character whatever the first
 * difference, so the time taken does not tell how much of a guess was right.
 */
export const codeMatches = (expected: string, given: string): boolean => {
  let difference = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++)
    difference |= expected.charCodeAt(i) ^ (i < given.length ? given.charCodeAt(i) : 0);
  return difference === 0;
};

/** The customer's page for a request, relative to the site. */
export const paymentLinkPath = (request: Pick<PaymentRequest, 'id' | 'paymentCode'>): string =>
  `/payment/paymentlink?gsRequestId=${request.id}&paymentCode=${request.paymentCode}`;

/** Only an open request takes money: a paid one is never paid twice, a cancelled one never. */
export const mayPay = (status: PaymentRequestStatus): boolean => status === 'open';

/** What the payer must give besides the card: terms accepted, name and e-mail. */
export interface PayerForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly acceptTermsOfService: boolean;
}

export type PayerProblem = {
  readonly code: 'reqAllFields' | 'reqAcceptTermsOfService';
  readonly fields: readonly string[];
};

/** As checkout: every field required, then the terms (core/orders/checkout/validation.ts words them). */
export const checkPayer = (form: PayerForm): PayerProblem | null => {
  const missing = [
    ['FirstName', form.firstName],
    ['LastName', form.lastName],
    ['Email', form.email],
  ]
    .filter(([, value]) => !value!.trim())
    .map(([name]) => name!);
  if (missing.length > 0) return { code: 'reqAllFields', fields: missing };
  if (!EMAIL.test(form.email.trim())) return { code: 'reqAllFields', fields: ['Email'] };
  if (!form.acceptTermsOfService)
    return { code: 'reqAcceptTermsOfService', fields: ['AcceptTermsOfService'] };
  return null;
};

/**
 * The request as a hosted payment page's order reference: WorldPay's order store keys an order by
 * a basket's UUID (adapters/worldpay/gateway.ts), so a request gets a UUID of its own, made from
 * its id, that no basket (random v4 UUIDs) can have.
 */
export const groupOrderRef = (requestId: number): string => {
  if (!Number.isSafeInteger(requestId) || requestId < 1)
    throw new RangeError(`Not a request id: ${requestId}`);
  return `00000000-0000-0000-0000-${requestId.toString(16).padStart(12, '0')}`;
};
