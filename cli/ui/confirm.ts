import { createInterface } from 'node:readline/promises';

/**
 * Asks before a destructive action. Without a terminal there is nobody to ask: the caller must
 * pass --yes, so a script never destroys data by accident.
 */
export const confirm = async (question: string): Promise<boolean> => {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
};
