import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Navigation } from './keyboard-nav.ts';
import { fromPriceOfLevel, priceMapOf, shownPrice } from './prices.ts';
import type { MapSeat } from './seat-model.ts';
import type { SeatNames } from './seat-details.tsx';
import type { PricingData } from './seatmap-api.ts';

// The list alternative to the map, for keyboard and screen-reader users: the open
// seats of one section at a time, row by row, each a toggle button.

export function SeatList(props: {
  getNav: () => Navigation;
  seats: readonly MapSeat[];
  names: SeatNames;
  pricing: PricingData;
  defaultPriceTypeId: number;
  selectedKeys: ReadonlySet<string>;
  onActivate: (seat: MapSeat) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const sections = open ? props.getNav().sections : [];
  const [sectionCode, setSectionCode] = useState(sections[0]?.code ?? '');
  const section = sections.find((s) => s.code === sectionCode) ?? sections[0];

  const rows = useMemo(
    () =>
      (section?.rows ?? [])
        .map((row) => ({
          label: row.label,
          seats: row.seats.map((i) => props.seats[i]!).filter((seat) => seat.status === 'Open'),
        }))
        .filter((row) => row.seats.length > 0),
    [section, props.seats],
  );

  const sectionName = (code: string) => props.names.sections.get(code) ?? code;
  const priceText = (seat: MapSeat) => {
    const m =
      priceMapOf(props.pricing, seat.priceLevelId, props.defaultPriceTypeId) ??
      fromPriceOfLevel(props.pricing, seat.priceLevelId);
    return m ? shownPrice(m).now : '';
  };

  return (
    <section className="side-card seat-list">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <h2 className="side-card__title">{t('seatmap.list.title')}</h2>
        </summary>
        {open && (
          <div className="seat-list__body">
            <p className="seat-list__intro">{t('seatmap.list.intro')}</p>
            <label htmlFor={`${id}-section`}>{t('seatmap.section')}</label>
            <select
              id={`${id}-section`}
              value={section?.code}
              onChange={(event) => setSectionCode(event.target.value)}
            >
              {sections.map((s) => (
                <option key={s.code} value={s.code}>
                  {sectionName(s.code)}
                </option>
              ))}
            </select>
            {rows.length === 0 && <p className="seat-list__none">{t('seatmap.list.none')}</p>}
            {rows.map((row) => (
              <fieldset key={row.label} className="seat-list__row">
                <legend>{t('seatmap.list.row', { row: row.label })}</legend>
                <div className="seat-list__seats">
                  {row.seats.map((seat) => {
                    const pressed = props.selectedKeys.has(seat.key);
                    return (
                      <button
                        key={seat.key}
                        type="button"
                        className="seat-list__seat"
                        aria-pressed={pressed}
                        aria-label={t('seatmap.list.seatLabel', {
                          seat: t('seatmap.seatName', {
                            section: sectionName(seat.section),
                            row: seat.row,
                            seat: seat.seat,
                          }),
                          price: priceText(seat),
                          accessible: seat.adaType
                            ? t(`seatmap.adaType.${seat.adaType}`, {
                                defaultValue:
                                  props.pricing.ADATypes.find((a) => a.Type === seat.adaType)?.Description ??
                                  seat.adaType,
                              })
                            : '',
                        })}
                        onClick={() => props.onActivate(seat)}
                      >
                        {seat.seat}
                        {seat.adaType ? '*' : ''}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </details>
    </section>
  );
}
