import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run bench -- <name>` runs bench/<name>.ts (its default export). Each benchmark is
// self-contained: it starts what it needs, prints a table and writes bench/results/<name>.json.

const here = path.dirname(fileURLToPath(import.meta.url));

const benchmarks = async () =>
  (await readdir(here))
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();

const name = process.argv[2];
const known = await benchmarks();
if (!name || !known.includes(name)) {
  process.stderr.write(
    `${name ? `Unknown benchmark "${name}". ` : ''}Usage: npm run bench -- <name>\nBenchmarks:\n`,
  );
  for (const bench of known) process.stderr.write(`  ${bench}\n`);
  process.exit(1);
}

const module = (await import(path.join(here, `${name}.ts`))) as {
  default: (args: string[]) => Promise<void>;
};
try {
  await module.default(process.argv.slice(3));
  process.exit(0);
} catch (error) {
  process.stderr.write(
    `Benchmark ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}
