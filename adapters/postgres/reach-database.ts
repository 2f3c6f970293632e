import pg from 'pg';
import { ConfigError } from '../config.ts';

// DATABASE_URL is checked with one plain connection before anything else uses it, so a wrong
// address, a missing database or a refused password is one clear line, not a pool's stack trace.

/** The configured database cannot be used: the message says why and what to do. */
export class DatabaseUnreachable extends ConfigError {}

/** host:port/database as the URL names them, the password left out. */
const describe = (url: string) => {
  try {
    const u = new URL(url);
    const host = u.searchParams.get('host') ?? (u.hostname || 'localhost');
    return {
      where: `${host}:${u.port || '5432'}`,
      database: decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username) || 'postgres',
      user: decodeURIComponent(u.username) || 'the current user',
    };
  } catch {
    return { where: 'the address in DATABASE_URL', database: '(unknown)', user: '(unknown)' };
  }
};

const EMBEDDED_HINT = 'or unset DATABASE_URL to use the embedded PostgreSQL';

/** Why a connection failed, as the operator should read it; null when it is not a known cause. */
export const reachFailure = (url: string, error: unknown): string | null => {
  const { where, database, user } = describe(url);
  const code = (error as { code?: string }).code;
  switch (code) {
    case '3D000':
      return `DATABASE_URL names database "${database}", which does not exist on ${where}. Create it (createdb "${database}"), ${EMBEDDED_HINT}.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused user ${user} (${error instanceof Error ? error.message : code}). Check the user and password in DATABASE_URL, ${EMBEDDED_HINT}.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
    case 'ENOENT':
      return `Cannot reach PostgreSQL at ${where} (DATABASE_URL): ${code}. Is it running there? Start it, ${EMBEDDED_HINT}.`;
    default:
      return null;
  }
};

/** Connects once to `url` and disconnects; a known failure becomes a DatabaseUnreachable. */
export const reachDatabase = async (url: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A failed connect may also emit 'error'; the rejection below is what is reported.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const reason = reachFailure(url, error);
    throw reason ? new DatabaseUnreachable(reason) : error;
  } finally {
    await client.end().catch(() => undefined);
  }
};
