// A seat plan file chosen on the import page: read in the browser and sent as text, refused
// first when larger than the server takes (adapters/http/contract/venues.ts SEAT_PLAN_MAX_CHARS).

export const SEAT_PLAN_MAX_BYTES = 10 * 1024 * 1024;

export type ChosenFile =
  | { readonly ok: true; readonly name: string; readonly text: string; readonly pretix: boolean }
  | { readonly ok: false; readonly name: string; readonly reason: 'tooLarge' | 'unreadable' };

/** pretix's JSON starts with `{` (after a byte order mark or blanks), as core/venues/plan-file.ts tells them apart. */
export const looksLikePretix = (text: string): boolean => /^[\uFEFF\s]*\{/.test(text);

export const readSeatPlanFile = async (file: File): Promise<ChosenFile> => {
  if (file.size > SEAT_PLAN_MAX_BYTES) return { ok: false, name: file.name, reason: 'tooLarge' };
  try {
    const text = await file.text();
    return { ok: true, name: file.name, text, pretix: looksLikePretix(text) };
  } catch {
    return { ok: false, name: file.name, reason: 'unreadable' };
  }
};
