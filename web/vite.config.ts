import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The build id goes into the strings URL (/api/i18n/strings/consumer/{build}/{locale}), so a new
// build never reads string tables cached for an older one.
const build = `${version}-${Date.now().toString(36)}`;
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [react()],
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
