import type { Permission } from './staff/permissions.ts';
import type { StaffRole } from './staff/roles.ts';
import type { SessionKind } from './session-rules.ts';

// Who a request speaks for, as the session in its cookie says (never a flag in the request).

export interface StaffIdentity {
  readonly kind: 'staff';
  readonly staffUserId: number;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly backendUser: boolean;
}

export interface CustomerIdentity {
  readonly kind: 'customer';
  readonly customerId: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

export type Identity = StaffIdentity | CustomerIdentity;

export interface Session {
  /** SHA-256 of the cookie's token, hex: how the store names the session. */
  readonly idHash: string;
  readonly kind: SessionKind;
  readonly identity: Identity;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

/** A session's person before they are known: who to check a password against. */
export interface Credentials {
  readonly kind: SessionKind;
  readonly id: number;
  readonly email: string;
  readonly passwordHash: string;
}

export type { Permission, StaffRole };
