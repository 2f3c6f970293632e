import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Each benchmark writes bench/results/<name>.json and prints the same figures, so a run can be
// compared with the last one kept.

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

export interface Figure {
  readonly metric: string;
  readonly value: number;
  readonly unit: string;
  /** e.g. '<= 25' */
  readonly target?: string;
  readonly met?: boolean;
}

export const writeResults = async (bench: string, metrics: Record<string, number>): Promise<string> => {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${bench}.json`);
  const result = {
    bench,
    at: new Date().toISOString(),
    machine: { cpus: os.availableParallelism?.() ?? os.cpus().length, node: process.version },
    metrics,
  };
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
};

const round = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);

export const printTable = (title: string, figures: readonly Figure[]): void => {
  const rows = figures.map((f) => [
    f.metric,
    round(f.value),
    f.unit,
    f.target ?? '',
    f.target === undefined ? '' : f.met ? 'met' : 'NOT met',
  ]);
  const header = ['metric', 'value', 'unit', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  process.stdout.write(`\n${title}\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('\n');
};
