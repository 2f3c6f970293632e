import { Clock, Context, Effect } from 'effect';
import { failuresInWindow, THROTTLE_WINDOW_MS } from '../login-throttle.ts';
import { LoginFailures } from '../ports.ts';

// Pairing a point-of-sale device (a counter computer running bridge/) with Foyer. A staff member
// who may print asks for a pairing code; whoever types it into `npm run bridge -- pair` within
// ten minutes, once, gets a device session (core/accounts/session-rules.ts, kind 'device') for a
// staff user of role PointOfSale (core/accounts/staff/permissions.ts: print, card terminal, check-in;
// never sell). The store is adapters/postgres/accounts/devices.ts; the calls are
// adapters/http/devices/plugin.ts and `foyer devices ...` (cli/commands/devices.ts).

/**
 * The characters of a code: upper-case letters and digits without the ones misread off a screen
 * or a slip (0 and 1, and the letters B, I, L, O, S, Z that look like 8, 1, 1, 0, 5, 2). 28 of
 * them: 8 give about 2^38 codes, each usable once for ten minutes.
 */
export const PAIRING_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY23456789';

export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_LIFETIME_MS = 10 * 60 * 1000;

/** A code as shown and stored: XXXX-XXXX. */
const SHOWN = new RegExp(`^[${PAIRING_ALPHABET}]{4}-[${PAIRING_ALPHABET}]{4}$`);

export const isPairingCode = (code: string): boolean => SHOWN.test(code);

/** The largest multiple of the alphabet's size that fits a byte: bytes at or above it are skipped. */
const UNBIASED_LIMIT = 256 - (256 % PAIRING_ALPHABET.length);

/**
 * A code from random bytes (the adapter draws them): each byte below UNBIASED_LIMIT gives one
 * letter, so every letter is equally likely. Null when the bytes do not give 8 letters (ask
 * again with more bytes).
 */
export const pairingCodeFrom = (bytes: Uint8Array): string | null => {
  let letters = '';
  for (const byte of bytes) {
    if (letters.length === PAIRING_CODE_LENGTH) break;
    if (byte < UNBIASED_LIMIT) letters += PAIRING_ALPHABET[byte % PAIRING_ALPHABET.length];
  }
  return letters.length === PAIRING_CODE_LENGTH ? `${letters.slice(0, 4)}-${letters.slice(4)}` : null;
};

/**
 * A typed code as shown (XXXX-XXXX), or null when it cannot be one. People type it in lower
 * case, with spaces, without the dash or with another one; all of those are the same code.
 */
export const normalisePairingCode = (typed: string): string | null => {
  const letters = typed.toUpperCase().replace(/[\s\-‐-―_.]/g, '');
  if (letters.length !== PAIRING_CODE_LENGTH) return null;
  const shown = `${letters.slice(0, 4)}-${letters.slice(4)}`;
  return isPairingCode(shown) ? shown : null;
};

export const pairingCodeExpiresAt = (issuedAt: number): number => issuedAt + PAIRING_CODE_LIFETIME_MS;

/** A code pairs one device, before it expires. */
export const pairingCodeUsable = (
  code: { readonly expiresAt: number; readonly usedAt: number | null },
  now: number,
): boolean => code.usedAt === null && now < code.expiresAt;

export const PAIRING_CODE_REFUSED = 'Code: this pairing code is not valid or has expired; ask for a new one.';

/** A device's name as a counter calls it ("Counter 1"). */
export const DEVICE_NAME_MAX = 60;

export interface Device {
  readonly id: number;
  readonly name: string;
  readonly pairedAt: Date;
  readonly lastSeenAt: Date | null;
  readonly active: boolean;
}

export interface PairedDevice {
  readonly deviceId: number;
  readonly name: string;
  /** The device session's cookie value. */
  readonly token: string;
}

/**
 * Who asks for a code or revokes a device: a staff member, or the command line's operator
 * (no staff user; `email` and `name` are then `cli:<user>`).
 */
export interface DeviceActor {
  readonly staffUserId: number | null;
  readonly email: string;
  readonly name: string;
}

export class Devices extends Context.Service<
  Devices,
  {
    /** Stores a new code's hash for `name`, valid PAIRING_CODE_LIFETIME_MS; answers the code. */
    readonly issueCode: (
      name: string,
      by: DeviceActor,
    ) => Effect.Effect<{ readonly code: string; readonly expiresAt: Date }>;
    /**
     * Uses a code (as shown) once: makes the device, its staff user and its session, audited.
     * Null when no usable code has this value (unknown, used or expired).
     */
    readonly pair: (
      code: string,
      context: { readonly address: string | null; readonly userAgent: string | null },
    ) => Effect.Effect<PairedDevice | null>;
    readonly list: () => Effect.Effect<readonly Device[]>;
    /** Ends the device's sessions and deactivates it, audited; null when there is no such device. */
    readonly revoke: (deviceId: number, by: DeviceActor) => Effect.Effect<Device | null>;
  }
>()('foyer/accounts/Devices') {}

/**
 * Wrong codes tried from one network address in the sliding hour of the sign-in throttle
 * (login-throttle.ts) before pairing from there is refused: a counter mistypes a few times, a
 * guesser needs billions of tries.
 */
export const PAIRING_FAILURES_PER_ADDRESS = 20;

/** The throttle's key for pairing failures from an address (rows of the sign-in failures store). */
export const pairingKey = (address: string) => `pairing:${address}`;

/** May a code be tried from an address that failed at these times (ms)? */
export const mayTryPairing = (failureTimes: readonly number[], now: number): boolean =>
  failuresInWindow(failureTimes, now, THROTTLE_WINDOW_MS) < PAIRING_FAILURES_PER_ADDRESS;

export class PairingCodeRefused {
  readonly _tag = 'PairingCodeRefused';
  readonly message = PAIRING_CODE_REFUSED;
}

export class PairingThrottled {
  readonly _tag = 'PairingThrottled';
  readonly message =
    'Too many wrong pairing codes from this computer. Wait an hour, then ask for a new code.';
}

/**
 * Pairs the device whose bridge typed `typed`; a code that is not one is refused unread. Each
 * refusal counts against the caller's address (PAIRING_FAILURES_PER_ADDRESS an hour).
 */
export const pairDevice = (
  typed: string,
  context: { readonly address: string | null; readonly userAgent: string | null },
): Effect.Effect<PairedDevice, PairingCodeRefused | PairingThrottled, Devices | LoginFailures> =>
  Effect.gen(function* () {
    const failures = yield* LoginFailures;
    const now = yield* Clock.currentTimeMillis;
    const keys = context.address ? [pairingKey(context.address)] : [];
    if (keys.length > 0) {
      const recent = yield* failures.since(keys, now - THROTTLE_WINDOW_MS);
      if (!mayTryPairing(recent.get(keys[0]!) ?? [], now)) return yield* Effect.fail(new PairingThrottled());
    }
    const code = normalisePairingCode(typed);
    const paired = code === null ? null : yield* (yield* Devices).pair(code, context);
    if (paired === null) {
      if (keys.length > 0) yield* failures.record(keys);
      return yield* Effect.fail(new PairingCodeRefused());
    }
    return paired;
  });
