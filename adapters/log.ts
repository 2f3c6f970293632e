import type { Config } from './config.ts';

// A small leveled logger writing one line per entry to stderr (stdout stays for what the user asked).
const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
type Level = (typeof levels)[number];

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const createLogger = (level: Config['LOG_LEVEL']): Logger => {
  const min = level === 'silent' ? Infinity : levels.indexOf(level);
  const write = (at: Level, message: string) => {
    if (levels.indexOf(at) >= min)
      process.stderr.write(`${new Date().toISOString()} ${at.padEnd(5)} ${message}\n`);
  };
  return {
    debug: (m) => write('debug', m),
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, e) =>
      write('error', e ? `${m}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` : m),
  };
};
