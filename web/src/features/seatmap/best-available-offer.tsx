import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesSearch } from '../catalogue/series-search.ts';

// Best available is offered beside the map as an alternative to picking seats (a series
// flagged NoBestAvailable goes without). The query comes along; seatQty becomes the quantity.

export function BestAvailableOffer(props: { eventCode: string; eventId: string; search: SeriesSearch }) {
  const { t } = useTranslation();
  const id = useId();
  const quantity = props.search.seatQty;
  return (
    <section className="side-card best-offer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-card__title">
        {t('seatmap.bestAvailable.title')}
      </h2>
      <p className="best-offer__body">{t('seatmap.bestAvailable.body')}</p>
      <Link
        to="/tickets/series/$eventCode/$eventId/bestAvailable"
        params={{ eventCode: props.eventCode, eventId: props.eventId }}
        search={{ ...props.search, ...(quantity !== undefined ? { quantity } : {}) }}
        className="button button--secondary button--small"
      >
        {t('seatmap.bestAvailable.link')}
      </Link>
    </section>
  );
}
