import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapGASection } from '../../../../adapters/http/contract/inventory.ts';
import type { z } from 'zod';
import { gaQuantity } from './ga-quantity.ts';
import { priceMapsOfLevel, shownPrice } from './prices.ts';
import type { GaPick } from './selection.ts';
import type { PricingData } from './seatmap-api.ts';

// The general-admission quantity picker: per section, a quantity per
// price type; digits only, trimmed to what is left and to the ticket limit.

type GaSection = z.infer<typeof MapGASection>;

export function GaPicker(props: {
  sections: readonly GaSection[];
  pricing: PricingData;
  picks: readonly GaPick[];
  limit: number;
  /** Tickets counting toward the limit outside GA (seats). */
  seatTickets: number;
  limitMessage: string;
  onChange: (pick: GaPick) => void;
  /** Why the last change was trimmed, per input: shown beside it. */
  notes: ReadonlyMap<string, string>;
  onNote: (inputKey: string, note: string | null) => void;
  highlight?: string | null;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const total = props.picks.reduce((sum, p) => sum + p.quantity, 0);

  const set = (section: GaSection, typeId: number, levelId: number, raw: string) => {
    const inSection = props.picks.filter((p) => p.sectionKey === section.Key && p.priceTypeId !== typeId);
    const current =
      props.picks.find((p) => p.sectionKey === section.Key && p.priceTypeId === typeId)?.quantity ?? 0;
    const result = gaQuantity(raw, {
      maxAvailable: section.MaxAvailable,
      sameSection: inSection.reduce((sum, p) => sum + p.quantity, 0),
      limit: props.limit,
      otherTickets: props.seatTickets + total - current,
    });
    const inputKey = `${section.Key}|${typeId}`;
    props.onNote(
      inputKey,
      result.trimmedBy === 'availability'
        ? t('seatmap.ga.trimmedAvailability', { count: result.max, section: section.Name })
        : result.trimmedBy === 'limit'
          ? props.limitMessage
          : null,
    );
    props.onChange({
      sectionKey: section.Key,
      priceLevelId: levelId,
      priceTypeId: typeId,
      quantity: result.quantity,
    });
  };

  return (
    <section className="side-card ga-picker" aria-labelledby={`${baseId}-title`} id="ga-picker">
      <h2 id={`${baseId}-title`} className="side-card__title">
        {t('seatmap.ga.title')}
      </h2>
      {props.sections.map((section) => {
        const levelId = Number(section.PriceKey);
        const prices = priceMapsOfLevel(props.pricing, levelId);
        const soldOut = section.MaxAvailable <= 0;
        return (
          <div
            key={section.Key}
            className={`ga-section${props.highlight === section.Key ? ' ga-section--highlight' : ''}`}
            data-ga-section={section.Key}
          >
            <h3 className="ga-section__name">
              {section.Name}
              <span className={`ga-section__left${soldOut ? ' ga-section__left--none' : ''}`}>
                {soldOut ? t('seatmap.ga.soldOut') : t('seatmap.ga.left', { count: section.MaxAvailable })}
              </span>
            </h3>
            {!soldOut &&
              prices.map((m) => {
                const quantity =
                  props.picks.find((p) => p.sectionKey === section.Key && p.priceTypeId === m.PriceTypeID)
                    ?.quantity ?? 0;
                const inputId = `${baseId}-${section.Key}-${m.PriceTypeID}`;
                const inputKey = `${section.Key}|${m.PriceTypeID}`;
                const note = props.notes.get(inputKey);
                const shown = shownPrice(m);
                return (
                  <div key={m.PriceKey} className="ga-row">
                    <label htmlFor={inputId} className="ga-row__label">
                      <span className="ga-row__type">{m.Label}</span>
                      <span className="ga-row__price">
                        {shown.was && <s>{shown.was}</s>} {shown.now}
                      </span>
                      <span className="visually-hidden">
                        {t('seatmap.ga.quantityOf', { type: m.Label, section: section.Name })}
                      </span>
                    </label>
                    <div className="stepper">
                      <button
                        type="button"
                        aria-label={t('seatmap.ga.less', { type: m.Label })}
                        disabled={quantity === 0}
                        onClick={() => set(section, m.PriceTypeID, levelId, String(quantity - 1))}
                      >
                        −
                      </button>
                      <input
                        id={inputId}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        pattern="[0-9]*"
                        value={String(quantity)}
                        aria-describedby={note ? `${inputId}-note` : undefined}
                        onChange={(event) => set(section, m.PriceTypeID, levelId, event.target.value)}
                        onFocus={(event) => event.target.select()}
                      />
                      <button
                        type="button"
                        aria-label={t('seatmap.ga.more', { type: m.Label })}
                        onClick={() => set(section, m.PriceTypeID, levelId, String(quantity + 1))}
                      >
                        +
                      </button>
                    </div>
                    {note && (
                      <p id={`${inputId}-note`} className="ga-row__note" role="status">
                        {note}
                      </p>
                    )}
                  </div>
                );
              })}
          </div>
        );
      })}
    </section>
  );
}
