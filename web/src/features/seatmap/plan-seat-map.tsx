import { useEffect, useMemo, useRef } from 'react';
import { SeatMapView, type GaLabel, type SeatMapHandle } from './seat-map-view.tsx';
import type { MapSeat } from './seat-model.ts';
import './seatmap.css';

// A seat map drawn from given seats and a floor plan rather than from a performance: the
// storefront's drawing (seat-map-view.tsx) with every seat open and coloured by its price zone.
// The admin's import preview passes the file's seats and drawing; a stored configuration's page
// passes its seats and /svg/download/{id}, the drawing the storefront shows.

export interface PlanSeat {
  readonly key: string;
  readonly section: string;
  readonly row: string;
  readonly number: string;
  readonly x: number;
  readonly y: number;
  readonly zone: string;
  readonly accessible: string | null;
}

export interface PlanStanding {
  readonly code: string;
  readonly name: string;
  /** What the label says under the name ("400 places"). */
  readonly detail: string;
  readonly x: number;
  readonly y: number;
}

const ICONS: Readonly<Record<string, string>> = {
  Wheelchair: 'wheelchair',
  Companion: 'companion',
  AisleTransfer: 'aisle-transfer',
  HearingLoop: 'hearing-loop',
};

const noop = () => undefined;
const NONE: ReadonlySet<string> = new Set();

/** The seats as the map's model: open, priced by their zone's position in `zones`. */
export const mapSeatsOf = (seats: readonly PlanSeat[], zones: readonly string[]): MapSeat[] => {
  const zoneIndex = new Map(zones.map((z, i) => [z, i]));
  return seats.map((s, index): MapSeat => ({
    index,
    key: s.key,
    section: s.section,
    row: s.row,
    seat: s.number,
    number: Number.parseInt(s.number, 10) || 0,
    x: s.x,
    y: s.y,
    priceLevelId: zoneIndex.get(s.zone) ?? -1,
    status: 'Open',
    focalLengthFactor: null,
    ...(s.accessible ? { adaType: s.accessible, icon: ICONS[s.accessible] ?? '' } : {}),
  }));
};

export function PlanSeatMap(props: {
  readonly seats: readonly PlanSeat[];
  /** Price zones with their colours, in the legend's order. */
  readonly zones: readonly { readonly name: string; readonly color: string }[];
  readonly standing: readonly PlanStanding[];
  readonly planUrl: string;
  readonly width: number;
  readonly height: number;
  /** Names the map for a screen reader (the drawing itself is hidden from it). */
  readonly label: string;
  /** Every seat is drawn. */
  readonly onDrawn?: (count: number) => void;
}) {
  const { seats, zones, standing } = props;
  const map = useRef<SeatMapHandle>(null);
  const zoneNames = useMemo(() => zones.map((z) => z.name), [zones]);
  const mapSeats = useMemo(() => mapSeatsOf(seats, zoneNames), [seats, zoneNames]);
  const colours = useMemo(() => new Map(zones.map((z, i) => [i, z.color])), [zones]);
  const gaLabels = useMemo<GaLabel[]>(
    () =>
      standing.map((s) => ({ key: s.code, name: s.name, detail: s.detail, x: s.x, y: s.y, soldOut: false })),
    [standing],
  );
  // A new size (another file) fits the whole plan in view again.
  useEffect(() => map.current?.fitVenue(), [props.width, props.height]);
  return (
    <div
      className="plan-seat-map"
      role="img"
      aria-label={props.label}
      data-testid="plan-seat-map"
      style={{ position: 'relative', height: 'min(70vh, 40rem)', minHeight: '20rem' }}
    >
      <SeatMapView
        ref={map}
        venueConfigId={0}
        planUrl={props.planUrl}
        width={props.width}
        height={props.height}
        seats={mapSeats}
        levelColours={colours}
        selectedKeys={NONE}
        focusIndex={null}
        gaLabels={gaLabels}
        onActivate={noop}
        onHover={noop}
        onContext={noop}
        onGaSection={noop}
        onViewChange={noop}
        onDrawn={props.onDrawn ?? noop}
      />
    </div>
  );
}
