import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldActionName, HoldSubclassView } from '../../../../adapters/http/contract/holds.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { SeatSelectionTool } from '../seat-selection/seat-selection-tool.tsx';
import { EMPTY_SELECTION, type Selection } from '../seat-selection/selection.ts';
import { buildSeatModel } from '../seatmap/seat-model.ts';
import { applyResultText } from './apply-result.ts';
import { applyHolds, fetchEventSeats, fetchHoldSubclasses, type HoldsPageData } from './holds-api.ts';
import {
  floorCounts,
  floorStateOf,
  holdsMapInventory,
  levelOfSubclass,
  OPEN_COLOUR,
  OPEN_LEVEL,
  subclassColours,
} from './hold-map-model.ts';
import { SubclassesPanel } from './subclasses-panel.tsx';
import './holds.css';

// /admin/v2/event/{id}/holds: one performance's holds. The map shows held seats coloured by
// subclass (legend with counts); the selection tool (web/src/features/seat-selection/) chooses
// seats; the clerk holds them on a subclass, releases them or moves them, and may undo the last
// apply. The subclasses themselves are managed below the map.

/** What the last apply changed, to put back: each seat's subclass before (null: open). */
type Undo = { readonly before: ReadonlyMap<string, number | null> };

export function HoldsScreen(props: { readonly data: HoldsPageData }) {
  const { t } = useTranslation('admin');
  const format = useDateFormat();
  const { event, svg } = props.data;
  const [inventory, setInventory] = useState(props.data.inventory);
  const [subclasses, setSubclasses] = useState(props.data.subclasses);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [action, setAction] = useState<HoldActionName>('hold');
  const live = subclasses.filter((s) => !s.IsArchived);
  const [subclassId, setSubclassId] = useState<number | null>(live[0]?.ID ?? null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [undo, setUndo] = useState<Undo | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const subclassField = useId();

  const sectionNames = useMemo(() => new Map(svg.Sections.map((s) => [s.Code, s.Name])), [svg]);
  const sectionCodes = useMemo(() => svg.Sections.map((s) => s.Code), [svg]);
  const model = useMemo(
    () => buildSeatModel(svg.Rows, holdsMapInventory(inventory), sectionCodes),
    [svg, inventory, sectionCodes],
  );
  const colours = useMemo(() => subclassColours(subclasses), [subclasses]);
  const levelColours = useMemo(
    () =>
      new Map([
        [OPEN_LEVEL, OPEN_COLOUR],
        ...[...colours].map(([id, c]) => [levelOfSubclass(id), c] as const),
      ]),
    [colours],
  );
  const counts = useMemo(() => floorCounts(inventory), [inventory]);
  const stateByKey = useMemo(
    () => new Map(inventory.MapSeats.map((s) => [s.Key, floorStateOf(s)])),
    [inventory],
  );
  const nameOf = (id: number | null) => subclasses.find((s) => s.ID === id)?.Name ?? '';

  const say = (text: string, error = false) => {
    setMessage({ text, error });
    requestAnimationFrame(() => messageRef.current?.focus());
  };
  const refresh = async () => {
    const [seats, list] = await Promise.all([fetchEventSeats(event.ID), fetchHoldSubclasses()]);
    setInventory(seats);
    setSubclasses(list);
  };
  const failed = (e: unknown) => say(isApiError(e) ? e.message : t('holds.applyFailed'), true);

  const apply = async () => {
    const keys = [...selection.chosen].map((i) => model.seats[i]!.key);
    if (keys.length === 0) return say(t('holds.chooseSeats'), true);
    if (action !== 'release' && subclassId === null) return say(t('holds.chooseSubclass'), true);
    setBusy(true);
    try {
      const answer = await applyHolds(event.ID, {
        Action: action,
        HoldSubclassID: action === 'release' ? null : subclassId,
        Seats: keys,
      });
      const before = new Map<string, number | null>();
      for (const key of answer.AppliedSeats) {
        const state = stateByKey.get(key);
        before.set(key, state?.kind === 'held' ? state.subclassId : null);
      }
      setUndo(answer.Applied > 0 ? { before } : null);
      say(applyResultText(t, answer, nameOf(subclassId)));
      setSelection(EMPTY_SELECTION);
      await refresh();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const undoLast = async () => {
    if (!undo) return;
    setBusy(true);
    try {
      const groups = new Map<number | null, string[]>();
      for (const [key, was] of undo.before) groups.set(was, [...(groups.get(was) ?? []), key]);
      let restored = 0;
      for (const [was, keys] of groups) {
        const answer = await applyHolds(event.ID, {
          Action: was === null ? 'release' : 'hold',
          HoldSubclassID: was,
          Seats: keys,
        });
        restored += answer.Applied;
      }
      setUndo(null);
      say(t('holds.undone', { count: restored }));
      await refresh();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="holds" aria-labelledby="holds-title">
      <h1 id="holds-title">{t('holds.title')}</h1>
      <p className="holds__event">
        {event.Name} ·{' '}
        <time dateTime={event.LocalDate}>
          {format.day(event.LocalDate)} · {format.time(event.LocalDate)}
        </time>
      </p>
      <div className="holds__layout">
        <div className="holds__map">
          <SeatSelectionTool
            venueConfigId={event.VenueConfigurationID}
            width={svg.Width}
            height={svg.Height}
            seats={model.seats}
            levelColours={levelColours}
            sectionNames={sectionNames}
            selection={selection}
            onChange={setSelection}
            label={t('holds.mapLabel')}
          />
        </div>
        <aside className="holds__side">
          <form
            className="holds__apply"
            aria-labelledby="holds-apply-title"
            onSubmit={(e) => {
              e.preventDefault();
              void apply();
            }}
          >
            <h2 id="holds-apply-title">{t('holds.applyTitle')}</h2>
            <fieldset>
              <legend>{t('holds.action')}</legend>
              {(['hold', 'release', 'move'] as const).map((a) => (
                <label key={a} className="holds__radio">
                  <input
                    type="radio"
                    name="hold-action"
                    value={a}
                    checked={action === a}
                    onChange={() => setAction(a)}
                  />
                  {t(`holds.action.${a}`)}
                </label>
              ))}
            </fieldset>
            {action !== 'release' && (
              <div className="holds__field">
                <label htmlFor={subclassField}>{t('holds.subclass')}</label>
                <select
                  id={subclassField}
                  value={subclassId ?? ''}
                  onChange={(e) => setSubclassId(e.target.value === '' ? null : Number(e.target.value))}
                >
                  {live.map((s) => (
                    <option key={s.ID} value={s.ID}>
                      {t('holds.subclassOption', { subclass: s.Name, holdClass: s.HoldClass.Name })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button type="submit" className="button" disabled={busy || selection.chosen.size === 0}>
              {t(`holds.apply.${action}`, { count: selection.chosen.size })}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || !undo}
              onClick={() => void undoLast()}
            >
              {t('holds.undo')}
            </button>
            {message && (
              <p
                ref={messageRef}
                tabIndex={-1}
                className={message.error ? 'field-error' : 'holds__result'}
                role={message.error ? 'alert' : 'status'}
                data-testid="holds-result"
              >
                {message.text}
              </p>
            )}
          </form>
          <Legend subclasses={subclasses} colours={colours} counts={counts} />
        </aside>
      </div>
      <SubclassesPanel subclasses={subclasses} classes={props.data.classes} onChanged={refresh} />
    </section>
  );
}

function Legend(props: {
  readonly subclasses: readonly HoldSubclassView[];
  readonly colours: ReadonlyMap<number, string>;
  readonly counts: ReturnType<typeof floorCounts>;
}) {
  const { t } = useTranslation('admin');
  const held = props.subclasses.filter((s) => (props.counts.held.get(s.ID) ?? 0) > 0);
  return (
    <section className="holds__legend" aria-labelledby="holds-legend-title">
      <h2 id="holds-legend-title">{t('holds.legendTitle')}</h2>
      <ul data-testid="holds-legend">
        <li>
          <span className="holds__swatch" style={{ background: OPEN_COLOUR }} aria-hidden="true" />
          {t('holds.legendOpen', { count: props.counts.open })}
        </li>
        {held.map((s) => (
          <li key={s.ID} data-subclass={s.Name}>
            <span
              className="holds__swatch"
              style={{ background: props.colours.get(s.ID) }}
              aria-hidden="true"
            />
            {t('holds.legendHeld', { subclass: s.Name, count: props.counts.held.get(s.ID) ?? 0 })}
          </li>
        ))}
        <li>
          <span className="holds__swatch holds__swatch--taken" aria-hidden="true" />
          {t('holds.legendTaken', { count: props.counts.taken })}
        </li>
      </ul>
    </section>
  );
}
