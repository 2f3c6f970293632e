import { configurationLayout } from './configuration-layout.ts';
import { readSeatPlanFile } from './plan-file.ts';
import type { GeneralAdmissionArea } from './pretix-plan.ts';
import { zoneColours } from './price-colours.ts';
import type { AccessibleType, PlanProblem } from './seat-plan.ts';

// What an import would store, shown before anything is: the file read as the import reads it
// (import-seat-plan.ts), laid out as it would be stored (configuration-layout.ts), and answered as
// a map to draw, or every problem with its place. Stores nothing.

export interface PreviewSection {
  readonly code: string;
  readonly name: string;
  /** Set only for a standing (general-admission) section. */
  readonly capacity: number | null;
  readonly seats: number;
  readonly labelX: number;
  readonly labelY: number;
}

export interface PreviewSeat {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly zone: string;
  readonly accessible: AccessibleType | null;
}

export interface PreviewZone {
  readonly name: string;
  readonly color: string;
  readonly seats: number;
  /** Standing places priced in this zone. */
  readonly places: number;
}

export interface PlanPreview {
  readonly format: 'pretix' | 'csv';
  /** pretix's plan name; null for a CSV. */
  readonly planName: string | null;
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  readonly sections: readonly PreviewSection[];
  readonly seats: readonly PreviewSeat[];
  readonly zones: readonly PreviewZone[];
  readonly seatCount: number;
  readonly standingPlaces: number;
  readonly accessibleSeats: number;
  /** Seats with a notice the buyer is told of (restricted view, ...). */
  readonly seatsWithNotices: number;
}

export type PreviewReading =
  | { readonly ok: true; readonly preview: PlanPreview }
  | { readonly ok: false; readonly problems: readonly PlanProblem[]; readonly more: number };

export const previewSeatPlan = (
  text: string,
  generalAdmission: readonly GeneralAdmissionArea[] = [],
): PreviewReading => {
  const reading = readSeatPlanFile(text, { generalAdmission });
  if (!reading.ok) return { ok: false, problems: reading.problems, more: reading.more };
  const { plan } = reading;
  const layout = configurationLayout(plan);

  const seatsIn = new Map<string, number>();
  const seatsOf = new Map<string, number>();
  for (const s of layout.seats) {
    seatsIn.set(s.section, (seatsIn.get(s.section) ?? 0) + 1);
    seatsOf.set(s.zone, (seatsOf.get(s.zone) ?? 0) + 1);
  }
  const placesOf = new Map<string, number>();
  for (const s of layout.sections)
    if (s.gaCapacity !== null && s.zone !== null)
      placesOf.set(s.zone, (placesOf.get(s.zone) ?? 0) + s.gaCapacity);

  // The file's price levels first, in its order, then any zone only its seats or floors name.
  const named = new Map<string, string | null>();
  for (const level of plan.priceLevels) if (!named.has(level.name)) named.set(level.name, level.color);
  for (const zone of [...seatsOf.keys(), ...placesOf.keys()]) if (!named.has(zone)) named.set(zone, null);
  const zones = zoneColours([...named].map(([name, color]) => ({ name, color })))
    .map((z) => ({ ...z, seats: seatsOf.get(z.name) ?? 0, places: placesOf.get(z.name) ?? 0 }))
    .filter((z) => z.seats > 0 || z.places > 0);

  return {
    ok: true,
    preview: {
      format: plan.format,
      planName: plan.name,
      svg: layout.svg,
      width: layout.width,
      height: layout.height,
      sections: layout.sections.map((s) => ({
        code: s.code,
        name: s.name,
        capacity: s.gaCapacity,
        seats: seatsIn.get(s.code) ?? 0,
        labelX: s.labelX,
        labelY: s.labelY,
      })),
      seats: layout.seats.map((s) => ({
        key: s.key,
        section: s.section,
        row: s.row,
        number: s.number,
        x: s.x,
        y: s.y,
        zone: s.zone,
        accessible: s.adaType,
      })),
      zones,
      seatCount: layout.seats.length,
      standingPlaces: layout.sections.reduce((sum, s) => sum + (s.gaCapacity ?? 0), 0),
      accessibleSeats: layout.seats.filter((s) => s.adaType !== null).length,
      seatsWithNotices: layout.seats.filter((s) => s.alert !== null).length,
    },
  };
};
