import type { Plugin } from '@hapi/hapi';
import { z } from 'zod';
import { stringsFor, stringLocaleOf } from '../../../core/i18n/strings/index.ts';
import { defineRoute } from '../route.ts';

// The string tables ship with the code, so a build id in the path makes the answer immutable:
// the browser caches it for a day, and a new build asks under a new path.
const Params = z.object({
  build: z.string().regex(/^[\w.-]{1,64}$/, 'must be letters, digits, dots, dashes or underscores'),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'must be a language tag like en or fr-CA'),
});
const Strings = z.record(z.string(), z.string());

export const i18nPlugin: Plugin<void> = {
  name: 'foyer-i18n',
  register: (server) => {
    for (const area of ['consumer', 'admin'] as const)
      server.route(
        defineRoute({
          method: 'GET',
          path: `/api/i18n/strings/${area}/{build}/{locale}`,
          summary: `The ${area} string table in a language (English fills missing keys)`,
          tags: ['i18n'],
          params: Params,
          response: Strings,
          cache: 'public, max-age=86400',
          handler: ({ params, h }) =>
            h
              .response(stringsFor(area, params.locale))
              .header('content-language', stringLocaleOf(params.locale))
              .header('cache-control', 'public, max-age=86400'),
        }),
      );
  },
};
