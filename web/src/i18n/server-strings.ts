import type { BackendModule } from 'i18next';
import { z } from 'zod';

/** GET /api/i18n/strings/{area}/{build}/{locale} answers a flat key -> text object. */
const StringTable = z.record(z.string(), z.string());

export const stringsUrl = (area: string, build: string, locale: string) =>
  `/api/i18n/strings/${encodeURIComponent(area)}/${encodeURIComponent(build)}/${encodeURIComponent(locale)}`;

/** An i18next backend reading the string tables from the server; namespaces are areas. */
export const serverStrings = (build: string): BackendModule => ({
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language, namespace, callback) => {
    fetch(stringsUrl(namespace, build, language), { headers: { accept: 'application/json' } })
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
