import { useTranslation } from 'react-i18next';
import type { BoxOfficeHoldSubclass } from '../../../../adapters/http/contract/staff-inventory.ts';
import { STATUS_PAINT } from '../seatmap/seat-colour.ts';

// The hold subclasses on this performance: the ones the clerk's role may sell can be ticked to
// open their seats on the map; the others (kills, subclasses of other channels) are listed, not
// sellable. Unticked, held seats are drawn as holds.

export function HoldPicker(props: {
  subclasses: readonly BoxOfficeHoldSubclass[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('admin');
  const shown = props.subclasses.filter((h) => h.SeatCount > 0 || props.selected.includes(h.ID));
  const hold = STATUS_PAINT.Hold;
  return (
    <section className="side-card hold-picker" aria-labelledby="hold-picker-title">
      <h2 id="hold-picker-title" className="side-card__title">
        <span
          className="legend__dot"
          aria-hidden="true"
          style={{ background: hold.fill, boxShadow: `inset 0 0 0 1px ${hold.stroke}` }}
        />{' '}
        {t('sell.holdsTitle')}
      </h2>
      {shown.length === 0 ? (
        <p className="hold-picker__none">{t('sell.noHolds')}</p>
      ) : (
        <ul className="hold-picker__list">
          {shown.map((h) => (
            <li key={h.ID}>
              <label className={h.Sellable ? undefined : 'hold-picker__locked'}>
                <input
                  type="checkbox"
                  disabled={!h.Sellable}
                  checked={h.Selected}
                  onChange={(e) =>
                    props.onChange(
                      e.target.checked
                        ? [...new Set([...props.selected, h.ID])]
                        : props.selected.filter((id) => id !== h.ID),
                    )
                  }
                />
                <span>
                  {h.Name} <span className="hold-picker__class">({h.HoldClassName})</span>
                </span>
                <span className="hold-picker__count">{t('sell.heldSeats', { count: h.SeatCount })}</span>
              </label>
              {!h.Sellable && (
                <span className="hold-picker__why">
                  {h.IsKill ? t('sell.holdKill') : t('sell.holdNotYours')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="hold-picker__help">{t('sell.holdsHelp')}</p>
    </section>
  );
}
