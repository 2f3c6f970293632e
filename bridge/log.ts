import { appendFile, readFile } from 'node:fs/promises';
import { ensureHome, homeFiles } from './home.ts';

// bridge.log in the home folder: one line per event, with its time and level, for the box
// office to read when a printer or terminal misbehaves (the `openlogfile` RPC shows its tail).

export type LogLevel = 'info' | 'warn' | 'error';
export const LOG_LEVELS: readonly LogLevel[] = ['info', 'warn', 'error'];

export const TAIL_LINES = 200;

export const logLine = (level: LogLevel, text: string, at: Date = new Date()): string =>
  // One event per line: line breaks in what the web sends become visible "\n".
  `${at.toISOString()} ${level.toUpperCase().padEnd(5)} ${text.replace(/\r?\n/g, '\\n')}\n`;

export const appendLog = async (home: string, level: LogLevel, text: string): Promise<void> => {
  await ensureHome(home);
  await appendFile(homeFiles(home).log, logLine(level, text), { mode: 0o600 });
};

/** The last `count` lines of bridge.log (none when it does not exist yet). */
export const logTail = async (home: string, count = TAIL_LINES): Promise<string[]> => {
  try {
    const lines = (await readFile(homeFiles(home).log, 'utf8')).split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-count);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};
