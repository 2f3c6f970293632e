import { isEmailPattern } from '../../accounts/email-pattern.ts';
import { AdminBasketRefused } from './errors.ts';

// A customer made at the counter (a phone or walk-up customer with no account): first and last
// name, and an e-mail address or a phone number to reach them by. No password: they may
// register later with the same e-mail address.

export interface CounterCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly phone: string | null;
}

export const NAME_MAX = 100;
const PHONE = /^\+?[0-9 ().-]{5,30}$/;

const blankToNull = (value: string | undefined | null) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The customer as it will be stored, or the field to put right. */
export const counterCustomer = (input: {
  readonly firstName: string;
  readonly lastName: string;
  readonly email?: string | null;
  readonly phone?: string | null;
}): CounterCustomer | AdminBasketRefused => {
  const firstName = blankToNull(input.firstName);
  const lastName = blankToNull(input.lastName);
  const email = blankToNull(input.email)?.toLowerCase() ?? null;
  const phone = blankToNull(input.phone);
  if (!firstName || firstName.length > NAME_MAX)
    return new AdminBasketRefused({ field: 'FirstName', message: 'FirstName: enter the first name.' });
  if (!lastName || lastName.length > NAME_MAX)
    return new AdminBasketRefused({ field: 'LastName', message: 'LastName: enter the last name.' });
  if (email !== null && !isEmailPattern(email))
    return new AdminBasketRefused({ field: 'Email', message: 'Email: enter a valid e-mail address.' });
  if (phone !== null && !PHONE.test(phone))
    return new AdminBasketRefused({ field: 'Phone', message: 'Phone: enter a valid phone number.' });
  if (email === null && phone === null)
    return new AdminBasketRefused({
      field: 'Email',
      message: 'Email: enter an e-mail address or a phone number.',
    });
  return { firstName, lastName, email, phone };
};

/** Search text: trimmed; at least 2 characters, else nothing is searched. */
export const customerSearchText = (text: string | undefined): string | null => {
  const trimmed = (text ?? '').trim();
  return trimmed.length >= 2 ? trimmed.slice(0, 100) : null;
};
