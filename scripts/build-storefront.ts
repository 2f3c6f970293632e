import path from 'node:path';
import { ensureBuiltStorefront } from './built-storefront.ts';

// `npm start` runs this first (prestart): a fresh clone has no storefront build (web/dist) yet,
// nor one of today's sources after a pull, and the printed address must serve the storefront.
// Tests and deployments that start server/main.ts themselves skip it.

const started = Date.now();
try {
  const built = ensureBuiltStorefront(path.resolve(import.meta.dirname, '..'), () =>
    process.stdout.write('Building the storefront (web/dist)...\n'),
  );
  if (built) process.stdout.write(`Storefront built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  process.stderr.write(
    `The storefront could not be built: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
