import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellEvent } from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { searchToSell } from './sell-api.ts';
import { staffPlanModeOf } from './staff-plan-mode.ts';
import { StaffSeatMapPage } from './staff-seat-map-page.tsx';
import { useStaffSeatMap } from './use-staff-seat-map.ts';
import '../seatmap/seatmap-side.css';
import '../seatmap/seatmap-cart.css';
import '../seatmap/seatmap.css';
import { ExchangeBanner } from '../exchanges/exchange-banner.tsx';
import './sell.css';

// /admin/selltickets/seriestickets/{seriesCode}/{eventUrlName}?startDate=MM-DD-YYYY: the staff
// seat map of one performance. The performance is the eventId of the link when there is one;
// otherwise the series' performance of that name on that day (a choice when there are several).

export interface StaffMapSearch {
  readonly startDate?: string;
  readonly eventId?: string;
  readonly planType?: string;
  readonly planCode?: string;
  readonly planId?: string;
  readonly slotId?: string;
  readonly seatQty?: string;
  readonly orderId?: string;
  readonly defaultToMap?: string;
  readonly promo?: string;
  /** Comma-joined hold subclass ids the clerk sells from. */
  readonly holds?: string;
}

const idsOf = (joined: string | undefined): number[] =>
  (joined ?? '')
    .split(',')
    .filter((p) => /^\d{1,9}$/.test(p))
    .map(Number);

export function StaffSeatMapScreen(props: {
  seriesCode: string;
  eventUrlName: string;
  search: StaffMapSearch;
}) {
  const { t } = useTranslation('admin');
  const given = Number(props.search.eventId);
  const [resolved, setResolved] = useState<
    | { status: 'finding' }
    | { status: 'one'; eventId: number }
    | { status: 'many'; events: SellEvent[] }
    | { status: 'none' }
  >(Number.isSafeInteger(given) && given > 0 ? { status: 'one', eventId: given } : { status: 'finding' });

  useEffect(() => {
    if (resolved.status !== 'finding') return;
    const controller = new AbortController();
    searchToSell({ q: props.seriesCode, date: props.search.startDate, limit: 100 }, controller.signal).then(
      (found) => {
        const matching = found.Events.filter(
          (e) =>
            e.SeriesCode.toLowerCase() === props.seriesCode.toLowerCase() &&
            e.UrlSafeName.toLowerCase() === props.eventUrlName.toLowerCase(),
        );
        setResolved(
          matching.length === 1
            ? { status: 'one', eventId: matching[0]!.EventID }
            : matching.length > 1
              ? { status: 'many', events: matching }
              : { status: 'none' },
        );
      },
      () => !controller.signal.aborted && setResolved({ status: 'none' }),
    );
    return () => controller.abort();
  }, [resolved.status, props.seriesCode, props.eventUrlName, props.search.startDate]);

  if (resolved.status === 'finding') return <Loading label={t('sell.mapLoading')} />;
  if (resolved.status === 'none')
    return (
      <MessagePage
        title={t('sell.notFoundTitle')}
        body={t('sell.notFoundBody')}
        actions={
          <Link
            to="/admin/selltickets/seriestickets/$seriesCode"
            params={{ seriesCode: props.seriesCode }}
            className="button"
          >
            {t('sell.backToDates')}
          </Link>
        }
      />
    );
  if (resolved.status === 'many') return <ChoosePerformance events={resolved.events} />;
  return <StaffSeatMap key={resolved.eventId} eventId={resolved.eventId} search={props.search} />;
}

function ChoosePerformance(props: { events: SellEvent[] }) {
  const { t } = useTranslation('admin');
  const format = useDateFormat();
  return (
    <section className="admin-card" aria-labelledby="choose-performance">
      <h1 id="choose-performance">{t('sell.choosePerformance')}</h1>
      <ul className="sell-dates">
        {props.events.map((e) => (
          <li key={e.EventID}>
            <Link
              to="/admin/selltickets/seriestickets/$seriesCode/$eventUrlName"
              params={{ seriesCode: e.SeriesCode, eventUrlName: e.UrlSafeName }}
              search={{ startDate: e.StartDate, eventId: String(e.EventID) } as never}
              className="sell-dates__link"
            >
              {format.longDay(e.LocalDate)} · {format.time(e.LocalDate)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StaffSeatMap(props: { eventId: number; search: StaffMapSearch }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const holdIds = idsOf(props.search.holds);
  const { load, reloadInventory } = useStaffSeatMap(props.eventId, holdIds);
  if (load.status === 'loading')
    return (
      <div className="seat-page seat-page--loading">
        <Loading label={t('sell.mapLoading')} />
      </div>
    );
  if (load.status === 'error') {
    if (isApiError(load.error) && load.error.status === 404)
      return (
        <MessagePage
          title={t('sell.notFoundTitle')}
          body={t('sell.notFoundBody')}
          actions={
            <Link to="/admin/v2/sell-tickets" className="button">
              {t('sell.title')}
            </Link>
          }
        />
      );
    return <ErrorPanel title={t('sell.mapError')} error={load.error} />;
  }
  return (
    <>
      <ExchangeBanner refresh={load.inventory} />
      <StaffSeatMapPage
        base={load.base}
        inventory={load.inventory}
        holdSubclassIds={holdIds}
        promo={props.search.promo ?? ''}
        plan={staffPlanModeOf({ ...props.search })}
        reloadInventory={reloadInventory}
        onHoldSubclasses={(ids) =>
          void navigate({
            to: '.',
            search: ((prev: StaffMapSearch) => ({
              ...prev,
              holds: ids.length > 0 ? [...ids].sort((a, b) => a - b).join(',') : undefined,
            })) as never,
            replace: true,
          })
        }
      />
    </>
  );
}
