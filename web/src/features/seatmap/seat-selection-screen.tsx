import { Link, Navigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { searchText, type SeriesSearch } from '../catalogue/series-search.ts';
import { SeatSelectionPage } from './seat-selection-page.tsx';
import type { SeatMapData } from './seatmap-api.ts';
import { useSeatMapData } from './use-seat-map-data.ts';
// The mobile rules at the end of seatmap.css override the others: it comes last.
import './seatmap-side.css';
import './seatmap-cart.css';
import './seatmap.css';

// /tickets/series/{eventCode}/{eventId}: seat selection. The route
// file only reads the params; everything here loads with the screen's own code chunk, so
// Leaflet is fetched only by buyers who open a seat map.

export function SeatSelectionScreen(props: { eventCode: string; eventId: string; search: SeriesSearch }) {
  const { t } = useTranslation();
  const eventId = Number(props.eventId);
  if (!Number.isSafeInteger(eventId) || eventId <= 0)
    return (
      <MessagePage
        title={t('seatmap.notFoundTitle')}
        body={t('seatmap.notFoundBody')}
        actions={<BackToDates eventCode={props.eventCode} />}
      />
    );
  // A new performance starts with an empty selection.
  return <SeatSelection key={eventId} {...props} eventIdNumber={eventId} />;
}

function BackToDates(props: { eventCode: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/tickets/series/$eventCode" params={{ eventCode: props.eventCode }} className="button">
      {t('seatmap.backToDates')}
    </Link>
  );
}

function SeatSelection(props: {
  eventCode: string;
  eventId: string;
  eventIdNumber: number;
  search: SeriesSearch;
}) {
  const { t } = useTranslation();
  const promo = searchText(props.search, 'promo');
  const groupCode = searchText(props.search, 'groupCode');
  const data = useSeatMapData({
    eventId: props.eventIdNumber,
    promoCode: promo,
    groupCode,
  });
  const { load } = data;

  if (load.status === 'loading' || (load.status === 'ready' && data.pricing === null))
    return (
      <div className="seat-page seat-page--loading">
        <Loading label={t('seatmap.loading')} />
      </div>
    );
  if (load.status === 'error') {
    if (isApiError(load.error) && load.error.status === 404)
      return (
        <MessagePage
          title={t('seatmap.notFoundTitle')}
          body={t('seatmap.notFoundBody')}
          actions={<BackToDates eventCode={props.eventCode} />}
        />
      );
    return <ErrorPanel title={t('seatmap.error')} error={load.error} />;
  }
  const { event } = load.data;
  // A heavy on-sale event is sold by best available, not from the map.
  if (event.UseHeavyOnSale)
    return (
      <Navigate
        to="/tickets/series/$eventCode/$eventId/bestAvailable"
        params={{ eventCode: props.eventCode, eventId: props.eventId }}
        search={props.search}
        replace
      />
    );
  if (event.IsBeforeSaleDate && !event.IsPresale)
    return <NotOnSaleYet data={load.data} eventCode={props.eventCode} />;
  return <SeatSelectionPage {...props} data={load.data} state={data} promo={promo} groupCode={groupCode} />;
}

function NotOnSaleYet(props: { data: SeatMapData; eventCode: string }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  return (
    <MessagePage
      title={t('seatmap.notOnSaleTitle')}
      body={t('seatmap.notOnSaleBody', {
        date: `${format.longDay(props.data.event.LocalOnSaleDate)}, ${format.time(props.data.event.LocalOnSaleDate)}`,
      })}
      actions={<BackToDates eventCode={props.eventCode} />}
    />
  );
}

/** The route's component (loaded lazily with this module): reads the params and the query. */
export function SeatSelectionRoute() {
  const params = useParams({ from: '/tickets/series/$eventCode/$eventId' });
  const search = useSearch({ from: '/tickets/series/$eventCode/$eventId' });
  return <SeatSelectionScreen eventCode={params.eventCode} eventId={params.eventId} search={search} />;
}
