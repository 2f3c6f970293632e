import { Data } from 'effect';
import type { PasswordProblem } from './password-policy.ts';

// Expected outcomes of signing in and managing an account. None says whether an e-mail has an
// account: a wrong e-mail and a wrong password are the same SignInRefused.

export class SignInRefused extends Data.TaggedError('SignInRefused')<Record<never, never>> {}

export class SignInThrottled extends Data.TaggedError('SignInThrottled')<{ readonly retryAt: number }> {}

export class CustomerLoginDisabled extends Data.TaggedError('CustomerLoginDisabled')<Record<never, never>> {}

export class PasswordRejected extends Data.TaggedError('PasswordRejected')<{
  readonly field: 'Password' | 'NewPassword' | 'ConfirmPassword' | 'CurrentPassword';
  readonly problem: PasswordProblem | 'mismatch' | 'wrongCurrent';
}> {}

export class ResetTokenInvalid extends Data.TaggedError('ResetTokenInvalid')<Record<never, never>> {}

export class NotSignedIn extends Data.TaggedError('NotSignedIn')<Record<never, never>> {}

export class EmailTaken extends Data.TaggedError('EmailTaken')<{ readonly email: string }> {}

export class ResendNotAllowed extends Data.TaggedError('ResendNotAllowed')<Record<never, never>> {}

/** The e-mail could not be handed to the mail server just now. */
export class MailNotSent extends Data.TaggedError('MailNotSent')<{ readonly reason: string }> {}

export type AccountError =
  | MailNotSent
  | ResendNotAllowed
  | SignInRefused
  | SignInThrottled
  | CustomerLoginDisabled
  | PasswordRejected
  | ResetTokenInvalid
  | NotSignedIn
  | EmailTaken;
