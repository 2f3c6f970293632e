import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { adaIconSvg } from './ada-icons.ts';
import { SeatCanvas } from './seat-canvas.ts';
import { seatPaint } from './seat-colour.ts';
import { SPACING_CELL, buildSeatGrid, nearestSeat, typicalSpacing } from './seat-index.ts';
import type { MapSeat } from './seat-model.ts';

// The venue in Leaflet's CRS.Simple: the floor plan (GET /svg/download/{id}) as an image overlay
// and every seat on one canvas renderer, drawn in one pass (seat-canvas.ts): thousands of seats
// as DOM elements would be too slow. Plan y grows down the drawing, latitude grows up: a seat at
// (x, y) sits at LatLng(-y, x).

export interface GaLabel {
  readonly key: string;
  readonly name: string;
  readonly detail: string;
  readonly x: number;
  readonly y: number;
  readonly soldOut: boolean;
}

export interface SeatMapHandle {
  fitVenue(): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Brings seats into view, zooming in far enough to tell them apart. */
  showSeats(indexes: readonly number[]): void;
  /** Keeps one seat on screen (for the keyboard cursor). */
  keepInView(index: number): void;
  /** Where a seat is on screen, relative to the map's box. */
  screenPointOf(index: number): { x: number; y: number } | null;
}

export interface SeatMapViewProps {
  readonly ref?: Ref<SeatMapHandle>;
  readonly venueConfigId: number;
  /** The floor plan's address when it is not the stored one (an import's preview); default /svg/download/{venueConfigId}. */
  readonly planUrl?: string;
  readonly width: number;
  readonly height: number;
  readonly seats: readonly MapSeat[];
  readonly levelColours: ReadonlyMap<number, string>;
  readonly selectedKeys: ReadonlySet<string>;
  readonly focusIndex: number | null;
  readonly gaLabels: readonly GaLabel[];
  readonly onActivate: (index: number) => void;
  readonly onHover: (index: number | null) => void;
  readonly onContext: (index: number) => void;
  readonly onGaSection: (key: string) => void;
  /** The view moved or zoomed: anything pinned to a seat on screen follows. */
  readonly onViewChange: () => void;
  /** Every seat is on the canvas. */
  readonly onDrawn: (count: number) => void;
}

const FOCUS_COLOUR = '#1d4ed8';

const toLatLng = (x: number, y: number) => L.latLng(-y, x);

