import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// New passwords are hashed with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane): about
// 60 ms and 19 MiB a hash here, where scrypt at the same strength (N = 2^17) needs 128 MiB a hash,
// which twenty sign-ins at once would turn into 2.5 GiB. The PHC string ($argon2id$v=19$m=...)
// carries its parameters, so they can be raised later. Hashes of the older scheme,
// `scrypt$N$r$p$salt$hash`, still verify; `needsRehash` tells the sign-in to replace them.
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (the package's const enum cannot be read under verbatimModuleSyntax)
  memoryCost: 19_456, // KiB
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

// NFC (RFC 8265's OpaqueString profile): the same password typed on two keyboards hashes the same.
const normalise = (plain: string) => plain.normalize('NFC');

export const hashPassword = (plain: string): Promise<string> => argon2Hash(normalise(plain), ARGON2_OPTIONS);

// Refuse argon2 parameters no hash of ours would carry: a tampered row must not make verify
// allocate gigabytes or spin for minutes.
const ARGON2_PARAMS = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const MAX_ARGON2_MEMORY = 256 * 1024;
const MAX_ARGON2_TIME = 10;
const MAX_ARGON2_LANES = 8;

const verifyArgon2 = async (plain: string, stored: string): Promise<boolean> => {
  const match = ARGON2_PARAMS.exec(stored);
  if (!match) return false;
  const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m > MAX_ARGON2_MEMORY || t > MAX_ARGON2_TIME || p > MAX_ARGON2_LANES || t < 1 || p < 1) return false;
  try {
    return await argon2Verify(stored, normalise(plain));
  } catch {
    return false;
  }
};

// The older scrypt scheme, verify only.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

const derive = (plain: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(normalise(plain), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

// scrypt needs 128 * N * r bytes; the default 32 MiB cap is too small for N = 2^17 and up.
const maxmemFor = (n: number, r: number, p: number) => 128 * n * r * p + 32 * 1024 * 1024;

const parseScrypt = (stored: string) => {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || salt === undefined || hash === undefined) return null;
  const [cost, blockSize, parallel] = [Number(n), Number(r), Number(p)];
  const valid =
    Number.isSafeInteger(cost) &&
    cost > 1 &&
    cost <= MAX_N &&
    (cost & (cost - 1)) === 0 && // scrypt's N must be a power of two
    Number.isSafeInteger(blockSize) &&
    blockSize >= 1 &&
    blockSize <= MAX_R &&
    Number.isSafeInteger(parallel) &&
    parallel >= 1 &&
    parallel <= MAX_P;
  if (!valid) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const hashBytes = Buffer.from(hash, 'base64');
  if (saltBytes.length === 0 || hashBytes.length < 16) return null;
  return { cost, blockSize, parallel, saltBytes, hashBytes };
};

const verifyScrypt = async (plain: string, stored: string): Promise<boolean> => {
  const parsed = parseScrypt(stored);
  if (parsed === null) return false;
  const { cost, blockSize, parallel, saltBytes, hashBytes } = parsed;
  const candidate = await derive(plain, saltBytes, hashBytes.length, {
    N: cost,
    r: blockSize,
    p: parallel,
    maxmem: maxmemFor(cost, blockSize, parallel),
  });
  return timingSafeEqual(candidate, hashBytes);
};

/** False for a wrong password and for anything that is not one of our hashes. */
export const verifyPassword = (plain: string, stored: string): Promise<boolean> =>
  stored.startsWith('$argon2') ? verifyArgon2(plain, stored) : verifyScrypt(plain, stored);

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** True when a verified hash was made with another scheme or weaker parameters. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(CURRENT_PREFIX);

/**
 * A hash to verify against when the e-mail typed belongs to no one, so that a wrong e-mail takes
 * as long to answer as a wrong password (the answer must not say whether an account exists).
 */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(16).toString('hex')));
