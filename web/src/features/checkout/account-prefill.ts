import type { AccountDetails } from '../../../../adapters/http/contract/account.ts';
import type { TextFieldName } from './checkout-form.ts';

// A signed-in customer's payment form starts from their account (GET /api/account/details): the
// names, e-mail, phone and billing address, but only while the buyer has typed none of them, so
// nothing they typed (or the basket kept from an earlier try) is ever overwritten. Pure.

/** The fields the account fills; the country is left out of "empty" (it defaults to US). */
const PREFILLED = [
  'FirstName',
  'LastName',
  'Email',
  'Phone',
  'BillToAddress1',
  'BillToAddress2',
  'BillToCity',
  'BillToState',
  'BillToPostalCode',
] as const satisfies readonly TextFieldName[];

/** The account's details as form values (only those it has). */
export const valuesFromAccount = (details: AccountDetails): Partial<Record<TextFieldName, string>> => {
  const values: Partial<Record<TextFieldName, string>> = {};
  for (const name of [...PREFILLED, 'BillToCountryCode'] as const) {
    const value = details[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
};

/** No contact or billing field has anything in it yet. */
export const isContactEmpty = (values: Readonly<Partial<Record<TextFieldName, string>>>): boolean =>
  PREFILLED.every((name) => !(values[name] ?? '').trim());

/** The form with the account's details, when it is still empty; else as it is. */
export const prefilled = <V extends Readonly<Partial<Record<TextFieldName, string>>>>(
  values: V,
  details: AccountDetails,
): V => (isContactEmpty(values) ? { ...values, ...valuesFromAccount(details) } : values);