export function SeatMapView(props: SeatMapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const state = useRef<{
    map: L.Map;
    canvas: SeatCanvas;
    /** Added at the first keyboard focus: a path added after the seats are drawn draws them again. */
    focusRing: L.CircleMarker | null;
    pitch: number;
    radius: number;
    /** The selection and colours the canvas shows. */
    painted: ReadonlySet<string>;
    colours: ReadonlyMap<number, string>;
  } | null>(null);

  const { seats, venueConfigId, width, height, gaLabels } = props;
  const planUrl = props.planUrl ?? `/svg/download/${venueConfigId}`;

  // Before the first paint, so the page is laid out and painted once, with the seats.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    performance.mark('seatmap:leaflet-start');
    const bounds = L.latLngBounds(toLatLng(0, height), toLatLng(width, 0));
    const map = L.map(element, {
      crs: L.CRS.Simple,
      zoomControl: false,
      attributionControl: false,
      // The keyboard moves between seats (keyboard-nav.ts), not the view.
      keyboard: false,
      // Two quick clicks are two seats, not a zoom.
      doubleClickZoom: false,
      zoomSnap: 0.25,
      zoomDelta: 0.5,
      wheelPxPerZoomLevel: 90,
      bounceAtZoomLimits: false,
      maxBoundsViscosity: 0.9,
      tapHold: true,
      minZoom: -8,
      maxZoom: 6,
    });
    map.fitBounds(bounds, { padding: [12, 12], animate: false });
    const fitZoom = map.getZoom();
    map.setMinZoom(fitZoom - 0.5);
    map.setMaxZoom(fitZoom + 5);
    map.setMaxBounds(bounds.pad(0.3));

    L.imageOverlay(planUrl, bounds, {
      alt: '',
      interactive: false,
      className: 'seat-map__plan',
    }).addTo(map);

    // One grid for the seat pitch and, later, the seat under the pointer.
    const grid = buildSeatGrid(seats, SPACING_CELL);
    const pitch = typicalSpacing(seats, grid);
    const radiusAt = (zoom: number) => Math.min(15, Math.max(1.3, 0.42 * pitch * 2 ** zoom));
    let radius = radiusAt(map.getZoom());
    const { selectedKeys, levelColours } = latest.current;
    const renderer = new SeatCanvas(
      seats,
      (i) => {
        const seat = seats[i]!;
        return seatPaint(
          seat.status,
          levelColours.get(seat.priceLevelId),
          selectedKeys.has(seat.key),
          Boolean(seat.adaType),
        );
      },
      radius,
      { padding: 0.3, tolerance: 0 },
    );
    renderer.addTo(map);
    performance.mark('seatmap:markers-added');

    const icons = L.layerGroup(
      seats
        .filter((seat) => seat.adaType)
        .map((seat) =>
          L.marker(toLatLng(seat.x, seat.y), {
            icon: L.divIcon({
              className: `seat-map__ada${seat.status === 'Open' ? '' : ' seat-map__ada--off'}`,
              html: adaIconSvg(seat.icon),
              iconSize: [0, 0],
            }),
            interactive: false,
            keyboard: false,
          }),
        ),
    ).addTo(map);

    L.layerGroup(
      gaLabels.map((ga) => {
        const marker = L.marker(toLatLng(ga.x, ga.y), {
          icon: L.divIcon({
            className: `seat-map__ga${ga.soldOut ? ' seat-map__ga--sold-out' : ''}`,
            html: '<span class="seat-map__ga-pill"><span class="seat-map__ga-name"></span><span class="seat-map__ga-detail"></span></span>',
            iconSize: [0, 0],
          }),
          keyboard: false,
          title: `${ga.name}: ${ga.detail}`,
        });
        marker.on('add', () => {
          const el = marker.getElement();
          // Text, never HTML: names come from the server.
          el?.querySelector('.seat-map__ga-name')?.append(ga.name);
          el?.querySelector('.seat-map__ga-detail')?.append(ga.detail);
        });
        marker.on('click', () => latest.current.onGaSection(ga.key));
        return marker;
      }),
    ).addTo(map);

    state.current = {
      map,
      canvas: renderer,
      focusRing: null,
      pitch,
      radius,
      painted: selectedKeys,
      colours: levelColours,
    };

    const setZoomClass = () => {
      radius = radiusAt(map.getZoom());
      element.style.setProperty('--seat-icon-size', `${Math.round(radius * 1.7)}px`);
      element.classList.toggle('seat-map--icons', radius >= 4.5);
    };
    setZoomClass();
    map.on('zoomend', () => {
      setZoomClass();
      if (state.current) state.current.radius = radius;
      renderer.setSeatRadius(radius);
      state.current?.focusRing?.setRadius(radius + 4);
      latest.current.onViewChange();
    });
    map.on('move', () => latest.current.onViewChange());

    /** The seat under a pointer: within the seat, or a finger's width on touch screens. */
    const seatAt = (event: L.LeafletMouseEvent, touch: boolean) => {
      const scale = 2 ** map.getZoom();
      const reach = Math.max(radius + (touch ? 10 : 3), 6) / scale;
      return nearestSeat(grid, event.latlng.lng, -event.latlng.lat, reach);
    };
    let hovered = -1;
    // A finger has no hover: the mouse events a tap also fires must not open seat details.
    let lastPointer = 'mouse';
    const notePointer = (event: PointerEvent) => (lastPointer = event.pointerType);
    element.addEventListener('pointerdown', notePointer, true);
    element.addEventListener('pointermove', notePointer, true);
    map.on('mousemove', (event) => {
      if (lastPointer === 'touch') return;
      const index = seatAt(event, false);
      if (index === hovered) return;
      hovered = index;
      element.classList.toggle('seat-map--over-seat', index !== -1 && seats[index]?.status === 'Open');
      latest.current.onHover(index === -1 ? null : index);
    });
    map.on('mouseout', () => {
      hovered = -1;
      latest.current.onHover(null);
    });
    map.on('click', (event) => {
      const touch = (event.originalEvent as PointerEvent).pointerType === 'touch';
      const index = seatAt(event, touch);
      if (index !== -1) latest.current.onActivate(index);
    });
    map.on('contextmenu', (event) => {
      event.originalEvent.preventDefault();
      const index = seatAt(event, true);
      if (index !== -1) latest.current.onContext(index);
    });

    // The seats were drawn as the canvas was added; the frame that shows them comes next.
    let drawn = requestAnimationFrame(() => {
      drawn = 0;
      latest.current.onDrawn(seats.length);
    });

    return () => {
      element.removeEventListener('pointerdown', notePointer, true);
      element.removeEventListener('pointermove', notePointer, true);
      if (drawn) cancelAnimationFrame(drawn);
      icons.remove();
      map.remove();
      state.current = null;
    };
  }, [seats, planUrl, width, height, gaLabels]);

  // Repaint only the seats whose selection changed (or all, when the price colours did).
  const { selectedKeys, levelColours } = props;
  useEffect(() => {
    const s = state.current;
    if (!s || (s.painted === selectedKeys && s.colours === levelColours)) return;
    const all = s.colours !== levelColours;
    for (const seat of seats) {
      const was = s.painted.has(seat.key);
      const is = selectedKeys.has(seat.key);
      if (!all && was === is) continue;
      const paint = seatPaint(seat.status, levelColours.get(seat.priceLevelId), is, Boolean(seat.adaType));
      s.canvas.setSeatPaint(seat.index, paint);
    }
    s.painted = selectedKeys;
    s.colours = levelColours;
  }, [seats, selectedKeys, levelColours]);

  const { focusIndex } = props;
  useEffect(() => {
    const s = state.current;
    if (!s) return;
    const seat = focusIndex === null ? undefined : seats[focusIndex];
    if (!seat) {
      s.focusRing?.setStyle({ opacity: 0 });
      return;
    }
    s.focusRing ??= L.circleMarker(toLatLng(seat.x, seat.y), {
      renderer: s.canvas,
      radius: s.radius + 4,
      interactive: false,
      fill: false,
      color: FOCUS_COLOUR,
      weight: 3,
      opacity: 0,
    }).addTo(s.map);
    s.focusRing.setLatLng(toLatLng(seat.x, seat.y));
    s.focusRing.setStyle({ opacity: 1 });
  }, [focusIndex, seats]);

  useImperativeHandle(
    props.ref,
    (): SeatMapHandle => ({
      fitVenue: () => {
        const s = state.current;
        if (!s) return;
        s.map.fitBounds(L.latLngBounds(toLatLng(0, height), toLatLng(width, 0)), { padding: [12, 12] });
      },
      zoomIn: () => state.current?.map.zoomIn(),
      zoomOut: () => state.current?.map.zoomOut(),
      showSeats: (indexes) => {
        const s = state.current;
        const points = indexes.map((i) => seats[i]).filter((seat) => seat !== undefined);
        if (!s || points.length === 0) return;
        const bounds = L.latLngBounds(points.map((seat) => toLatLng(seat.x, seat.y))).pad(0.15);
        // Close enough that a seat is a comfortable target (about 7 px across).
        const readable = Math.log2(7 / (0.42 * s.pitch));
        s.map.fitBounds(bounds, { padding: [24, 24], maxZoom: Math.max(readable + 1, s.map.getZoom()) });
      },
      keepInView: (index) => {
        const s = state.current;
        const seat = seats[index];
        if (!s || !seat) return;
        const readable = Math.log2(5 / (0.42 * s.pitch));
        if (s.map.getZoom() < readable) s.map.setView(toLatLng(seat.x, seat.y), readable);
        else s.map.panInside(toLatLng(seat.x, seat.y), { padding: [48, 48] });
      },
      screenPointOf: (index) => {
        const s = state.current;
        const seat = seats[index];
        if (!s || !seat) return null;
        const p = s.map.latLngToContainerPoint(toLatLng(seat.x, seat.y));
        return { x: p.x, y: p.y };
      },
    }),
    [seats, width, height],
  );

  return <div ref={container} className="seat-map__leaflet" aria-hidden="true" />;
}
