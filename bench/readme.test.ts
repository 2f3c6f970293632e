import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every benchmark `npm run bench -- <name>` runs is named in the README, as bench/run.ts finds them.
const here = import.meta.dirname;

describe('benchmarks', () => {
  it('are each named in the README', async () => {
    const names = (await readdir(here))
      .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(names).toContain('holds');
    const readme = await readFile(path.join(here, '..', 'README.md'), 'utf8');
    for (const name of names) expect(readme, `README names the ${name} benchmark`).toContain(`\`${name}\``);
  });
});
