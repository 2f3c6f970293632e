// The colour a price zone is drawn in on an admin's seat map (the import preview and a
// configuration's page). A configuration stores no price levels (events do), so a zone keeps the
// colour its file gave it (pretix's categories have one) and the others take the palette's, in
// order, skipping colours already used, so two zones of one map are never drawn alike while the
// palette lasts.

export const ZONE_PALETTE: readonly string[] = [
  '#2e6f9e',
  '#b5473a',
  '#3f8f5a',
  '#8a5bb0',
  '#c98a1b',
  '#2a9d9d',
  '#a8456f',
  '#6b7f2a',
  '#4f5fb8',
  '#9c6b3c',
  '#d0603f',
  '#5d8aa8',
];

const HEX = /^#[0-9a-f]{6}$/i;

/** Each zone's colour (#rrggbb, lower case), in the order given. */
export const zoneColours = (
  zones: readonly { readonly name: string; readonly color: string | null }[],
): { readonly name: string; readonly color: string }[] => {
  const used = new Set(
    zones.flatMap((z) => (z.color !== null && HEX.test(z.color) ? [z.color.toLowerCase()] : [])),
  );
  let next = 0;
  return zones.map((zone) => {
    if (zone.color !== null && HEX.test(zone.color))
      return { name: zone.name, color: zone.color.toLowerCase() };
    while (next < ZONE_PALETTE.length && used.has(ZONE_PALETTE[next]!)) next++;
    const color = ZONE_PALETTE[next % ZONE_PALETTE.length] ?? ZONE_PALETTE[0]!;
    if (next < ZONE_PALETTE.length) used.add(color);
    next++;
    return { name: zone.name, color };
  });
};

/**
 * A stored configuration's price zones, coloured: as its seats and standing sections name them,
 * in order of name (A, B, C; Zone 2 before Zone 10), each with its seats and standing places.
 */
export const zonesOfConfiguration = (
  seats: readonly { readonly zone: string }[],
  sections: readonly { readonly zone: string | null; readonly capacity: number | null }[],
): { readonly name: string; readonly color: string; readonly seats: number; readonly places: number }[] => {
  const totals = new Map<string, { seats: number; places: number }>();
  for (const s of seats) {
    const t = totals.get(s.zone) ?? { seats: 0, places: 0 };
    t.seats++;
    totals.set(s.zone, t);
  }
  for (const s of sections)
    if (s.zone !== null && s.capacity !== null) {
      const t = totals.get(s.zone) ?? { seats: 0, places: 0 };
      t.places += s.capacity;
      totals.set(s.zone, t);
    }
  const names = [...totals.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return zoneColours(names.map((name) => ({ name, color: null }))).map((z) => ({
    ...z,
    ...totals.get(z.name)!,
  }));
};
