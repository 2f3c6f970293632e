import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPairingCode,
  mayTryPairing,
  normalisePairingCode,
  PAIRING_FAILURES_PER_ADDRESS,
  PAIRING_ALPHABET,
  PAIRING_CODE_LIFETIME_MS,
  pairingCodeExpiresAt,
  pairingCodeFrom,
  pairingCodeUsable,
} from './device-pairing.ts';

const START = 1_800_000_000_000;
const letter = fc.constantFrom(...PAIRING_ALPHABET.split(''));
const code = fc
  .array(letter, { minLength: 8, maxLength: 8 })
  .map((l) => `${l.slice(0, 4).join('')}-${l.slice(4).join('')}`);

describe('pairing codes', () => {
  it('are eight characters of the unambiguous alphabet, shown XXXX-XXXX', () => {
    expect(PAIRING_ALPHABET).not.toMatch(/[01BILOSZ]/);
    expect(new Set(PAIRING_ALPHABET).size).toBe(PAIRING_ALPHABET.length);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 64 }), (bytes) => {
        const made = pairingCodeFrom(bytes);
        if (made === null) return;
        expect(made).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        expect(isPairingCode(made)).toBe(true);
      }),
    );
  });

  it('draws every character equally often: bytes that would favour some are skipped', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      const made = pairingCodeFrom(new Uint8Array(8).fill(byte));
      if (made !== null) counts.set(made[0]!, (counts.get(made[0]!) ?? 0) + 1);
    }
    expect(counts.size).toBe(PAIRING_ALPHABET.length);
    expect(new Set(counts.values()).size).toBe(1);
    // Too few usable bytes make no code rather than a short one.
    expect(pairingCodeFrom(new Uint8Array(8).fill(255))).toBeNull();
  });

  it('reads a typed code in any case, with spaces, without the dash or with another one', () => {
    fc.assert(
      fc.property(
        code,
        fc.boolean(),
        fc.constantFrom('-', '', ' ', ' - ', '–', '_'),
        fc.nat(8),
        (shown, lower, dash, space) => {
          const bare = shown.replace('-', '');
          let typed = `${bare.slice(0, 4)}${dash}${bare.slice(4)}`;
          if (lower) typed = typed.toLowerCase();
          typed = `${' '.repeat(space % 3)}${typed.slice(0, space)} ${typed.slice(space)}\n`;
          expect(normalisePairingCode(typed)).toBe(shown);
        },
      ),
    );
  });

  it('refuses what cannot be a code: wrong length or a character outside the alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (typed) => {
        const read = normalisePairingCode(typed);
        if (read !== null) expect(isPairingCode(read)).toBe(true);
      }),
    );
    expect(normalisePairingCode('K7QM-2XP')).toBeNull();
    expect(normalisePairingCode('K7QM-2XPDA')).toBeNull();
    expect(normalisePairingCode('K7QM-2XP0')).toBeNull(); // 0 is never in a code
    expect(normalisePairingCode('k7qm 2xpd')).toBe('K7QM-2XPD');
  });

  it('pairs once, before ten minutes have passed', () => {
    expect(PAIRING_CODE_LIFETIME_MS).toBe(10 * 60 * 1000);
    fc.assert(
      fc.property(fc.nat(30 * 60 * 1000), fc.option(fc.nat(30 * 60 * 1000)), (after, usedAfter) => {
        const expiresAt = pairingCodeExpiresAt(START);
        const usedAt = usedAfter === null ? null : START + usedAfter;
        expect(pairingCodeUsable({ expiresAt, usedAt }, START + after)).toBe(
          usedAt === null && after < PAIRING_CODE_LIFETIME_MS,
        );
      }),
    );
  });

  it('refuses pairing from an address after 20 wrong codes in the last hour, whenever they came', () => {
    const HOUR = 60 * 60 * 1000;
    fc.assert(
      fc.property(fc.array(fc.nat(3 * HOUR), { maxLength: 40 }), (agos) => {
        const now = START + 3 * HOUR;
        const times = agos.map((ago) => now - ago);
        const lastHour = agos.filter((ago) => ago < HOUR).length;
        expect(mayTryPairing(times, now)).toBe(lastHour < PAIRING_FAILURES_PER_ADDRESS);
      }),
    );
  });
});
