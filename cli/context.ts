import path from 'node:path';
import { loadConfig, type Config } from '../adapters/config.ts';
import { createLogger, type Logger } from '../adapters/log.ts';
import type { Database } from '../adapters/open-database.ts';

/**
 * Exit codes: 0 done, 1 failed, 2 bad configuration or arguments, 3 refused (needs confirmation),
 * 4 not found (no such order: a script can tell a typo from a failure).
 */
export const exitCodes = { failed: 1, usage: 2, refused: 3, notFound: 4 } as const;

export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = exitCodes.failed) {
    super(message);
    this.exitCode = exitCode;
  }
}

export interface CliContext {
  readonly config: Config;
  readonly log: Logger;
}

export const cliContext = (): CliContext => {
  const config = loadConfig();
  return { config, log: createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL) };
};

/** A folder as the operator would type it: from the working folder when it is inside it. */
const shownPath = (dir: string) => {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
};

/**
 * Opens the database (embedded when DATABASE_URL is unset, and then says so in one line on stderr,
 * so an operator knows which database a command changed; stdout stays the answer's), runs `fn`,
 * always closes.
 */
export const withDatabase = async <T>(
  context: CliContext,
  fn: (database: Database) => Promise<T>,
): Promise<T> => {
  // Loaded here, not at start-up: `foyer --help` should not wait for the database code to load.
  const { embeddedDataDir, openDatabase } = await import('../adapters/open-database.ts');
  if (!context.config.DATABASE_URL)
    process.stderr.write(
      `Using the embedded PostgreSQL in ${shownPath(embeddedDataDir(context.config))} (no DATABASE_URL)\n`,
    );
  const database = await openDatabase(context.config, context.log);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
};
