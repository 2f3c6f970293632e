import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event, SeriesPromotion } from '../../../../adapters/http/contract/catalogue.ts';
import { isApiError } from '../../api/api-error.ts';
import { clearServerBasket } from './clear-server-basket.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AvailabilityLegend } from './availability-legend.tsx';
import { dayInTimeZone, isoDay, parseStartDate, type Day, type Month } from './calendar-month.ts';
import { EventInfoModal } from './event-info-modal.tsx';
import type { SeriesData } from './load-series.ts';
import { MonthBar } from './month-bar.tsx';
import { initialMonth, monthChoices, seriesRangeOf, stepMonth, type MonthStep } from './month-navigation.ts';
import { OnSaleOverlay } from './on-sale-overlay.tsx';
import type { PerformanceContext } from './performance-context.ts';
import { PresaleCodes } from './presale-codes.tsx';
import { PromoCodeModal } from './promo-code-modal.tsx';
import { PromotionBar } from './promotion-bar.tsx';
import { PromotionRestrictedModal } from './promotion-restricted-modal.tsx';
import { firstOnSaleDate, saleStateOf, showsOnSaleOverlay } from './sale-state.ts';
import { SeriesHero } from './series-hero.tsx';
import { SeriesCalendar } from './series-calendar.tsx';
import { SeriesList } from './series-list.tsx';
import { codePromotions, outletPromotion, presalePromotions } from './series-promotions.ts';
import {
  searchForSeries,
  searchText,
  viewOf,
  withoutPromotion,
  withPromotion,
  withStartDate,
  withView,
  type SeriesSearch,
} from './series-search.ts';
import { useAppliedPromotion, type PromotionProblem } from './use-applied-promotion.ts';
import { useMonthEvents } from './use-month-events.ts';
import { ViewToggle } from './view-toggle.tsx';
import './catalogue.css';
import '../../ui/styles/forms.css';
import './series.css';

type OpenModal =
  | { readonly kind: 'promo'; readonly promotion: SeriesPromotion | null }
  | { readonly kind: 'loginRequired' | 'unavailable'; readonly code: string }
  | { readonly kind: 'eventInfo'; readonly event: Event };

/**
 * /tickets/series/{eventCode}: a series by calendar or list, a month at a time, with its offers
 * and presale codes, the promotion in force, the on-sale overlay and the sold-out form.
 * Everything the buyer came with in the query is kept in the URL and carried on to seat
 * selection.
 */
