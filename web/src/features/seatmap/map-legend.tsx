import { useTranslation } from 'react-i18next';
import { AdaIcon } from './ada-icon.tsx';
import { fromPriceOfLevel, shownPrice } from './prices.ts';
import { safeColour, SELECTED_PAINT, STATUS_PAINT, type SeatPaint } from './seat-colour.ts';
import type { PricingData } from './seatmap-api.ts';

// The legend: price levels with their prices, the accessible seat types on
// this map, and what each seat colour means.

const Dot = (props: { paint: SeatPaint }) => (
  <span
    className="legend__dot"
    aria-hidden="true"
    style={{
      background: props.paint.fill,
      boxShadow: props.paint.weight
        ? `inset 0 0 0 ${Math.min(2, props.paint.weight)}px ${props.paint.stroke}`
        : undefined,
    }}
  />
);

export function MapLegend(props: {
  pricing: PricingData;
  /** Price levels with seats or GA places on this map. */
  levelIds: ReadonlySet<number>;
  /** Accessible types of the seats on this map. */
  adaTypes: ReadonlySet<string>;
  /** Statuses present on the map, Open first. */
  statuses: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const { pricing } = props;
  const levels = pricing.PriceLevels.filter((l) => props.levelIds.has(l.ID));
  const ada = pricing.ADATypes.filter((a) => props.adaTypes.has(a.Type));
  return (
    <section className="side-card legend" aria-labelledby="legend-title">
      <h2 id="legend-title" className="side-card__title">
        {t('seatmap.legend.title')}
      </h2>
      <h3 className="legend__heading">{t('seatmap.legend.prices')}</h3>
      <ul className="legend__list">
        {levels.map((level) => {
          const from = fromPriceOfLevel(pricing, level.ID);
          const shown = from ? shownPrice(from) : undefined;
          return (
            <li key={level.ID} className="legend__level">
              <span
                className="legend__dot"
                style={{ background: safeColour(level.Color) }}
                aria-hidden="true"
              />
              <span className="legend__label">
                {level.Label}
                {level.Description && <span className="legend__muted">{level.Description}</span>}
              </span>
              {shown && (
                <span className="legend__price">
                  {shown.was && <s>{shown.was}</s>} {t('seatmap.legend.from', { price: shown.now })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {ada.length > 0 && (
        <>
          <h3 className="legend__heading">{t('seatmap.legend.accessible')}</h3>
          <ul className="legend__list">
            {ada.map((a) => (
              <li key={a.Type} className="legend__ada">
                <span className="legend__icon">
                  <AdaIcon icon={a.Icon} />
                </span>
                <span>{t(`seatmap.adaType.${a.Type}`, { defaultValue: a.Description })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {props.statuses.size > 0 && (
        <>
          <h3 className="legend__heading">{t('seatmap.legend.statuses')}</h3>
          <ul className="legend__list legend__list--statuses">
            <li>
              <span className="legend__dot legend__dot--open" aria-hidden="true" />
              {t('seatmap.status.Open')}
            </li>
            <li>
              <Dot paint={SELECTED_PAINT} />
              {t('seatmap.status.Selected')}
            </li>
            {(['Hold', 'Inquiry', 'Reserved', 'Unavailable'] as const)
              .filter((status) => props.statuses.has(status))
              .map((status) => (
                <li key={status}>
                  <Dot paint={STATUS_PAINT[status]} />
                  {t(`seatmap.status.${status}`)}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
