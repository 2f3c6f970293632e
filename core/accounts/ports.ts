import { Context, type Effect } from 'effect';
import type { AccountInformation, ConsumerFeatures } from './account-information.ts';
import type { CustomerIdentity, Credentials, Session, StaffIdentity } from './identity.ts';
import type { SessionKind } from './session-rules.ts';
import type { StaffRole } from './staff/roles.ts';
import type { AccountOrder, Profile, ProfileFields } from './profile.ts';

/** Read side of the box office's account and storefront settings. */
export class AccountSettings extends Context.Service<
  AccountSettings,
  {
    readonly information: () => Effect.Effect<AccountInformation>;
    readonly consumerFeatures: () => Effect.Effect<ConsumerFeatures>;
  }
>()('foyer/accounts/AccountSettings') {}

/** Hashing and checking passwords (argon2id in adapters/crypto/password.ts). */
export class PasswordHasher extends Context.Service<
  PasswordHasher,
  {
    readonly hash: (plain: string) => Effect.Effect<string>;
    readonly verify: (plain: string, stored: string) => Effect.Effect<boolean>;
    /** A hash of the older scheme or weaker parameters: replace it after a good sign-in. */
    readonly needsRehash: (stored: string) => boolean;
    /** Checked when no account matches, so a wrong e-mail costs as long as a wrong password. */
    readonly dummyHash: () => Effect.Effect<string>;
  }
>()('foyer/accounts/PasswordHasher') {}

/** Server-side sessions. The token is the cookie's value; the store keeps only its hash. */
export class Sessions extends Context.Service<
  Sessions,
  {
    readonly create: (
      kind: SessionKind,
      personId: number,
      context: { readonly address: string | null; readonly userAgent: string | null },
    ) => Effect.Effect<{ readonly token: string; readonly session: Session }>;
    /** The live session of a token (person active, not anonymised, within its lifetimes), touched. */
    readonly read: (token: string) => Effect.Effect<Session | null>;
    readonly end: (token: string) => Effect.Effect<void>;
    /** Ends every session of a person, but the one named by `except` (an id hash) if given. */
    readonly endAllOf: (kind: SessionKind, personId: number, except?: string) => Effect.Effect<number>;
  }
>()('foyer/accounts/Sessions') {}

/** Failed sign-ins by key (`account:<e-mail>`, `address:<ip>`), for the throttle. */
export class LoginFailures extends Context.Service<
  LoginFailures,
  {
    /** Failure times (ms) per key since `since`. */
    readonly since: (
      keys: readonly string[],
      since: number,
    ) => Effect.Effect<ReadonlyMap<string, readonly number[]>>;
    readonly record: (keys: readonly string[]) => Effect.Effect<void>;
    /** A good sign-in clears its account's failures (never the address's). */
    readonly clear: (key: string) => Effect.Effect<void>;
  }
>()('foyer/accounts/LoginFailures') {}

export interface NewCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly passwordHash: string;
}

/** Customer accounts. */
export class CustomerAccounts extends Context.Service<
  CustomerAccounts,
  {
    /** The account that may sign in with this e-mail (case-insensitive), if any. */
    readonly credentials: (email: string) => Effect.Effect<Credentials | null>;
    readonly credentialsById: (customerId: number) => Effect.Effect<Credentials | null>;
    /**
     * Creates an account. When the e-mail has a guest record (checkouts without an account), that
     * record becomes the account. `null` when the e-mail already has a password.
     */
    readonly create: (customer: NewCustomer) => Effect.Effect<CustomerIdentity | null>;
    readonly setPassword: (customerId: number, passwordHash: string) => Effect.Effect<void>;
    /** Clears the profile's personal data; orders stay, without it. Ends no sessions itself. */
    readonly anonymize: (customerId: number) => Effect.Effect<void>;
    readonly profile: (customerId: number) => Effect.Effect<Profile | null>;
    /** `false` when the new e-mail belongs to another account (nothing changed). */
    readonly updateProfile: (customerId: number, fields: ProfileFields) => Effect.Effect<boolean>;
    /** Puts the customer on exactly these marketing lists (tag types of kind MarketingOptIn). */
    readonly setOptIns: (customerId: number, typeIds: readonly number[]) => Effect.Effect<void>;
    /** Removes one of the customer's own tags; false when it is not theirs. */
    readonly removeTag: (customerId: number, tagId: number) => Effect.Effect<boolean>;
    readonly orders: (customerId: number) => Effect.Effect<readonly AccountOrder[]>;
  }
