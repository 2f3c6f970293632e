import { describe, expect, it } from 'vitest';
import { randomBytes, scrypt } from 'node:crypto';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

// A hash of the older scheme, as rows made before argon2id hold them.
const scryptHash = async (plain: string, n = 16384, r = 8, p = 1, length = 64) => {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(plain, salt, length, { N: n, r, p, maxmem: 256 * 1024 * 1024 }, (e, k) =>
      e ? reject(e) : resolve(k),
    ),
  );
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
};

describe('password hashing', () => {
  it('stores an argon2id PHC string at OWASP parameters, and verifies the same password', async () => {
    const stored = await hashPassword('foyer-demo');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('foyer-demo', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verifies hashes of the older scrypt scheme, and asks for them to be replaced', async () => {
    const stored = await scryptHash('foyer-demo');
    expect(await verifyPassword('foyer-demo', stored)).toBe(true);
    expect(await verifyPassword('foyer-demo!', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('treats a password typed in another Unicode form as the same password', async () => {
    const stored = await hashPassword('Caf\u00e9 au lait 2026');
    expect(await verifyPassword('Cafe\u0301 au lait 2026', stored)).toBe(true);
  });

  it('rejects a wrong password, even one differing only in case or a trailing space', async () => {
    const stored = await hashPassword('foyer-demo');
    expect(await verifyPassword('Foyer-demo', stored)).toBe(false);
    expect(await verifyPassword('foyer-demo ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so two users with the same password get different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies scrypt hashes made with other parameters, read from the stored string', async () => {
    expect(await verifyPassword('rehash me', await scryptHash('rehash me', 1024, 4, 2, 32))).toBe(true);
  });

  it('answers false, without throwing, for stored values that are not our hashes', async () => {
    const stored = await scryptHash('foyer-demo');
    const argon = await hashPassword('foyer-demo');
    const parts = stored.split('$');
    const withN = (n: string) => ['scrypt', n, ...parts.slice(2)].join('$');
    for (const bad of [
      '',
      'foyer-demo',
      `bcrypt$${parts.slice(1).join('$')}`,
      withN('1000'), // not a power of two
      withN(String(2 ** 30)), // would allocate far too much memory
      withN('abc'),
      `${stored}$extra`,
      parts.slice(0, 5).join('$'),
      argon.replace('m=19456', 'm=4194304'), // a tampered cost: refused before hashing
      argon.replace('$argon2id$', '$argon2i$'),
      argon.slice(0, -4),
    ])
      expect(await verifyPassword('foyer-demo', bad)).toBe(false);
  });
});
