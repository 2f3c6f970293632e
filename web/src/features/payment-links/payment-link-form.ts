import { RequiresActionAnswer } from '../../../../adapters/http/contract/checkout.ts';
import { PaymentLinkPaid } from '../../../../adapters/http/contract/payment-links.ts';
import { checkPayer } from '../../../../core/group-sales/payment-request.ts';
import { validateCard, type CardError, type ValidCard } from '../../../../core/payments/card-validation.ts';
import { messageIn } from '../checkout/checkout-outcome.ts';

// The payment link page's rules, pure: which request the address names, what the form still
// lacks (as checkout: every field, the terms, a complete card), and what an answer of
// POST /api/payments means.

export interface LinkParams {
  readonly gsRequestId: number;
  readonly paymentCode: string;
}

/** Both parameters, or null: the page then says 'No group sales information found.' */
export const linkParamsOf = (search: Readonly<Record<string, unknown>>): LinkParams | null => {
  const id = Number(search.gsRequestId);
  const code = search.paymentCode;
  // The router may read an all-digit code as a number.
  const text = typeof code === 'number' ? String(code) : code;
  if (!Number.isSafeInteger(id) || id < 1 || typeof text !== 'string' || !text.trim()) return null;
  return { gsRequestId: id, paymentCode: text.trim() };
};

export type PayerField = 'FirstName' | 'LastName' | 'Email';
export type CardFieldName = 'CardNumber' | 'CardExpiry' | 'CardCvc' | 'CardHolderName';

export interface LinkFormValues {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly CardNumber: string;
  readonly CardExpiry: string;
  readonly CardCvc: string;
  readonly CardHolderName: string;
  readonly AcceptTermsOfService: boolean;
}

export const emptyLinkForm: LinkFormValues = {
  FirstName: '',
  LastName: '',
  Email: '',
  CardNumber: '',
  CardExpiry: '',
  CardCvc: '',
  CardHolderName: '',
  AcceptTermsOfService: false,
};

/** An error code per field: 'required', 'email', 'terms' or a card processor's code. */
export type LinkFormErrors = Partial<Record<PayerField | CardFieldName | 'AcceptTermsOfService', string>>;

const CARD_FIELD: Record<CardError['field'], CardFieldName> = {
  number: 'CardNumber',
  expiry: 'CardExpiry',
  cvc: 'CardCvc',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's errors (none: the card, ready to tokenise); `card: false` checks the payer alone (WorldPay). */
export const checkLinkForm = (
  values: LinkFormValues,
  now: Date,
  card = true,
): { readonly errors: LinkFormErrors; readonly card: ValidCard | null } => {
  const errors: LinkFormErrors = {};
  for (const field of ['FirstName', 'LastName', 'Email'] as const)
    if (!values[field].trim()) errors[field] = 'required';
  if (!errors.Email && !EMAIL.test(values.Email.trim())) errors.Email = 'email';
  let valid: ValidCard | null = null;
  if (card) {
    if (!values.CardHolderName.trim()) errors.CardHolderName = 'required';
    const checked = validateCard(
      {
        number: values.CardNumber,
        expiry: values.CardExpiry,
        cvc: values.CardCvc,
        holderName: values.CardHolderName.trim(),
      },
      now,
    );
    if (checked.ok) valid = checked.card;
    else for (const e of checked.errors) errors[CARD_FIELD[e.field]] ??= e.code;
  }
  const payer = checkPayer({
    firstName: values.FirstName,
    lastName: values.LastName,
    email: values.Email,
    acceptTermsOfService: values.AcceptTermsOfService,
  });
  if (payer?.code === 'reqAcceptTermsOfService' || !values.AcceptTermsOfService)
    errors.AcceptTermsOfService = 'terms';
  return { errors, card: Object.keys(errors).length === 0 ? valid : null };
};

export type LinkPayOutcome =
  | { readonly kind: 'paid'; readonly paymentId: number }
  | {
      readonly kind: 'requiresAction';
      readonly paymentIntentId: string;
      readonly clientSecret: string;
      readonly actionUrl: string | null;
    }
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'invalid'; readonly message: string | null; readonly fields: readonly string[] }
  | { readonly kind: 'declined'; readonly message: string | null }
  | { readonly kind: 'closed'; readonly message: string | null }
  | { readonly kind: 'network' }
  | { readonly kind: 'failed'; readonly status: number; readonly message: string | null };

/** What an answer of POST /api/payments means (status 0: the server was not reached). */
export const linkPayOutcomeOf = (status: number, body: unknown): LinkPayOutcome => {
  const message = messageIn(body);
  if (status === 0) return { kind: 'network' };
  if (status >= 200 && status < 300) {
    const paid = PaymentLinkPaid.safeParse(body);
    return paid.success
      ? { kind: 'paid', paymentId: paid.data.PaymentID }
      : // No PaymentID: the spec's words.
        { kind: 'failed', status, message: 'Payment was not successful' };
  }
  if (status === 422) {
    const action = RequiresActionAnswer.safeParse(body);
    if (action.success)
      return {
        kind: 'requiresAction',
        paymentIntentId: action.data.PaymentIntentId,
        clientSecret: action.data.ClientSecret,
        actionUrl: action.data.ActionUrl,
      };
  }
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 400) {
    const fields = (body as { Fields?: unknown } | null)?.Fields;
    return {
      kind: 'invalid',
      message,
      fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
    };
  }
  if (status === 402) return { kind: 'declined', message };
  if (status === 409) return { kind: 'closed', message };
  return { kind: 'failed', status, message };
};

/** The attempt goes on (same key) only while its outcome is open: authentication, no answer, a 5xx. */
export const keepsAttempt = (outcome: LinkPayOutcome): boolean =>
  outcome.kind === 'requiresAction' ||
  outcome.kind === 'network' ||
  (outcome.kind === 'failed' && outcome.status >= 500);
