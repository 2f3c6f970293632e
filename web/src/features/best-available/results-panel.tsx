import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { Event } from '../../../../adapters/http/contract/catalogue.ts';
import type { Pricing } from '../../../../adapters/http/contract/inventory.ts';
import type { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import { SeatMapModal } from './seat-map-modal.tsx';
import { seatLines } from './seat-lines.ts';

/** The seats found and held: the block, its price levels, the total, and what to do next. */
export function ResultsPanel(props: {
  answer: ReservedBestAvailable;
  pricing: Pricing;
  event: Event;
  onAccept: () => void;
  onTryAgain: () => void;
  onBack: () => void;
  onMapOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [mapOpen, setMapOpen] = useState(false);
  const { answer, pricing } = props;
  const basket = answer.Basket;
  const locale = typeof basket?.CurrencyLocale === 'string' ? basket.CurrencyLocale : pricing.CurrencyLocale;
  const money = (minor: number) => formatMoney(minor, locale);
  const levels = new Map<number, number>();
  for (const seat of answer.Seats) levels.set(seat.PriceLevelID, (levels.get(seat.PriceLevelID) ?? 0) + 1);
  if (answer.GASection) levels.set(answer.GASection.PriceLevelID, answer.GASection.Quantity);
  const minutes = basket ? Math.max(1, Math.floor(basket.SecondsTilExpiration / 60)) : null;
  const openMap = (open: boolean) => {
    setMapOpen(open);
    props.onMapOpen(open);
  };
  return (
    <div className="best-available__results">
      <h2>{t('bestAvailable.resultsTitle')}</h2>
      <p className="best-available__together">
        {answer.Together ? t('bestAvailable.together') : t('bestAvailable.notTogether')}
      </p>
      <ul className="best-available__seats" aria-label={t('bestAvailable.seatsLabel')}>
        {answer.GASection && (
          <li>
            {t('bestAvailable.standing', {
              count: answer.GASection.Quantity,
              section: answer.GASection.Name,
            })}
          </li>
        )}
        {seatLines(answer.Seats).map((line) => (
          <li key={`${line.section}-${line.row}`}>
            {t('bestAvailable.seatLine', {
              section: line.section,
              row: line.row,
              seats: line.seats,
              count: line.count,
            })}
          </li>
        ))}
      </ul>
      <h3>{t('bestAvailable.priceLevels')}</h3>
      <ul className="best-available__levels">
        {[...levels].map(([levelId, count]) => {
          const level = pricing.PriceLevels.find((l) => l.ID === levelId);
          const price = pricing.PriceMaps.find((m) => m.PriceLevelID === levelId);
          return (
            <li key={levelId}>
              <span
                className="best-available__swatch"
                style={{ background: level?.Color ?? '#888' }}
                aria-hidden="true"
              />
              {level?.Label ?? levelId} × {count}
              {price ? ` · ${price.AllInDisplayPrice}` : ''}
            </li>
          );
        })}
      </ul>
      {basket && typeof basket.Total === 'number' && (
        <p className="best-available__total">
          {t('bestAvailable.total')}: <strong>{money(basket.Total)}</strong>
        </p>
      )}
      {minutes !== null && <p className="best-available__help">{t('bestAvailable.heldFor', { minutes })}</p>}
      <div className="best-available__actions">
        <button type="button" className="button" onClick={props.onAccept}>
          {t('bestAvailable.accept')}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onTryAgain}>
          {t('bestAvailable.tryAgain')}
        </button>
        {answer.Seats.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => openMap(true)}>
            {t('bestAvailable.showMap')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={props.onBack}>
          {t('bestAvailable.back')}
        </button>
      </div>
      {mapOpen && (
        <SeatMapModal
          venueConfigurationId={props.event.VenueConfigurationID}
          keys={answer.Seats.map((s) => s.Key)}
          onClose={() => openMap(false)}
        />
      )}
    </div>
  );
}
