import { Clock, Effect } from 'effect';
import { CustomerLoginDisabled, SignInRefused, SignInThrottled } from './errors.ts';
import type { Credentials, Session } from './identity.ts';
import { mayTrySignIn, type ThrottleLimits, DEFAULT_THROTTLE } from './login-throttle.ts';
import {
  AccountSettings,
  CustomerAccounts,
  LoginFailures,
  PasswordHasher,
  Sessions,
  StaffUsers,
} from './ports.ts';

export interface SignInRequest {
  readonly email: string;
  readonly password: string;
  readonly address: string | null;
  readonly userAgent: string | null;
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/**
 * Checks the password of the staff member or customer with this e-mail. Staff are looked up first:
 * a person with both kinds of account signs in as staff with the staff password, as a customer
 * with the customer one. When neither matches, a dummy hash is checked so the answer takes as long.
 */
const matchingCredentials = (email: string, password: string) =>
  Effect.gen(function* () {
    const hasher = yield* PasswordHasher;
    const staff = yield* (yield* StaffUsers).credentials(email);
    const customer = yield* (yield* CustomerAccounts).credentials(email);
    const candidates = [staff, customer].filter((c): c is Credentials => c !== null);
    if (candidates.length === 0) {
      yield* hasher.verify(password, yield* hasher.dummyHash());
      return null;
    }
    for (const candidate of candidates)
      if (yield* hasher.verify(password, candidate.passwordHash)) return candidate;
    return null;
  });

/** Replaces a hash of the older scheme with the current one, now that the password is known. */
const upgradeHash = (credentials: Credentials, password: string) =>
  Effect.gen(function* () {
    const hasher = yield* PasswordHasher;
    if (!hasher.needsRehash(credentials.passwordHash)) return;
    const hash = yield* hasher.hash(password);
    if (credentials.kind === 'staff') yield* (yield* StaffUsers).setPassword(credentials.id, hash);
    else yield* (yield* CustomerAccounts).setPassword(credentials.id, hash);
  });

/**
 * Sign in: throttled per account and per address (core/accounts/login-throttle.ts), a new session
 * id every time (the old cookie, if any, is the caller's to end).
 */
export const signIn = (request: SignInRequest, limits: ThrottleLimits = DEFAULT_THROTTLE) =>
  Effect.gen(function* () {
    const failures = yield* LoginFailures;
    const now = yield* Clock.currentTimeMillis;
    const keys = [accountKey(request.email), ...(request.address ? [addressKey(request.address)] : [])];
    const recent = yield* failures.since(keys, now - limits.windowMs);
    const decision = mayTrySignIn(
      recent.get(keys[0]!) ?? [],
      request.address ? (recent.get(keys[1]!) ?? []) : [],
      now,
      limits,
    );
    if (!decision.allowed) return yield* new SignInThrottled({ retryAt: decision.retryAt });

    const credentials = yield* matchingCredentials(request.email, request.password);
    if (credentials === null) {
      yield* failures.record(keys);
      return yield* new SignInRefused();
    }
    if (credentials.kind === 'customer') {
      const settings = yield* (yield* AccountSettings).information();
      if (!settings.AllowCustomerLogin) return yield* new CustomerLoginDisabled();
    }
    yield* failures.clear(keys[0]!);
    yield* upgradeHash(credentials, request.password);
    const created = yield* (yield* Sessions).create(credentials.kind, credentials.id, {
      address: request.address,
      userAgent: request.userAgent,
    });
    return created satisfies { token: string; session: Session };
  });
