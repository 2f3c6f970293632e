import type { Knex } from 'knex';
import type { SeatMap, SeatMapDrawing } from '../../../core/catalogue/seat-map.ts';

export const seatMapUpdatedAt = async (db: Knex, id: number): Promise<Date | null> => {
  const row: { updated_at: Date } | undefined = await db('venue_configurations')
    .where({ id })
    .first('updated_at');
  return row?.updated_at ?? null;
};

/** Sections and every seat's geometry: two statements, seats in a stable order. */
export const seatMapOf = async (db: Knex, id: number): Promise<(SeatMap & { updatedAt: Date }) | null> => {
  const config:
    | { id: number; width: number; height: number; focal_x: number; focal_y: number; updated_at: Date }
    | undefined = await db('venue_configurations')
    .where({ id })
    .first('id', 'width', 'height', 'focal_x', 'focal_y', 'updated_at');
  if (!config) return null;
  const [sections, seats] = await Promise.all([
    db('sections')
      .where('venue_configuration_id', id)
      .orderBy([{ column: 'display_order' }, { column: 'code' }])
      .select<
        { code: string; name: string; is_ga: boolean; label_x: number | null; label_y: number | null }[]
      >('code', 'name', 'is_ga', 'label_x', 'label_y'),
    db('seats').where('venue_configuration_id', id).orderBy('id').select<
      {
        key: string;
        x: number;
        y: number;
        view_from_seat_row: number | null;
        focal_length_factor: number | null;
      }[]
    >('key', 'x', 'y', 'view_from_seat_row', 'focal_length_factor'),
  ]);
  return {
    venueConfigurationId: config.id,
    width: config.width,
    height: config.height,
    focalPoint: { x: config.focal_x, y: config.focal_y },
    updatedAt: config.updated_at,
    sections: sections.map((s) => ({
      code: s.code,
      name: s.name,
      isGA: s.is_ga,
      labelX: s.label_x,
      labelY: s.label_y,
    })),
    seats: seats.map((s) => ({
      key: s.key,
      x: s.x,
      y: s.y,
      viewFromSeatRow: s.view_from_seat_row,
      focalLengthFactor: s.focal_length_factor,
    })),
  };
};

export const seatMapDrawingOf = async (db: Knex, id: number): Promise<SeatMapDrawing | null> => {
  const row: { svg: string; updated_at: Date } | undefined = await db('venue_configurations')
    .where({ id })
    .first('svg', 'updated_at');
  return row ? { svg: row.svg, updatedAt: row.updated_at } : null;
};
