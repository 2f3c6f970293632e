import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

describe('embedded PostgreSQL module', () => {
  it('leaves a process exit code alone (a failing test run or CLI must not exit 0)', () => {
    const module = path.resolve(import.meta.dirname, 'embedded.ts');
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(module)}); process.exitCode = 3;`],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(3);
  });
});
