import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash, and verifies the same password', async () => {
    const stored = await hashPassword('foyer-demo');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64')).toHaveLength(64);
    expect(await verifyPassword('foyer-demo', stored)).toBe(true);
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

  it('verifies hashes made with other scrypt parameters, read from the stored string', async () => {
    const stored = await hashPassword('rehash me');
    const [, , , , salt] = stored.split('$');
    const { scrypt } = await import('node:crypto');
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt('rehash me', Buffer.from(salt ?? '', 'base64'), 32, { N: 1024, r: 4, p: 2 }, (e, k) =>
        e ? reject(e) : resolve(k),
      ),
    );
    expect(await verifyPassword('rehash me', `scrypt$1024$4$2$${salt}$${key.toString('base64')}`)).toBe(true);
  });

  it('answers false, without throwing, for stored values that are not our hashes', async () => {
    const stored = await hashPassword('foyer-demo');
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
    ])
      expect(await verifyPassword('foyer-demo', bad)).toBe(false);
  });
});
