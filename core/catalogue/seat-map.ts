// Seat-map geometry of a venue configuration (the svgdata call): where each seat
// sits. It changes only when the map is edited, so it is served apart from live inventory.

export interface SeatMapSection {
  readonly code: string;
  readonly name: string;
  readonly isGA: boolean;
  readonly labelX: number | null;
  readonly labelY: number | null;
}

export interface SeatGeometry {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly viewFromSeatRow: number | null;
  readonly focalLengthFactor: number | null;
}

export interface SeatMap {
  readonly venueConfigurationId: number;
  readonly width: number;
  readonly height: number;
  readonly focalPoint: { readonly x: number; readonly y: number };
  readonly sections: readonly SeatMapSection[];
  readonly seats: readonly SeatGeometry[];
}

/** The background floor plan (SVG text) of a venue configuration. */
export interface SeatMapDrawing {
  readonly svg: string;
  readonly updatedAt: Date;
}

/** A validator that changes whenever the configuration is saved (ETag for caches). */
export const seatMapVersion = (venueConfigurationId: number, updatedAt: Date): string =>
  `vc${venueConfigurationId}-${updatedAt.getTime().toString(36)}`;
