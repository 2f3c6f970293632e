import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The build id goes into the strings URL (/api/i18n/strings/consumer/{build}/{locale}), so a new
// build never reads string tables cached for an older one.
const buildId = `${version}-${Date.now().toString(36)}`;
const defineBuildId = { 'import.meta.env.VITE_FOYER_BUILD': JSON.stringify(buildId) };
const api = 'http://127.0.0.1:3000';

/**
 * The early script (src/early/start.ts), written into index.html itself, first in its head: it
 * starts the page's data requests while the app's code is still on its way, so the answers arrive
 * during the app's start-up instead of after it. As a file of its own (a deferred module) it ran
 * only once its download came through, behind the page's data reads on the browser's six
 * connections: about 400 ms in, when the app's code was already there. Inline, it runs as the
 * page is parsed; on a seat map the string table and the map's code then arrive 150-200 ms
 * sooner, and the map was drawn 15-70 ms sooner (bench/seatmap.ts; medians of four interleaved
 * A/B runs of 12-14 loads each). The server allows the script by its hash
 * (adapters/http/static/storefront-page.ts).
 */
const earlyScript = (): Plugin => {
  let mode = 'production';
  return {
    name: 'foyer-early-script',
    apply: 'build',
    configResolved: (config) => {
      mode = config.mode;
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (_html, context) => {
        // The seat map's code and style, for the early script to preload on a seat map's address
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
        // A classic script of its own: built apart, as one function, with the app's build id.
        const output = await build({
          configFile: false,
          logLevel: 'silent',
          mode,
          define: defineBuildId,
          build: {
            write: false,
            minify: true,
            lib: { entry: `${webDir}src/early/start.ts`, formats: ['iife'], name: 'foyerEarly' },
          },
        });
        const first = (Array.isArray(output) ? output[0] : output) as { output?: { code?: string }[] };
        const code = first.output?.[0]?.code;
        if (!code) throw new Error('the early script was not built');
        return [
          {
            tag: 'meta',
            attrs: { name: 'foyer-seat-map-files', content: seatMapFiles.map((f) => `/${f}`).join(' ') },
            injectTo: 'head-prepend' as const,
          },
          // `</script` (in any case) cannot end the element early, whatever the code holds.
          {
            tag: 'script',
            children: code.trim().replace(/<\/(script)/gi, '<\\/$1'),
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
};

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
 * One chunk, `app`, for everything main.tsx imports: left to itself the bundler cut the app's
 * start into ten files, one per set of lazy routes sharing a module, and a browser asks for at
 * most six at a time from one server over HTTP/1.1: on a seat map the page's four data reads took
 * four of them, and the scripts queued (bench/seatmap.ts).
 */
const startChunks = () => {
  let app: Set<string> | undefined;
  return [
    {
      debugName: 'app',
      name: (id: string, graph: ModuleGraph) =>
        (app ??= staticClosure(`${webDir}src/main.tsx`, graph)).has(id) ? 'app' : null,
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
  plugins: [react(), earlyScript(), precompress()],
  define: defineBuildId,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Served by adapters/http/static under /assets/ with a year of immutable caching: names are hashed.
    assetsDir: 'assets',
    sourcemap: true,
    rollupOptions: {
      input: { index: `${webDir}index.html` },
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
