import type { Server } from '@hapi/hapi';
import { loadConfig, type Config } from '../adapters/config.ts';
import { createDatabase } from '../adapters/postgres/database.ts';
import { createHttpServer } from '../adapters/http/server.ts';
import { makeAppRuntime } from '../adapters/wiring.ts';
import { createTestDatabase } from './database.ts';
import type { Knex } from 'knex';

export interface TestApi {
  readonly server: Server;
  readonly db: Knex;
  readonly config: Config;
  close(): Promise<void>;
}

/** A server over a fresh demo database, for `server.inject` API tests. */
export const createTestApi = async (
  options: { env?: Record<string, string>; distDir?: string } = {},
): Promise<TestApi> => {
  const database = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'silent', ...options.env });
  const db = createDatabase(database.url, { max: 5 });
  const runtime = makeAppRuntime({ db, config });
  const server = await createHttpServer({ config, runtime, version: 'test', distDir: options.distDir });
  await server.initialize();
  return {
    server,
    db,
    config,
    close: async () => {
      await server.stop();
      await runtime.dispose();
      await db.destroy();
      await database.drop();
    },
  };
};

/** Cookie + header a browser would send with a state change (adapters/http/csrf.ts). */
export const csrfHeaders = async (server: Server): Promise<Record<string, string>> => {
  const res = await server.inject('/healthz');
  const line = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('foyer_csrf='));
  const token = line?.split(';')[0]?.slice('foyer_csrf='.length);
  if (!token) throw new Error('the server handed out no CSRF token');
  return { cookie: `foyer_csrf=${token}`, 'x-csrf-token': token };
};
