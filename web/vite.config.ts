import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The build id goes into the strings URL (/api/i18n/strings/consumer/{build}/{locale}), so a new
// build never reads string tables cached for an older one.
const build = `${version}-${Date.now().toString(36)}`;
const api = 'http://127.0.0.1:3000';

/**
 * Writes file.gz beside every script and style sheet of the build: the server sends those
 * (adapters/http/static/plugin.ts, lookupCompressed) instead of gzipping each one again for
 * every browser that loads the page.
 */
const precompress = (): Plugin => ({
  name: 'foyer-precompress',
  apply: 'build',
  writeBundle: (options, bundle) => {
    for (const file of Object.keys(bundle)) {
      if (!/\.(js|css)$/.test(file)) continue;
      const full = path.join(options.dir ?? '', file);
      writeFileSync(`${full}.gz`, gzipSync(readFileSync(full), { level: 9 }));
    }
  },
});

export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [react(), precompress()],
  define: { 'import.meta.env.VITE_FOYER_BUILD': JSON.stringify(build) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Served by adapters/http/static under /assets/ with a year of immutable caching: names are hashed.
    assetsDir: 'assets',
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api, '/svg': api, '/healthz': api },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});
