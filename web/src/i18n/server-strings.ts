import type { BackendModule } from 'i18next';
import { z } from 'zod';
import { fetchGet } from '../api/early-requests.ts';
import { stringsUrl } from './strings-url.ts';

export { stringsUrl };

/** GET /api/i18n/strings/{area}/{build}/{locale} answers a flat key -> text object. */
const StringTable = z.record(z.string(), z.string());

/** An i18next backend reading the string tables from the server; namespaces are areas. */
export const serverStrings = (build: string): BackendModule => ({
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language, namespace, callback) => {
    fetchGet(stringsUrl(namespace, build, language))
      .then(async (response) => {
        if (!response.ok) throw new Error(`strings ${namespace}/${language}: HTTP ${response.status}`);
        return StringTable.parse(await response.json());
      })
      .then(
        (table) => callback(null, table),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
  },
});
