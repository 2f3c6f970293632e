import type { Permission } from '../accounts/staff/permissions.ts';
import { tenderPermission } from '../orders/checkout/buyer.ts';

// The tenders a clerk takes at the counter, what each must say, and the permission each needs.
// Staff only: a customer or a guest never takes a counter tender. Pure.

export const COUNTER_TENDERS = ['Cash', 'Check', 'Comp', 'Custom', 'CreditCard'] as const;
export type CounterTender = (typeof COUNTER_TENDERS)[number];

export const isCounterTender = (paymentType: string): paymentType is CounterTender =>
  (COUNTER_TENDERS as readonly string[]).includes(paymentType);

/**
 * The permission a counter tender needs: the card terminal terminalPayment, the others
 * core/orders/checkout/buyer.ts's tenderPermission (cash and custom customPayment, check checkPayment,
 * comp comp).
 */
export const counterTenderPermission = (paymentType: CounterTender): Permission =>
  paymentType === 'CreditCard' ? 'terminalPayment' : tenderPermission(paymentType);

/** Who asks, as the session says: only staff whose role may sell use the counter at all. */
export type CounterCaller =
  | { readonly kind: 'staff'; readonly permissions: ReadonlySet<Permission> }
  | { readonly kind: 'customer' | 'guest' };

export const mayUseCounter = (caller: CounterCaller): boolean =>
  caller.kind === 'staff' && caller.permissions.has('sell');

export const mayTakeTender = (caller: CounterCaller, paymentType: CounterTender): boolean =>
  mayUseCounter(caller) &&
  caller.kind === 'staff' &&
  caller.permissions.has(counterTenderPermission(paymentType));

/** What a tender's request says beyond its type and amount. */
export interface TenderFields {
  readonly paymentType: string;
  readonly paymentMethodId: number | null;
  readonly paymentIntentId: string | null;
  readonly checkIssuer: string | null;
  readonly checkNumber: string | null;
  readonly compTypeId: number | null;
  readonly amountTendered: number | null;
}

/**
 * The request's fields a tender lacks or must not have: PaymentType (not a counter tender),
 * CheckIssuer and CheckNumber (a check), CompTypeId (a comp), PaymentMethodId (a custom type),
 * PaymentIntentId (the card terminal's intent; not yet when the request is checked before the
 * terminal is started, `beforeTerminal`), AmountTendered (cash only). Empty: complete.
 */
export const tenderFieldProblems = (fields: TenderFields, beforeTerminal = false): string[] => {
  if (!isCounterTender(fields.paymentType)) return ['PaymentType'];
  const problems: string[] = [];
  const blank = (value: string | null) => (value ?? '').trim() === '';
  switch (fields.paymentType) {
    case 'Check':
      if (blank(fields.checkIssuer)) problems.push('CheckIssuer');
      if (blank(fields.checkNumber)) problems.push('CheckNumber');
      break;
    case 'Comp':
      if (fields.compTypeId === null) problems.push('CompTypeId');
      break;
    case 'Custom':
      if (fields.paymentMethodId === null) problems.push('PaymentMethodId');
      break;
    case 'CreditCard':
      if (!beforeTerminal && blank(fields.paymentIntentId)) problems.push('PaymentIntentId');
      break;
    case 'Cash':
      break;
  }
  if (fields.paymentType !== 'Cash' && fields.amountTendered !== null) problems.push('AmountTendered');
  return problems;
};
