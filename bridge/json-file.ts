import { readFile, rename, writeFile } from 'node:fs/promises';

// JSON files in the bridge's home, written whole through a temporary file and a rename so a
// bridge stopped mid-write never leaves half a file, and read as undefined when absent.

export const readJson = async (file: string): Promise<unknown> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof SyntaxError)
      throw new Error(`${file} is not valid JSON (${error.message}): fix or delete it.`, { cause: error });
    throw error;
  }
};

export const writeJson = async (file: string, value: unknown): Promise<void> => {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
};

/** Runs writers one after another, so two requests never interleave read-change-write. */
export const serially = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <A>(work: () => Promise<A>): Promise<A> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
};