export function SeriesScreen({ data, search }: { data: SeriesData; search: SeriesSearch }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const navigate = useNavigate({ from: '/tickets/series/$eventCode' });
  const { series, nextPerformance } = data;
  usePageTitle(series.Name);

  const [now] = useState(() => new Date());
  const today = dayInTimeZone(now, nextPerformance?.Venue.TimeZone);
  const orderId = searchText(search, 'orderId') || undefined;
  const range = seriesRangeOf(series);
  const chain = {
    range,
    pastCode: series.PastEventTemplateCode,
    futureCode: series.FutureEventTemplateCode,
    hasOrder: orderId !== undefined,
  };
  const startDay = parseStartDate(search.startDate);
  const month = initialMonth({
    startDay,
    nextPerformance: nextPerformance?.LocalDate ?? null,
    range,
    today,
    hasOrder: chain.hasOrder,
  });
  const view = viewOf(search, series.IsCalendarView);

  const [openDay, setOpenDay] = useState<string | null>(() => (startDay ? isoDay(startDay) : null));
  const [reloadKey, setReloadKey] = useState(0);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlayDismissed, setOverlayDismissed] = useState(false);

  const setSearch = useCallback(
    (next: SeriesSearch, replace = true) => void navigate({ search: next, replace, resetScroll: false }),
    [navigate],
  );

  const promo = searchText(search, 'promo');
  const groupCode = searchText(search, 'groupCode');
  const refused = (problem: PromotionProblem) => {
    setSearch(withoutPromotion(search));
    setReloadKey((k) => k + 1);
    if (problem.kind === 'invalid')
      setNotice(t('promo.refused', { code: problem.code, reason: problem.message ?? t('error.generic') }));
    else setModal({ kind: problem.kind, code: problem.code });
  };
  const { applied, remember } = useAppliedPromotion({
    seriesCode: series.Code,
    promotions: series.Promotions,
    promo,
    groupCode,
    onRefused: refused,
  });
  const promotion = applied.status === 'applied' ? applied.promotion : null;

  // An outlet sale with a code applies itself through the URL, so every link carries it.
  const outletCode = outletPromotion(series.Promotions)?.Code ?? null;
  useEffect(() => {
    if (!promo && outletCode) setSearch(withPromotion(search, outletCode));
  }, [promo, outletCode, search, setSearch]);

  const { state: monthState, retry } = useMonthEvents(series.Code, month, orderId, reloadKey);
  const events = useMemo(() => (monthState.status === 'ready' ? monthState.events : []), [monthState]);

  const context: PerformanceContext = {
    series,
    search,
    promotion,
    now,
    showEventInfo: (event) => setModal({ kind: 'eventInfo', event }),
  };

  const goToMonth = (target: Month) => {
    setOpenDay(null);
    setOverlayDismissed(false);
    setSearch(withStartDate(search, { ...target, day: 1 }));
  };
  const step = (move: MonthStep) => {
    if (move.kind === 'load') goToMonth(move.month);
    else if (move.kind === 'past' || move.kind === 'future')
      void navigate({
        to: '/tickets/series/$eventCode',
        params: { eventCode: move.code },
        search: searchForSeries(search, null),
      });
  };
  const toggleDay = (day: Day, open: boolean) => {
    setOpenDay(open ? isoDay(day) : null);
    if (open) setSearch(withStartDate(search, day));
  };
  const applyPromotion = (chosen: SeriesPromotion, code: string, group: string) => {
    // The URL keeps the code as the promotion spells it (validation echoes it back).
    const canonical = chosen.Code ?? code;
    remember(chosen, canonical, group);
    setModal(null);
    setNotice(null);
    setSearch(withPromotion(search, canonical, group), false);
    setReloadKey((k) => k + 1);
  };
  const removePromotion = () => {
    // Clearing removes promo and groupCode, clears the server basket (its
    // prices were the promotion's) unless this is an exchange, and reloads the events.
    if (!search.orderId) void clearServerBasket();
    setSearch(withoutPromotion(search), false);
    setReloadKey((k) => k + 1);
  };

  const upcoming = events.filter((e) => saleStateOf(e, promotion, now) === 'NotOnSale');
  const overlay =
    monthState.status === 'ready' && showsOnSaleOverlay(events, promotion, now) && !overlayDismissed;
  const offers = codePromotions(series.Promotions);

  let body;
  if (monthState.status === 'loading') body = <Loading label={t('series.loadingMonth')} />;
  else if (monthState.status === 'error')
    body = (
      <div className="dates-error" role="alert">
        <p>
          {isApiError(monthState.error) && monthState.error.status === 0
            ? t('error.network')
            : t('series.monthError', { month: format.month(isoDay({ ...month, day: 1 })) })}
        </p>
        <button type="button" className="button button--small" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (view === 'calendar')
    body = (
      <SeriesCalendar
        month={month}
        events={events}
        today={today}
        openDay={openDay}
        onToggleDay={toggleDay}
        context={context}
      />
    );
  else body = <SeriesList events={events} context={context} />;

  return (
    <>
      <nav className="breadcrumb" aria-label={t('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('nav.whatsOn')}</Link>
          </li>
          <li aria-current="page">{series.Name}</li>
        </ol>
      </nav>
      <SeriesHero series={series} venue={nextPerformance?.Venue.DisplayName} />

      {notice && (
        <div className="notice" role="alert">
          <p>{notice}</p>
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            {t('common.dismiss')}
          </button>
        </div>
      )}

      <PromotionBar
        applied={applied}
        onEnterCode={() => setModal({ kind: 'promo', promotion: null })}
        onRemove={removePromotion}
      />
      <PresaleCodes
        promotions={offers}
        appliedId={promotion?.ID ?? null}
        onEnterCode={(chosen) => setModal({ kind: 'promo', promotion: chosen })}
      />

      <section className="series-dates" aria-labelledby="series-dates-title">
        <div className="series-dates__head">
          <h2 id="series-dates-title">{t('series.dates')}</h2>
          <ViewToggle view={view} onView={(v) => setSearch(withView(search, v))} />
        </div>
        <MonthBar
          month={month}
          choices={monthChoices(range, month)}
          previous={stepMonth(month, -1, chain)}
          next={stepMonth(month, 1, chain)}
          pastCode={series.PastEventTemplateCode}
          futureCode={series.FutureEventTemplateCode}
          onStep={step}
          onMonth={goToMonth}
        />
        <div className={`series-dates__body ${overlay ? 'series-dates__body--covered' : ''}`}>
          <div inert={overlay} className="series-dates__content">
            {body}
          </div>
          {overlay && (
            <OnSaleOverlay
              onSaleDate={firstOnSaleDate(upcoming)}
              presales={presalePromotions(series.Promotions)}
              onEnterCode={(chosen) => setModal({ kind: 'promo', promotion: chosen })}
              onDismiss={() => setOverlayDismissed(true)}
            />
          )}
        </div>
        {view === 'calendar' && <AvailabilityLegend />}
      </section>

      {modal?.kind === 'promo' && (
        <PromoCodeModal
          seriesCode={series.Code}
          promotion={modal.promotion}
          offerGroupCode={offers.some((p) => p.GroupPromoCode)}
          onApplied={applyPromotion}
          onProblem={(problem) =>
            problem.kind === 'invalid' ? undefined : setModal({ kind: problem.kind, code: problem.code })
          }
          onClose={() => setModal(null)}
        />
      )}
      {(modal?.kind === 'loginRequired' || modal?.kind === 'unavailable') && (
        <PromotionRestrictedModal kind={modal.kind} code={modal.code} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'eventInfo' && (
        <EventInfoModal event={modal.event} series={series} onClose={() => setModal(null)} />
      )}
    </>
  );
}
