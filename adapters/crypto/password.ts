import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Passwords are stored as `scrypt$N$r$p$saltBase64$hashBase64`: the parameters travel with the
// hash, so they can be raised later without invalidating stored passwords.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// Refuse parameters no hash of ours would carry: a tampered row must not make verify allocate
// gigabytes or spin for minutes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

// NFC (RFC 8265's OpaqueString profile): the same password typed on two keyboards hashes the same.
const derive = (plain: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(plain.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

// scrypt needs 128 * N * r bytes; the default 32 MiB cap is too small for N = 2^17 and up.
const maxmemFor = (n: number, r: number, p: number) => 128 * n * r * p + 32 * 1024 * 1024;

export const hashPassword = async (plain: string): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(plain, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N, R, P) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
};

const parse = (stored: string) => {
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

/** False for a wrong password and for anything that is not one of our hashes. */
export const verifyPassword = async (plain: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
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
