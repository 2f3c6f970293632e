import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newestIn = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }, 0);

/**
 * Whether web/dist must be built: it is missing or older than what goes into it (the web sources
 * and the API contract they import). Without the sources (a deployment of the built files alone)
 * there is nothing to build from: web/dist is served as it is.
 */
export const storefrontBuildNeeded = (root: string): boolean => {
  if (!existsSync(path.join(root, 'web/src'))) return false;
  const index = path.join(root, 'web/dist/index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(
    newestIn(path.join(root, 'web/src')),
    newestIn(path.join(root, 'adapters/http/contract')),
    statSync(path.join(root, 'web/index.html')).mtimeMs,
  );
  return statSync(index).mtimeMs < sources;
};

/**
 * Builds web/dist when storefrontBuildNeeded says so, so `npm start`, the browser tests and the
 * benchmarks serve today's code. Answers whether it built.
 */
export const ensureBuiltStorefront = (root: string, onBuild?: () => void): boolean => {
  if (!storefrontBuildNeeded(root)) return false;
  onBuild?.();
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make this a development build of React.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
};
