import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { targets, targetText } from './lib/targets.ts';

// Every benchmark `npm run bench -- <name>` runs is named in the README, as bench/run.ts finds them;
// bench/README.md documents the figures and targets of the benchmarks in lib/targets.ts.
const here = import.meta.dirname;

/** Per `## \`name\`` section of bench/README.md, its table rows: figure -> target ('' for none). */
const documented = (readme: string) => {
  const sections = new Map<string, Map<string, string>>();
  let rows: Map<string, string> | undefined;
  for (const line of readme.split('\n')) {
    const heading = /^## `([a-z-]+)`$/.exec(line);
    if (heading) sections.set(heading[1]!, (rows = new Map()));
    const row = /^\| `([a-z0-9_]+)` \|([^|]*)\|/.exec(line);
    if (row && rows) rows.set(row[1]!, row[2]!.trim());
  }
  return sections;
};

describe('benchmarks', () => {
  it('are each named in the README', async () => {
    const names = (await readdir(here))
      .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(names).toContain('holds');
    const readme = await readFile(path.join(here, '..', 'README.md'), 'utf8');
    for (const name of names) expect(readme, `README names the ${name} benchmark`).toContain(`\`${name}\``);
  });

  it('have their figures and targets documented in bench/README.md as they print them', async () => {
    const sections = documented(await readFile(path.join(here, 'README.md'), 'utf8'));
    expect([...sections.keys()].sort()).toEqual(Object.keys(targets).sort());
    for (const [bench, benchTargets] of Object.entries(targets)) {
      const rows = sections.get(bench)!;
      const documentedTargets = Object.fromEntries([...rows].filter(([, target]) => target !== ''));
      const printedTargets = Object.fromEntries(
        Object.entries(benchTargets).map(([metric, target]) => [metric, targetText(target)]),
      );
      expect(documentedTargets, `targets of ${bench}`).toEqual(printedTargets);
      const source = await readFile(path.join(here, `${bench}.ts`), 'utf8');
      for (const metric of rows.keys())
        expect(source, `${bench}.ts has the figure ${metric}`).toMatch(new RegExp(`\\b${metric}\\b`));
    }
  });
});
