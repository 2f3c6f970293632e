import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { seatInfoPlacement } from '../staff/seat-info-placement.ts';
import { useScreenRules } from '../staff/use-screen-rules.ts';
import { moveFocus, moveOfKey, type Navigation } from './keyboard-nav.ts';
import { fromPriceOfLevel, shownPrice } from './prices.ts';
import { SeatDetails, useSeatName, type SeatNames } from './seat-details.tsx';
import { SeatMapView, type GaLabel, type SeatMapHandle } from './seat-map-view.tsx';
import type { MapSeat } from './seat-model.ts';
import type { PricingData, SeriesData, VenueGeometry } from './seatmap-api.ts';

// The map with everything around it: zoom and fit buttons, the seat-instructions overlay (until
// dismissed), seat details on hover, right click or the I key, and the keyboard layer (every
// seat reachable without a mouse): Tab to the map, arrows between seats, Page Up/Down between
// sections, Enter or Space to choose, I for details, Escape to close them. For staff, the role's screen
// rules may fix the details in the map's corner instead (features/admin/seat-info-placement.ts).

const INSTRUCTIONS_KEY = 'foyer.seatInstructionsDismissed';

const instructionsDismissed = () => {
  try {
    return localStorage.getItem(INSTRUCTIONS_KEY) === 'true';
  } catch {
    return false;
  }
};

type Popover = { index: number; pinned: boolean } | null;

