import { z } from 'zod';

// Shared with web/: no server imports here. View-from-seat cube faces.

export const SEAT_VIEW_FACES = ['px', 'nx', 'py', 'ny', 'pz', 'nz'] as const;
export type SeatViewFace = (typeof SEAT_VIEW_FACES)[number];

export const SeatViewParams = z.object({
  venueConfigId: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be positive')
    .max(2_147_483_647, 'is too large'),
  /** A seat key of the map: section-row-seat. */
  seatKey: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'must be a seat key such as STALLS-C-12'),
  face: z.enum(SEAT_VIEW_FACES, { error: 'must be one of px, nx, py, ny, pz, nz' }),
});

/** `v`: the seat map version (the svgdata ETag) the client drew; a match may be cached for a year. */
export const SeatViewQuery = z.object({ v: z.string().max(64).optional() });

/** GET /api/seatview/{venueConfigId}/{seatKey}/{face}.svg */
export const seatViewFaceUrl = (
  venueConfigId: number,
  seatKey: string,
  face: SeatViewFace,
  version?: string,
) =>
  `/api/seatview/${venueConfigId}/${encodeURIComponent(seatKey)}/${face}.svg${
    version ? `?v=${encodeURIComponent(version)}` : ''
  }`;
