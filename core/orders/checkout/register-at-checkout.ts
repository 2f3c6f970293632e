import { Effect } from 'effect';
import { checkNewPassword, register } from '../../accounts/account-changes.ts';
import { EmailTaken } from '../../accounts/errors.ts';
import { CustomerAccounts } from '../../accounts/ports.ts';
import { CheckoutInvalid } from '../errors.ts';
import { readyToPay, type PlaceOrder } from './place-order.ts';
import { Orders } from '../ports.ts';

// Register at checkout: HasJustRegistered with Password and ConfirmPassword.
// A buyer who is not signed in gets an account made of the checkout's contact details BEFORE
// anything is charged; the caller then signs them in and the order is theirs.

/**
 * The new customer, or null when this is a retry of a payment already started (its
 * IdempotencyKey saved): that payment goes on as it began, registering no one.
 * - The form is checked first as the payment checks it, so a checkout that would be refused
 *   makes no account; then the password, by the same policy as the register page.
 * - An e-mail that already has an account makes none (EmailTaken): the buyer is to sign in, or
 *   check out without an account. Nothing is charged.
 */
export const registerAtCheckout = (cmd: PlaceOrder, signInLink: string) =>
  Effect.gen(function* () {
    if ((yield* (yield* Orders).attemptByKey(cmd.idempotencyKey)) !== null) return null;
    const { details } = yield* readyToPay(cmd);
    const password = cmd.form.password ?? '';
    const confirmPassword = cmd.form.confirmPassword ?? '';
    const rejected = checkNewPassword(password, confirmPassword, 'Password');
    if (rejected) return yield* rejected;
    if (details.email === null)
      return yield* new CheckoutInvalid({ code: 'reqAllFields', fields: ['Email'] });
    if ((yield* (yield* CustomerAccounts).credentials(details.email)) !== null)
      return yield* new EmailTaken({ email: details.email });
    return yield* register(
      {
        firstName: details.firstName ?? '',
        lastName: details.lastName ?? '',
        email: details.email,
        phone: details.phone,
        password,
        confirmPassword,
      },
      signInLink,
    );
  });
