import { Clock, Effect } from 'effect';
import {
  CustomerLoginDisabled,
  EmailTaken,
  NotSignedIn,
  PasswordRejected,
  ResetTokenInvalid,
  SignInThrottled,
} from './errors.ts';
import { DEFAULT_THROTTLE, mayTrySignIn } from './login-throttle.ts';
import { addressKey } from './sign-in.ts';
import type { CustomerIdentity } from './identity.ts';
import { passwordProblem } from './password-policy.ts';
import type { ProfileFields } from './profile.ts';
import {
  AccountMail,
  AccountSettings,
  CustomerAccounts,
  LoginFailures,
  PasswordHasher,
  PasswordResets,
  Sessions,
  StaffUsers,
} from './ports.ts';
import type { SessionKind } from './session-rules.ts';

// What a customer changes about their own account. Each is an Effect over the ports in ports.ts.

/** A reset link works once, for an hour. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The policy's answer for a new password and its confirmation. */
export const checkNewPassword = (
  password: string,
  confirmation: string,
  field: 'Password' | 'NewPassword',
): PasswordRejected | null => {
  const problem = passwordProblem(password);
  if (problem) return new PasswordRejected({ field, problem });
  if (password !== confirmation)
    return new PasswordRejected({ field: 'ConfirmPassword', problem: 'mismatch' });
  return null;
};

export interface Registration {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly password: string;
  readonly confirmPassword: string;
}

/**
 * Makes a customer account. When the e-mail already has one, nothing is made and that address is
 * told by e-mail (EmailTaken lets the caller answer without saying so to whoever typed it).
 */
export const register = (registration: Registration, signInLink: string, address: string | null = null) =>
  Effect.gen(function* () {
    const settings = yield* (yield* AccountSettings).information();
    if (!settings.AllowCustomerLogin) return yield* new CustomerLoginDisabled();
    // Whether an e-mail has an account shows here (a new one signs in at once), so trying taken
    // addresses counts against the caller's address like failed sign-ins do.
    const failures = yield* LoginFailures;
    const key = address ? addressKey(address) : null;
    if (key) {
      const now = yield* Clock.currentTimeMillis;
      const recent = yield* failures.since([key], now - DEFAULT_THROTTLE.windowMs);
      const decision = mayTrySignIn([], recent.get(key) ?? [], now);
      if (!decision.allowed) return yield* new SignInThrottled({ retryAt: decision.retryAt });
    }
    const rejected = checkNewPassword(registration.password, registration.confirmPassword, 'Password');
    if (rejected) return yield* rejected;
    const passwordHash = yield* (yield* PasswordHasher).hash(registration.password);
    const customer = yield* (yield* CustomerAccounts).create({
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.email,
      phone: registration.phone,
      passwordHash,
    });
    if (customer === null) {
      // Told at the address on record, not as typed here.
      const existing = yield* (yield* CustomerAccounts).credentials(registration.email);
      if (existing)
        yield* (yield* AccountMail).alreadyRegistered({ email: existing.email, name: '' }, signInLink);
      if (key) yield* failures.record([key]);
      return yield* new EmailTaken({ email: registration.email });
    }
    return customer satisfies CustomerIdentity;
  });

/** E-mails a reset link when the address has an account; says nothing either way. */
export const requestPasswordReset = (email: string, linkFor: (token: string) => string) =>
  Effect.gen(function* () {
    const accounts = yield* CustomerAccounts;
    const credentials = yield* accounts.credentials(email);
    if (credentials === null) return;
    const now = yield* Clock.currentTimeMillis;
    const token = yield* (yield* PasswordResets).issue(credentials.id, now + RESET_TOKEN_LIFETIME_MS);
    const profile = yield* accounts.profile(credentials.id);
    yield* (yield* AccountMail).passwordReset(
      { email: credentials.email, name: profile?.firstName ?? '' },
      linkFor(token),
    );
  });

/** Sets a new password from a reset link and ends every session of the account. */
export const resetPassword = (token: string, password: string) =>
  Effect.gen(function* () {
    const problem = passwordProblem(password);
    if (problem) return yield* new PasswordRejected({ field: 'Password', problem });
    const customerId = yield* (yield* PasswordResets).consume(token);
    if (customerId === null) return yield* new ResetTokenInvalid();
    const hash = yield* (yield* PasswordHasher).hash(password);
    yield* (yield* CustomerAccounts).setPassword(customerId, hash);
    yield* (yield* Sessions).endAllOf('customer', customerId);
    return customerId;
  });

/** Whose password: a customer's or a staff member's own. */
export interface PasswordOwner {
  readonly kind: SessionKind;
  readonly id: number;
}

const credentialsOf = (owner: PasswordOwner) =>
  owner.kind === 'staff'
    ? StaffUsers.use((staff) => staff.credentialsById(owner.id))
    : CustomerAccounts.use((accounts) => accounts.credentialsById(owner.id));

const checkCurrentPassword = (owner: PasswordOwner, current: string | undefined) =>
  Effect.gen(function* () {
    const credentials = yield* credentialsOf(owner);
    if (credentials === null) return yield* new NotSignedIn();
    const ok =
      current !== undefined && (yield* (yield* PasswordHasher).verify(current, credentials.passwordHash));
    if (!ok) return yield* new PasswordRejected({ field: 'CurrentPassword', problem: 'wrongCurrent' });
  });

/**
 * A new password, with the current one typed again; every other session of the account ends.
 * Customers and staff alike change their own this way.
 */
export const changePassword = (
  owner: PasswordOwner,
  sessionIdHash: string,
  change: { readonly current: string; readonly next: string; readonly confirmation: string },
) =>
  Effect.gen(function* () {
    const rejected = checkNewPassword(change.next, change.confirmation, 'NewPassword');
    if (rejected) return yield* rejected;
    yield* checkCurrentPassword(owner, change.current);
    const hash = yield* (yield* PasswordHasher).hash(change.next);
    if (owner.kind === 'staff') yield* (yield* StaffUsers).setPassword(owner.id, hash);
    else yield* (yield* CustomerAccounts).setPassword(owner.id, hash);
    yield* (yield* Sessions).endAllOf(owner.kind, owner.id, sessionIdHash);
  });

/** Profile changes; a new e-mail needs the current password typed again. */
export const updateProfile = (
  customerId: number,
  fields: ProfileFields,
  options: { readonly currentPassword?: string; readonly optIns?: readonly number[] },
) =>
  Effect.gen(function* () {
    const accounts = yield* CustomerAccounts;
    const before = yield* accounts.profile(customerId);
    if (before === null) return yield* new NotSignedIn();
    if (before.email.toLowerCase() !== fields.email.toLowerCase())
      yield* checkCurrentPassword({ kind: 'customer', id: customerId }, options.currentPassword);
    if (!(yield* accounts.updateProfile(customerId, fields)))
      return yield* new EmailTaken({ email: fields.email });
    if (options.optIns) yield* accounts.setOptIns(customerId, options.optIns);
    const after = yield* accounts.profile(customerId);
    if (after === null) return yield* new NotSignedIn();
    return after;
  });

/** Delete account: the profile loses its personal data and every session of it ends. */
export const anonymizeAccount = (customerId: number) =>
  Effect.gen(function* () {
    yield* (yield* CustomerAccounts).anonymize(customerId);
    yield* (yield* Sessions).endAllOf('customer', customerId);
  });
