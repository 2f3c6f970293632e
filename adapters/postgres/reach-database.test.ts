import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { DatabaseUnreachable, reachDatabase } from './reach-database.ts';

// A wrong DATABASE_URL is one line saying what is wrong, checked against a real server.

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** A port on this machine nothing listens on. */
const closedPort = async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

describe('reaching the configured database', () => {
  it('connects to a database that is there', async () => {
    const db = await createTestDatabase({ seed: false });
    try {
      await expect(reachDatabase(db.url)).resolves.toBeUndefined();
    } finally {
      await db.drop();
    }
  });

  it('names a missing database and how to make it, without the password', async () => {
    const db = await createTestDatabase({ seed: false });
    try {
      const u = new URL(withDatabase(db.url, 'foyer_no_such_db'));
      // The embedded server checks passwords (keep its own); a trust server takes any.
      if (!u.password) u.password = 'secret-pw';
      const error = await reachDatabase(u.toString()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseUnreachable);
      expect((error as Error).message).toMatch(
        /^DATABASE_URL names database "foyer_no_such_db", which does not exist on .+:\d+\. Create it \(createdb "foyer_no_such_db"\), or unset DATABASE_URL/,
      );
      // (The embedded server's password is part of the database's name.)
      const password = decodeURIComponent(u.password);
      expect((error as Error).message.replaceAll('foyer_no_such_db', '')).not.toContain(password);
    } finally {
      await db.drop();
    }
  });

  it('says when nothing listens at the address', async () => {
    const port = await closedPort();
    const error = await reachDatabase(`postgres://foyer:secret-pw@127.0.0.1:${port}/foyer`).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseUnreachable);
    expect((error as Error).message).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): ECONNREFUSED. Is it running there? Start it, or unset DATABASE_URL to use the embedded PostgreSQL.`,
    );
  });
});
