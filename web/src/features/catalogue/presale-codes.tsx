import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { readMoreCut } from './series-promotions.ts';

const READ_MORE_AT = 90;

function Instructions({ text }: { text: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const { short, isCut } = readMoreCut(text, READ_MORE_AT);
  return (
    <p className="offer__text" id={id}>
      {expanded || !isCut ? text : `${short}…`}{' '}
      {isCut && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('offers.readLess') : t('offers.readMore')}
        </button>
      )}
    </p>
  );
}

/** One offer: its name, what kind it is, how to use it, and the way to enter its code. */
export function OfferCard(props: {
  promotion: SeriesPromotion;
  applied: boolean;
  onEnterCode: (promotion: SeriesPromotion) => void;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { promotion } = props;
  const tags = [
    promotion.IsPresale ? t('offers.presale') : null,
    promotion.GroupPromoCode ? t('offers.group') : null,
    promotion.restrictToCustomerTag ? t('offers.membersOnly') : null,
    !promotion.PromoStarted && promotion.LocalStartDate
      ? t('offers.startsOn', { date: format.day(promotion.LocalStartDate) })
      : null,
  ].filter((tag): tag is string => tag !== null);
  return (
    <li className="offer">
      <div className="offer__head">
        <p className="offer__name">{promotion.DisplayName}</p>
        {tags.length > 0 && (
          <ul className="offer__tags">
            {tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
      </div>
      {promotion.InstructionText && <Instructions text={promotion.InstructionText} />}
      {props.applied ? (
        <p className="offer__applied">
          <span aria-hidden="true">✓ </span>
          {t('offers.applied')}
        </p>
      ) : (
        <button
          type="button"
          className="button button--small button--secondary offer__button"
          disabled={!promotion.PromoStarted}
          onClick={() => props.onEnterCode(promotion)}
        >
          {promotion.IsPresale ? t('offers.enterPresaleCode') : t('offers.enterCode')}
          <span className="visually-hidden"> {promotion.DisplayName}</span>
        </button>
      )}
    </li>
  );
}

/** The presale codes list, each with read-more for long instructions. */
export function PresaleCodes(props: {
  promotions: readonly SeriesPromotion[];
  appliedId: number | null;
  onEnterCode: (promotion: SeriesPromotion) => void;
}) {
  const { t } = useTranslation();
  if (props.promotions.length === 0) return null;
  return (
    <section className="offers" aria-labelledby="offers-title">
      <h2 id="offers-title" className="offers__title">
        {t('offers.title')}
      </h2>
      <ul className="offers__list">
        {props.promotions.map((promotion) => (
          <OfferCard
            key={promotion.ID}
            promotion={promotion}
            applied={promotion.ID === props.appliedId}
            onEnterCode={props.onEnterCode}
          />
        ))}
      </ul>
    </section>
  );
}
