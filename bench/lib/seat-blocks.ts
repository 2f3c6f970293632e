import type { Knex } from 'knex';

// The seated part of a venue as a buyer of two adjacent seats sees it, for the hold benchmarks.

/**
 * Each row cut into blocks of two adjacent seats, left to right; a seat that cannot pair (the
 * odd one, or a companion seat whose neighbour is not the accessible seat it goes with) is a
 * block of one, so every block is something one buyer may hold.
 */
export const seatBlocks = async (db: Knex, venueConfigurationId: number): Promise<string[][][]> => {
  const seats: { section_id: number; row: string; key: string; ada_type: string | null }[] = await db(
    'seats as s',
  )
    .join('sections as sec', 'sec.id', 's.section_id')
    .where({ 's.venue_configuration_id': venueConfigurationId, 'sec.is_ga': false })
    .orderByRaw(`s.section_id, s.row, length(s.number), s.number`)
    .select('s.section_id', 's.row', 's.key', 's.ada_type');
  const rows = new Map<string, typeof seats>();
  for (const seat of seats) {
    const id = `${seat.section_id}|${seat.row}`;
    rows.set(id, [...(rows.get(id) ?? []), seat]);
  }
  const accompanies = (a: string | null) => a === 'Wheelchair' || a === 'AisleTransfer';
  return [...rows.values()].map((row) => {
    const blocks: string[][] = [];
    for (let i = 0; i < row.length;) {
      const a = row[i]!;
      const b = row[i + 1];
      const companionAlone =
        b !== undefined &&
        ((a.ada_type === 'Companion' && !accompanies(b.ada_type)) ||
          (b.ada_type === 'Companion' && !accompanies(a.ada_type)));
      if (b && !companionAlone) {
        blocks.push([a.key, b.key]);
        i += 2;
      } else {
        blocks.push([a.key]);
        i += 1;
      }
    }
    return blocks;
  });
};
