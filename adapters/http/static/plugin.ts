import Inert from '@hapi/inert';
import type { Plugin } from '@hapi/hapi';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { preloadLinks, withReadsNamed } from './seat-map-preloads.ts';
import { storefrontPage, type StorefrontPage } from './storefront-page.ts';

/**
 * Serves the built storefront (web/dist): hashed assets cached for a year, every other
 * non-API path answers index.html so the client router takes over.
 */
export const staticPlugin: Plugin<{
  distDir: string;
  /** index.html as built (shared with the security headers, which allow its inline script). */
  page?: StorefrontPage;
  /** API paths the page at this address is known to read first (seat-map-preloads.ts). */
  preloadsFor?: (path: string, search: Record<string, unknown>) => Promise<readonly string[]>;
}> = {
  name: 'foyer-static',
  register: async (server, { distDir, page = storefrontPage(distDir), preloadsFor }) => {
    await server.register(Inert);
    const indexFile = path.join(distDir, 'index.html');
    server.route({
      method: 'GET',
      path: '/assets/{file*}',
      options: { tags: ['web'] },
      handler: {
        directory: {
          path: path.join(distDir, 'assets'),
          redirectToSlash: false,
          index: false,
          etagMethod: false,
          // The build writes file.gz beside each script and style sheet (web/vite.config.ts).
          lookupCompressed: true,
        },
      },
    });
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (request.path.startsWith('/assets/') && !('isBoom' in response))
        response.header('cache-control', 'public, max-age=31536000, immutable');
      return h.continue;
    });
    server.route({
      method: 'GET',
      path: '/{path*}',
      options: { tags: ['web'] },
      handler: async (request, h) => {
        const p = request.path.toLowerCase();
        if (p.startsWith('/api/') || p === '/api' || p.startsWith('/svg/') || p.startsWith('/assets/'))
          return h.response({ Message: 'Not found' }).code(404);
        const file = path.join(distDir, path.normalize(request.path).replace(/^(\.\.[/\\])+/, ''));
        if (
          file.startsWith(distDir + path.sep) &&
          statSync(file, { throwIfNoEntry: false })?.isFile() &&
          !file.endsWith('index.html')
        )
          return h.file(file, { confine: false }).header('cache-control', 'public, max-age=3600');
        if (!existsSync(indexFile))
          return h
            .response('The storefront is not built yet: run `npm run build`.')
            .type('text/plain')
            .code(503);
        // A preload is a hint: the page is served without it when the lookup fails.
        const preloads = preloadsFor ? await preloadsFor(request.path, request.query).catch(() => []) : [];
        const html = preloads.length ? page.html() : undefined;
        if (html === undefined)
          return h.file(indexFile, { confine: false }).header('cache-control', 'no-cache');
        return h
          .response(withReadsNamed(html, preloads))
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('link', preloadLinks(preloads));
      },
    });
  },
};
