import { useId, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buildNavigation } from '../seatmap/keyboard-nav.ts';
import { SeatMapView, type SeatMapHandle } from '../seatmap/seat-map-view.tsx';
import type { MapSeat } from '../seatmap/seat-model.ts';
import '../seatmap/seatmap.css';
import './seat-selection.css';
import {
  addSeats,
  EMPTY_SELECTION,
  rectOf,
  seatsInRect,
  selectionAfterKey,
  toggleGroup,
  toggleSeat,
  type Rect,
  type Selection,
} from './selection.ts';

// One seat-selection tool for the staff floor pages (the Holds page first): the storefront's map
// (seatmap/seat-map-view.tsx: every seat on one canvas), with a click to toggle a seat, a dragged
// rectangle in "select an area" mode, a row or a whole section from the lists beside the map, and
// the keyboard (arrows move the cursor seat, Space toggles it, Shift+arrows extends). The page
// owns the selection (selection.ts) and says what to do with it.

const noop = () => undefined;

export function SeatSelectionTool(props: {
  readonly venueConfigId: number;
  readonly width: number;
  readonly height: number;
  readonly seats: readonly MapSeat[];
  readonly levelColours: ReadonlyMap<number, string>;
  readonly sectionNames: ReadonlyMap<string, string>;
  readonly selection: Selection;
  readonly onChange: (selection: Selection) => void;
  /** Names the map for a screen reader. */
  readonly label: string;
}) {
  const { t } = useTranslation('admin');
  const { seats, selection, onChange } = props;
  const map = useRef<SeatMapHandle>(null);
  const ids = useId();
  const [areaMode, setAreaMode] = useState(false);
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(
    null,
  );
  const sectionOrder = useMemo(() => [...props.sectionNames.keys()], [props.sectionNames]);
  const nav = useMemo(() => buildNavigation(seats, sectionOrder), [seats, sectionOrder]);
  const [section, setSection] = useState(0);
  const [row, setRow] = useState(0);
  const rows = nav.sections[section]?.rows ?? [];
  const selectedKeys = useMemo(
    () =>
      new Set([...selection.chosen].map((i) => seats[i]?.key).filter((k): k is string => k !== undefined)),
    [selection.chosen, seats],
  );

  const pointIn = (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const wrapper = useRef<HTMLDivElement>(null);
  const finishDrag = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    // The seats' points are relative to the map's own box (screenPointOf); the drag to the overlay's.
    const overlay = e.currentTarget.getBoundingClientRect();
    const leaflet = wrapper.current?.querySelector('.seat-map__leaflet')?.getBoundingClientRect() ?? overlay;
    const shift = (p: { x: number; y: number }) => ({
      x: p.x + overlay.left - leaflet.left,
      y: p.y + overlay.top - leaflet.top,
    });
    const rect: Rect = rectOf(shift(drag.from), shift(drag.to));
    const points = seats.map((_, i) => map.current?.screenPointOf(i) ?? null);
    onChange(addSeats(selection, seatsInRect(points, rect)));
    setDrag(null);
  };
  const box = drag ? rectOf(drag.from, drag.to) : null;
  const sectionName = (code: string) => props.sectionNames.get(code) ?? code;

  return (
    <div className="seat-selection">
      <div className="seat-selection__tools" role="group" aria-label={t('seatSelection.tools')}>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={areaMode}
          onClick={() => setAreaMode((on) => !on)}
        >
          {t('seatSelection.areaMode')}
        </button>
        <div className="seat-selection__field">
          <label htmlFor={`${ids}-section`}>{t('seatSelection.section')}</label>
          <select
            id={`${ids}-section`}
            value={section}
            onChange={(e) => {
              setSection(Number(e.target.value));
              setRow(0);
            }}
          >
            {nav.sections.map((s, i) => (
              <option key={s.code} value={i}>
                {sectionName(s.code)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            onChange(
              toggleGroup(
                selection,
                (nav.sections[section]?.rows ?? []).flatMap((r) => r.seats),
              ),
            )
          }
        >
          {t('seatSelection.selectSection')}
        </button>
        <div className="seat-selection__field">
          <label htmlFor={`${ids}-row`}>{t('seatSelection.row')}</label>
          <select id={`${ids}-row`} value={row} onChange={(e) => setRow(Number(e.target.value))}>
            {rows.map((r, i) => (
              <option key={r.label} value={i}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange(toggleGroup(selection, rows[row]?.seats ?? []))}
        >
          {t('seatSelection.selectRow')}
        </button>
        <span className="seat-selection__count" role="status" aria-live="polite">
          {t('seatSelection.count', { count: selection.chosen.size })}
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={selection.chosen.size === 0}
          onClick={() => onChange(EMPTY_SELECTION)}
        >
          {t('seatSelection.clear')}
        </button>
      </div>
      <div
        ref={wrapper}
        className="seat-selection__map"
        role="application"
        aria-label={props.label}
        aria-describedby="seat-selection-keys"
        tabIndex={0}
        data-testid="seat-selection-map"
        onKeyDown={(e) => {
          const next = selectionAfterKey(selection, e.key, e.shiftKey, nav, seats);
          if (!next) return;
          e.preventDefault();
          onChange(next);
          if (next.cursor !== null) map.current?.keepInView(next.cursor);
        }}
      >
        <SeatMapView
          ref={map}
          venueConfigId={props.venueConfigId}
          width={props.width}
          height={props.height}
          seats={seats}
          levelColours={props.levelColours}
          selectedKeys={selectedKeys}
          focusIndex={selection.cursor}
          gaLabels={[]}
          onActivate={(index) => onChange(toggleSeat(selection, index))}
          onHover={noop}
          onContext={noop}
          onGaSection={noop}
          onViewChange={noop}
          onDrawn={noop}
        />
        {areaMode && (
          <div
            className="seat-selection__area"
            data-testid="seat-selection-area"
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              const p = pointIn(e);
              setDrag({ from: p, to: p });
            }}
            onPointerMove={(e) => {
              if (drag) setDrag({ ...drag, to: pointIn(e) });
            }}
            onPointerUp={finishDrag}
          >
            {box && (
              <div
                className="seat-selection__box"
                style={{
                  left: box.left,
                  top: box.top,
                  width: box.right - box.left,
                  height: box.bottom - box.top,
                }}
              />
            )}
          </div>
        )}
      </div>
      <p id="seat-selection-keys" className="seat-selection__hint">
        {t('seatSelection.keysHint')}
      </p>
    </div>
  );
}
