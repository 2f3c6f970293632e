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
 * The early entry (src/early/start.ts) is a bundle of its own, loaded by the first script tag
 * of index.html: it starts the page's data requests while the app's larger bundle is still
 * loading. Vite would fold a second script of index.html into the app's entry, so the tag is
 * written here, with modulepreloads for whatever the early bundle imports.
 */
const earlyEntry = (): Plugin => ({
  name: 'foyer-early-entry',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, context) => {
      const chunk = Object.values(context.bundle ?? {}).find(
        (c) => c.type === 'chunk' && c.isEntry && c.name === 'early',
      );
      if (!chunk || chunk.type !== 'chunk') throw new Error('the early entry was not built');
      // The seat map's code and style, for the early entry to preload on a seat map's address
      // only (other pages do not need Leaflet): the route chunk and what it imports that the
      // app's own entry does not already bring.
      const chunks = Object.values(context.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const app = chunks.find((c) => c.isEntry && c.name === 'index');
      const seatMap = chunks.find((c) =>
        c.facadeModuleId?.endsWith('/src/features/seatmap/seat-selection-screen.tsx'),
      );
      if (!app || !seatMap) throw new Error('the app entry or the seat map chunk was not built');
      const loaded = new Set([app.fileName, ...app.imports]);
      const seatMapFiles = [
        ...[seatMap.fileName, ...seatMap.imports].filter((file) => !loaded.has(file)),
        ...(seatMap.viteMetadata?.importedCss ?? []),
      ];
      return [
        {
          tag: 'meta',
          attrs: { name: 'foyer-seat-map-files', content: seatMapFiles.map((f) => `/${f}`).join(' ') },
          injectTo: 'head-prepend' as const,
        },
        ...chunk.imports.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head-prepend' as const,
        })),
        {
          tag: 'script',
          // Deferred, and first in the page: it runs before the app's entry, as soon as it is here
          // and the page is parsed. Marked async, Chromium ran it in a task of its own that could
          // come after the app's entry (half a second of work): the app then asked for everything
          // itself, and the early requests went out late and twice (bench/seatmap.ts, traced).
          attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
          injectTo: 'head-prepend' as const,
        },
      ];
    },
  },
});

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/** Modules statically reachable from `from` (its own imports, not the lazy ones). */
const staticClosure = (from: string, graph: ModuleGraph) => {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
};

/**
 * Two chunks for everything a page needs before its route's own code: `boot`, what the early
 * entry shares with the app (a kilobyte), and `app`, the rest of what main.tsx imports. Left to
 * itself the bundler cut the app's start into ten files, one per set of lazy routes sharing a
 * module, and a browser asks for at most six at a time from one server over HTTP/1.1: on a seat
 * map the page's four data reads took four of them, and the scripts queued (bench/seatmap.ts).
 */
const startChunks = () => {
  let closures: { app: Set<string>; early: Set<string> } | undefined;
  const closuresOf = (graph: ModuleGraph) =>
    (closures ??= {
      app: staticClosure(`${webDir}src/main.tsx`, graph),
      early: staticClosure(`${webDir}src/early/start.ts`, graph),
    });
  return [
    {
      debugName: 'boot',
      // Not the early entry itself: it stays the small script index.html names.
      name: (id: string, graph: ModuleGraph) =>
        !id.endsWith('/src/early/start.ts') && closuresOf(graph).early.has(id) ? 'boot' : null,
      priority: 20,
    },
    {
      debugName: 'app',
      name: (id: string, graph: ModuleGraph) => (closuresOf(graph).app.has(id) ? 'app' : null),
      priority: 10,
    },
  ];
};

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
  plugins: [react(), earlyEntry(), precompress()],
  define: { 'import.meta.env.VITE_FOYER_BUILD': JSON.stringify(build) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Served by adapters/http/static under /assets/ with a year of immutable caching: names are hashed.
    assetsDir: 'assets',
    sourcemap: true,
    rollupOptions: {
      input: { index: `${webDir}index.html`, early: `${webDir}src/early/start.ts` },
      output: { codeSplitting: { groups: startChunks() } },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api, '/svg': api, '/healthz': api },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});
