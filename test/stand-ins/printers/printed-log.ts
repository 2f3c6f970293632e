import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

// What a simulated printer has printed, in order: each piece with its PNG drawing, a wait for a
// count of pieces, and the drawings saved to files. Shared by fgl-printer.ts and escpos-printer.ts.

export interface Printed {
  /** The piece drawn as the printer would, once it resolves (a PNG). */
  readonly rendered: Promise<Buffer>;
}

export const printedLog = <T extends Printed>(printer: string, pieces: string) => {
  const items: T[] = [];
  let waiters: (() => void)[] = [];
  return {
    items,
    add(item: T) {
      item.rendered.catch(() => undefined);
      items.push(item);
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    },
    /** Resolves once `count` pieces in all have been printed. */
    waitFor(count: number, timeoutMs = 5000): Promise<readonly T[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the ${printer} printed ${items.length} of ${count} ${pieces}`)),
          timeoutMs,
        );
        const check = () => {
          if (items.length >= count) {
            clearTimeout(timer);
            resolve(items);
          } else waiters.push(check);
        };
        check();
      });
    },
    /** Writes each drawing to DIRECTORY/PREFIX-N.png; answers the file names. */
    async save(directory: string, prefix: string): Promise<string[]> {
      await mkdir(directory, { recursive: true });
      return Promise.all(
        items.map(async (item, i) => {
          const file = path.join(directory, `${prefix}-${i + 1}.png`);
          await writeFile(file, await item.rendered);
          return file;
        }),
      );
    },
  };
};
