import type { CheckoutRequest, ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { ADDRESS_PARTS, CONTACT_FIELDS, isShown, type FieldName, type FieldRules } from './checkout-form.ts';

// The checkout request (CheckoutRequest of adapters/http/contract/checkout.ts) from the payment
// form: only the fields the form
// shows, empty ones as null. The card itself is never part of it (only its token and facts).
// Register at checkout sends the password as typed (never trimmed); a tick box the form does not
// show (the buyer is signed in, or pays another way) is sent as false.

export interface RequestInput {
  readonly values: Readonly<Partial<Record<FieldName, string | boolean>>>;
  readonly rules: FieldRules;
  readonly paymentType: Pick<ConsumerPaymentType, 'PaymentType' | 'PaymentMethodName' | 'PaymentMethodId'>;
  /** Mail delivery elsewhere: ShipTo from its own fields; otherwise a posted order goes to BillTo. */
  readonly shipElsewhere: boolean;
  readonly marketingOptInTagIds: readonly number[];
  readonly returnUrl: string | null;
}

const textOf = (value: string | boolean | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Everything but IdempotencyKey (the attempt's) and the payment details (token, PayPal id, ...). */
export const checkoutRequestOf = (input: RequestInput): Omit<CheckoutRequest, 'IdempotencyKey'> => {
  const shown = (name: FieldName) => (isShown(input.rules, name) ? textOf(input.values[name]) : null);
  const ticked = (name: FieldName) => isShown(input.rules, name) && input.values[name] === true;
  const register = ticked('HasJustRegistered');
  const password = (name: 'Password' | 'ConfirmPassword') => {
    const value = input.values[name];
    return register && typeof value === 'string' ? value : null;
  };
  const request: Record<string, unknown> = {
    PaymentType: input.paymentType.PaymentType,
    PaymentMethodName: input.paymentType.PaymentMethodName,
    PaymentMethodId: input.paymentType.PaymentMethodId,
    marketingOptInTagIds: [...input.marketingOptInTagIds],
    AcceptTermsOfService: input.values.AcceptTermsOfService === true,
    HasJustRegistered: register,
    ...(register ? { Password: password('Password'), ConfirmPassword: password('ConfirmPassword') } : {}),
    SaveCreditCard: ticked('SaveCreditCard'),
    RewardsNumber: shown('RewardsNumber'),
    ReturnUrl: input.returnUrl,
  };
  for (const name of CONTACT_FIELDS) request[name] = shown(name);
  for (const part of ADDRESS_PARTS) {
    const billTo = shown(`BillTo${part}`);
    request[`BillTo${part}`] = billTo;
    request[`ShipTo${part}`] = input.shipElsewhere ? shown(`ShipTo${part}`) : billTo;
  }
  return request as Omit<CheckoutRequest, 'IdempotencyKey'>;
};
