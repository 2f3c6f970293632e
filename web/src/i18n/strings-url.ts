/** GET /api/i18n/strings/{area}/{build}/{locale}: a string table. */
export const stringsUrl = (area: string, build: string, locale: string) =>
  `/api/i18n/strings/${encodeURIComponent(area)}/${encodeURIComponent(build)}/${encodeURIComponent(locale)}`;
