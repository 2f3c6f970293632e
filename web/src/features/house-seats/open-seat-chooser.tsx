import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxOfficeSeat } from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { fetchBoxOfficeInventory } from '../sell/sell-api.ts';
import { openSeatsBySection, seatPlaceOf } from './open-seats.ts';

// The seats of a house-seat request, chosen from the performance's open seats by section and
// row (open-seats.ts), read from the staff seat map's inventory call
// (web/src/features/sell/sell-api.ts). The request still sends the seats' keys.

export function OpenSeatChooser(props: {
  readonly eventId: number;
  readonly chosen: readonly string[];
  readonly onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const sectionId = useId();
  const rowId = useId();
  const [seats, setSeats] = useState<
    { state: 'loading' } | { state: 'ready'; seats: BoxOfficeSeat[] } | { state: 'failed'; message: string }
  >({ state: 'loading' });
  const [sectionName, setSectionName] = useState('');
  const [rowName, setRowName] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    setSeats({ state: 'loading' });
    fetchBoxOfficeInventory(props.eventId, [], abort.signal).then(
      (inventory) => setSeats({ state: 'ready', seats: inventory.MapSeats }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setSeats({
          state: 'failed',
          message: (isApiError(error) ? error.serverMessage : undefined) ?? t('houseSeats.seatsFailed'),
        });
      },
    );
    return () => abort.abort();
  }, [props.eventId, t]);

  const sections = useMemo(() => (seats.state === 'ready' ? openSeatsBySection(seats.seats) : []), [seats]);
  const section = sections.find((s) => s.section === sectionName) ?? sections[0];
  const row = section?.rows.find((r) => r.row === rowName) ?? section?.rows[0];

  if (seats.state === 'loading') return <p className="house-seats__note">{t('houseSeats.loadingSeats')}</p>;
  if (seats.state === 'failed')
    return (
      <p className="field-error" role="alert">
        {seats.message}
      </p>
    );
  if (!section || !row) return <p className="house-seats__note">{t('houseSeats.noOpenSeats')}</p>;

  const chosenWords = props.chosen.map((key) => {
    const place = seatPlaceOf(sections, key);
    return place ? t('houseSeats.seatPlace', place) : key;
  });
  const toggle = (key: string, on: boolean) =>
    props.onChange(on ? [...props.chosen, key] : props.chosen.filter((k) => k !== key));

  return (
    <div className="house-seats__chooser">
      <div className="house-seats__where">
        <div className="house-seats__pick">
          <label htmlFor={sectionId}>{t('houseSeats.section')}</label>
          <select
            id={sectionId}
            className="text-input"
            value={section.section}
            onChange={(e) => {
              setSectionName(e.target.value);
              setRowName('');
            }}
          >
            {sections.map((s) => (
              <option key={s.section} value={s.section}>
                {s.section}
              </option>
            ))}
          </select>
        </div>
        <div className="house-seats__pick">
          <label htmlFor={rowId}>{t('houseSeats.row')}</label>
          <select
            id={rowId}
            className="text-input"
            value={row.row}
            onChange={(e) => setRowName(e.target.value)}
          >
            {section.rows.map((r) => (
              <option key={r.row} value={r.row}>
                {r.row}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ul className="house-seats__seats" aria-label={`${section.section}, ${t('houseSeats.row')} ${row.row}`}>
        {row.seats.map((seat) => (
          <li key={seat.key}>
            <label className="house-seats__seat">
              <input
                type="checkbox"
                checked={props.chosen.includes(seat.key)}
                onChange={(e) => toggle(seat.key, e.target.checked)}
              />
              <span>{t('houseSeats.seatNumber', { seat: seat.seat })}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="house-seats__note" aria-live="polite" data-testid="house-seats-chosen">
        {chosenWords.length > 0
          ? t('houseSeats.chosenSeats', { seats: chosenWords.join('; ') })
          : t('houseSeats.noSeatsChosen')}
      </p>
    </div>
  );
}