>()('foyer/accounts/CustomerAccounts') {}

export interface StaffUser {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
  readonly backendUser: boolean;
  readonly createdAt: Date;
}

/** Staff accounts: the admin API's staff list and `foyer staff ...`. */
export class StaffUsers extends Context.Service<
  StaffUsers,
  {
    readonly credentials: (email: string) => Effect.Effect<Credentials | null>;
    readonly credentialsById: (staffUserId: number) => Effect.Effect<Credentials | null>;
    readonly list: () => Effect.Effect<readonly StaffUser[]>;
    readonly byEmail: (email: string) => Effect.Effect<StaffUser | null>;
    /** `null` when the e-mail is taken. */
    readonly add: (user: {
      readonly email: string;
      readonly name: string;
      readonly role: StaffRole;
      readonly passwordHash: string;
    }) => Effect.Effect<StaffUser | null>;
    readonly setActive: (staffUserId: number, active: boolean) => Effect.Effect<void>;
    readonly setRole: (staffUserId: number, role: StaffRole) => Effect.Effect<void>;
    readonly setBackendUser: (staffUserId: number, backendUser: boolean) => Effect.Effect<void>;
    readonly setPassword: (staffUserId: number, passwordHash: string) => Effect.Effect<void>;
  }
>()('foyer/accounts/StaffUsers') {}

/** Single-use password reset tokens, stored hashed. */
export class PasswordResets extends Context.Service<
  PasswordResets,
  {
    /** A new token for the customer, valid until `expiresAt`; answers the token for the e-mail. */
    readonly issue: (customerId: number, expiresAt: number) => Effect.Effect<string>;
    /** The customer of an unused, unexpired token, marking it used; null otherwise. */
    readonly consume: (token: string) => Effect.Effect<number | null>;
  }
>()('foyer/accounts/PasswordResets') {}

/** E-mails about the account itself (reset links, a sign-up attempt on a taken address). */
export class AccountMail extends Context.Service<
  AccountMail,
  {
    readonly passwordReset: (
      to: { readonly email: string; readonly name: string },
      link: string,
    ) => Effect.Effect<void>;
    readonly alreadyRegistered: (
      to: { readonly email: string; readonly name: string },
      signInLink: string,
    ) => Effect.Effect<void>;
  }
>()('foyer/accounts/AccountMail') {}

export interface AuditEntry {
  readonly staff: Pick<StaffIdentity, 'staffUserId' | 'email'> | null;
  readonly action: string;
  readonly orderId?: number | null;
  readonly basketId?: string | null;
  readonly status?: number | null;
  readonly details?: Readonly<Record<string, unknown>>;
}

export interface AuditRecord {
  readonly id: number;
  readonly at: Date;
  readonly actor: string;
  readonly action: string;
  readonly orderId: number | null;
  readonly basketId: string | null;
  readonly status: number | null;
  readonly details: Readonly<Record<string, unknown>>;
}

/** Who did what at the box office; never changed once written. */
export class AuditLog extends Context.Service<
  AuditLog,
  {
    readonly record: (entry: AuditEntry) => Effect.Effect<void>;
    readonly forOrder: (orderId: number) => Effect.Effect<readonly AuditRecord[]>;
    readonly forBasket: (basketId: string) => Effect.Effect<readonly AuditRecord[]>;
  }
>()('foyer/accounts/AuditLog') {}