export function SeatMapPanel(props: {
  svg: VenueGeometry;
  seats: readonly MapSeat[];
  names: SeatNames;
  venueName: string;
  pricing: PricingData;
  packages: SeriesData['Packages'];
  levelColours: ReadonlyMap<number, string>;
  selectedKeys: ReadonlySet<string>;
  getNav: () => Navigation;
  gaLabels: readonly GaLabel[];
  onActivate: (seat: MapSeat) => void;
  onViewFromSeat: (seat: MapSeat) => void;
  onGaSection: (key: string) => void;
  /** Text for the screen reader about the last choice (selected, refused...). */
  announcement: string;
  /** Every seat is drawn. */
  onDrawn: () => void;
  /** More about a seat in its details popover (the box office's seat info: hold, order). */
  seatExtra?: (seat: MapSeat) => ReactNode;
}) {
  const { t } = useTranslation();
  const seatName = useSeatName(props.names);
  const screenRules = useScreenRules();
  const map = useRef<SeatMapHandle>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const popoverId = useId();
  const [drawn, setDrawn] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [popover, setPopover] = useState<Popover>(null);
  const [, setViewTick] = useState(0);
  const [showInstructions, setShowInstructions] = useState(() => !instructionsDismissed());
  const [spoken, setSpoken] = useState('');

  const { seats, pricing } = props;
  const sectionsWithSeats = useMemo(() => new Set(seats.map((s) => s.section)), [seats]);

  const dismissInstructions = () => {
    setShowInstructions(false);
    try {
      localStorage.setItem(INSTRUCTIONS_KEY, 'true');
    } catch {
      // Private browsing: the overlay comes back next time, which is harmless.
    }
  };

  const describe = useCallback(
    (seat: MapSeat) => {
      const level = pricing.PriceLevels.find((l) => l.ID === seat.priceLevelId);
      const from = fromPriceOfLevel(pricing, seat.priceLevelId);
      const status = props.selectedKeys.has(seat.key) ? 'Selected' : seat.status;
      return t('seatmap.announce.focus', {
        seat: seatName(seat),
        level: level?.Label ?? '',
        price: from && seat.status === 'Open' ? shownPrice(from).now : '',
        status: t(`seatmap.status.${status}`),
      });
    },
    [pricing, props.selectedKeys, seatName, t],
  );

  const moveTo = (index: number | null) => {
    if (index === null) return;
    setFocusIndex(index);
    map.current?.keepInView(index);
    const seat = seats[index];
    if (seat) setSpoken(describe(seat));
    setPopover((p) => (p?.pinned ? { index, pinned: true } : null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== wrapper.current) return;
    const nav = props.getNav();
    const move = moveOfKey(event.key);
    if (move) {
      event.preventDefault();
      moveTo(moveFocus(nav, seats, focusIndex, move));
      return;
    }
    const seat = focusIndex === null ? undefined : seats[focusIndex];
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (seat) props.onActivate(seat);
        else moveTo(moveFocus(nav, seats, null, 'right'));
        return;
      case 'i':
      case 'I':
        event.preventDefault();
        if (!seat) moveTo(moveFocus(nav, seats, null, 'right'));
        else
          setPopover((p) =>
            p?.pinned && p.index === seat.index ? null : { index: seat.index, pinned: true },
          );
        return;
      case 'Escape':
        if (popover) {
          event.preventDefault();
          setPopover(null);
        }
        return;
      case '+':
      case '=':
        event.preventDefault();
        map.current?.zoomIn();
        return;
      case '-':
        event.preventDefault();
        map.current?.zoomOut();
        return;
      case '0':
        event.preventDefault();
        map.current?.fitVenue();
        return;
    }
  };

  const goToSection = (code: string) => {
    const section = props.getNav().sections.find((s) => s.code === code);
    if (section) {
      const all = section.rows.flatMap((r) => r.seats);
      map.current?.showSeats(all);
      const firstOpen = all.find((i) => seats[i]?.status === 'Open') ?? all[0];
      if (firstOpen !== undefined) {
        setFocusIndex(firstOpen);
        const seat = seats[firstOpen];
        if (seat) setSpoken(describe(seat));
      }
      wrapper.current?.focus();
      return;
    }
    props.onGaSection(code);
  };

  // The announcement of a choice replaces the description of the focused seat.
  useEffect(() => {
    if (props.announcement) setSpoken(props.announcement);
  }, [props.announcement]);

  const popoverSeat = popover ? seats[popover.index] : undefined;
  const placement = seatInfoPlacement(screenRules, popover?.pinned ? 'pinned' : 'hover');
  const anchor = popover ? map.current?.screenPointOf(popover.index) : null;
  const popoverStyle = (() => {
    const frame = wrapper.current;
    if (placement === 'fixed' || !anchor || !frame) return undefined;
    // Kept inside the map: beside the seat, above it unless it is near the top.
    const width = Math.min(288, frame.clientWidth - 16);
    const left = Math.min(Math.max(8, anchor.x - width / 2), frame.clientWidth - width - 8);
    return anchor.y > 230
      ? { left, width, bottom: frame.clientHeight - anchor.y + 14 }
      : { left, width, top: anchor.y + 14 };
  })();

  return (
    <div className="seat-map">
      {seats.length > 0 && (
        <div className="seat-map__toolbar">
          <div className="seat-map__section-jump">
            <label htmlFor={`${helpId}-section`}>{t('seatmap.goToSection')}</label>
            <select
              id={`${helpId}-section`}
              value=""
              onChange={(event) => {
                if (event.target.value) goToSection(event.target.value);
              }}
            >
              <option value="">{t('seatmap.chooseSection')}</option>
              {props.svg.Sections.filter((s) => sectionsWithSeats.has(s.Code) || s.IsGA).map((s) => (
                <option key={s.Code} value={s.Code}>
                  {s.Name}
                </option>
              ))}
            </select>
          </div>
          <p className="seat-map__keys" id={helpId}>
            {t('seatmap.map.keyboardHelp')}
          </p>
        </div>
      )}
      <div
        ref={wrapper}
        className="seat-map__frame"
        tabIndex={0}
        role="application"
        aria-roledescription={t('seatmap.map.roledescription')}
        aria-label={t('seatmap.map.label', { venue: props.venueName })}
        aria-describedby={seats.length > 0 ? helpId : undefined}
        data-seats-drawn={drawn ?? undefined}
        data-seats-total={seats.length}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusIndex(null);
        }}
      >
        <SeatMapView
          ref={map}
          venueConfigId={props.svg.VenueConfigurationID}
          width={props.svg.Width}
          height={props.svg.Height}
          seats={seats}
          levelColours={props.levelColours}
          selectedKeys={props.selectedKeys}
          focusIndex={focusIndex}
          gaLabels={props.gaLabels}
          onActivate={(index) => {
            const seat = seats[index];
            if (seat) props.onActivate(seat);
          }}
          onHover={(index) =>
            setPopover((p) => (p?.pinned ? p : index === null ? null : { index, pinned: false }))
          }
          onContext={(index) => setPopover({ index, pinned: true })}
          onGaSection={props.onGaSection}
          onViewChange={() => setViewTick((n) => n + 1)}
          onDrawn={(count) => {
            setDrawn(count);
            // The count goes with the mark: the bench reads both at once (bench/seatmap.ts).
            performance.mark('seatmap:drawn', { detail: { seats: count } });
            props.onDrawn();
          }}
        />
        <div className="seat-map__controls">
          <button
            type="button"
            onClick={() => map.current?.zoomIn()}
            aria-label={t('seatmap.zoomIn')}
            title={t('seatmap.zoomIn')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => map.current?.zoomOut()}
            aria-label={t('seatmap.zoomOut')}
            title={t('seatmap.zoomOut')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M5 11h14v2H5z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => map.current?.fitVenue()}
            aria-label={t('seatmap.fit')}
            title={t('seatmap.fit')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z"
                fill="currentColor"
              />
            </svg>
          </button>
        </div>
        {popoverSeat && (anchor || placement === 'fixed') && (
          <div
            id={popoverId}
            className={`seat-popover${popover?.pinned ? ' seat-popover--pinned' : ''}${placement === 'fixed' ? ' seat-popover--fixed' : ''}`}
            style={popoverStyle}
            role={popover?.pinned ? 'dialog' : 'tooltip'}
            aria-label={t('seatmap.seatDetails')}
          >
            <SeatDetails
              seat={popoverSeat}
              names={props.names}
              pricing={pricing}
              packages={props.packages}
              selected={props.selectedKeys.has(popoverSeat.key)}
            />
            {props.seatExtra?.(popoverSeat)}
            {popover?.pinned && (
              <div className="seat-popover__actions">
                {popoverSeat.status === 'Open' && (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => props.onActivate(popoverSeat)}
                  >
                    {props.selectedKeys.has(popoverSeat.key) ? t('seatmap.remove') : t('seatmap.select')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => props.onViewFromSeat(popoverSeat)}
                >
                  {t('seatmap.viewFromSeat')}
                </button>
                <button
                  type="button"
                  className="seat-popover__close"
                  aria-label={t('common.close')}
                  onClick={() => {
                    setPopover(null);
                    wrapper.current?.focus();
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            )}
          </div>
        )}
        {drawn === null && (
          <div className="seat-map__loading">
            <span className="loading__spinner" aria-hidden="true" />
          </div>
        )}
        {showInstructions && seats.length > 0 && (
          <div className="seat-map__instructions" role="region" aria-labelledby={`${helpId}-title`}>
            <div className="seat-map__instructions-card">
              <h2 id={`${helpId}-title`}>{t('seatmap.instructions.title')}</h2>
              <ul>
                <li>{t('seatmap.instructions.select')}</li>
                <li>{t('seatmap.instructions.details')}</li>
                <li>{t('seatmap.instructions.zoom')}</li>
                <li>{t('seatmap.instructions.keyboard')}</li>
              </ul>
              <button type="button" className="button" onClick={dismissInstructions}>
                {t('seatmap.instructions.dismiss')}
              </button>
            </div>
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
