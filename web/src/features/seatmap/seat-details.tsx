import { useTranslation } from 'react-i18next';
import type { PricingData, SeriesData } from './seatmap-api.ts';
import { AdaIcon } from './ada-icon.tsx';
import { formatAmount } from './money.ts';
import { priceMapsOfLevel, shownPrice } from './prices.ts';
import { safeColour } from './seat-colour.ts';
import type { MapSeat } from './seat-model.ts';

export interface SeatNames {
  /** Section code -> name ('STALLS' -> 'Stalls'). */
  readonly sections: ReadonlyMap<string, string>;
}

/** 'Stalls, row C, seat 6' */
export const useSeatName = (names: SeatNames) => {
  const { t } = useTranslation();
  return (seat: Pick<MapSeat, 'section' | 'row' | 'seat'>) =>
    t('seatmap.seatName', {
      section: names.sections.get(seat.section) ?? seat.section,
      row: seat.row,
      seat: seat.seat,
    });
};

/** What a buyer wants to know about a seat: where, what level, status, accessibility, alerts, prices. */
export function SeatDetails(props: {
  seat: MapSeat;
  names: SeatNames;
  pricing: PricingData;
  packages: SeriesData['Packages'];
  selected: boolean;
  headingId?: string;
}) {
  const { t } = useTranslation();
  const seatName = useSeatName(props.names);
  const { seat, pricing } = props;
  const level = pricing.PriceLevels.find((l) => l.ID === seat.priceLevelId);
  const ada = seat.adaType ? pricing.ADATypes.find((a) => a.Type === seat.adaType) : undefined;
  const alert =
    seat.alertId === undefined ? undefined : pricing.SeatAlertValues.find((a) => a.ID === seat.alertId);
  const prices = priceMapsOfLevel(pricing, seat.priceLevelId);
  const status = props.selected ? 'Selected' : seat.status;
  return (
    <div className="seat-details">
      <p id={props.headingId} className="seat-details__name">
        {seatName(seat)}
      </p>
      <p className="seat-details__level">
        <span className="swatch" style={{ background: safeColour(level?.Color) }} aria-hidden="true" />
        <span>
          {level?.Label ?? ''}
          {level?.Description ? <span className="seat-details__muted"> · {level.Description}</span> : null}
        </span>
      </p>
      <p className={`seat-details__status seat-details__status--${status}`}>
        {t(`seatmap.status.${status}`)}
      </p>
      {ada && (
        <p className="seat-details__ada">
          <AdaIcon icon={ada.Icon} />
          {t(`seatmap.adaType.${ada.Type}`, { defaultValue: ada.Description })}
        </p>
      )}
      {alert && (
        <p className="seat-details__alert">
          <strong>{alert.Name}.</strong> {alert.Message}
        </p>
      )}
      {seat.lockedPromotionIds?.length ? (
        <p className="seat-details__muted">{t('seatmap.lockedSeat')}</p>
      ) : null}
      {seat.status === 'Open' && prices.length > 0 && (
        <ul className="seat-details__prices">
          {prices.map((m) => {
            const shown = shownPrice(m);
            return (
              <li key={m.PriceKey}>
                <span className="seat-details__type">{m.Label}</span>
                <span className="seat-details__price">
                  {shown.was && <s className="seat-details__was">{shown.was}</s>} <strong>{shown.now}</strong>
                  {!pricing.HideFeesUntilCheckout && m.FeeTotal > 0 && (
                    <span className="seat-details__fees">
                      {t('seatmap.fees', { amount: formatAmount(m.FeeTotal, pricing.CurrencyLocale) })}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {seat.status === 'Open' && pricing.HideFeesUntilCheckout && (
        <p className="seat-details__muted">{t('seatmap.feesAtCheckout')}</p>
      )}
      {seat.status === 'Open' &&
        (seat.packageIds ?? []).map((id) => {
          const pack = props.packages.find((p) => p.ID === id);
          const m = prices[0]?.PackagePriceMaps.find((p) => p.PackageID === id);
          if (!pack || !m) return null;
          return (
            <p key={id} className="seat-details__package">
              {t('seatmap.inPackage', {
                name: pack.Name,
                price: formatAmount(m.SeatsDiscountedPrice ?? m.PackageSeatsPrice, pricing.CurrencyLocale),
              })}
            </p>
          );
        })}
    </div>
  );
}
