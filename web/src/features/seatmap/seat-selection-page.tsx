import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ContinueWithoutTicketsOffer } from '../basket/continue-without-tickets.tsx';
import { withoutPromotion, withPromotion, type SeriesSearch } from '../catalogue/series-search.ts';
import { BestAvailableOffer } from './best-available-offer.tsx';
import { EventSwitcher, takeClearedNotice } from './event-switcher.tsx';
import { FooterCart } from './footer-cart.tsx';
import { GaPicker } from './ga-picker.tsx';
import { MapLegend } from './map-legend.tsx';
import { defaultPriceTypeId } from './prices.ts';
import { PromoCodeBox } from './promo-code-box.tsx';
import { useSeatName } from './seat-details.tsx';
import { SeatList } from './seat-list.tsx';
import { SeatMapPanel } from './seat-map-panel.tsx';
import { hasSellableInventory, type MapSeat } from './seat-model.ts';
import type { SeatMapData } from './seatmap-api.ts';
import { SeatViewer } from './seat-viewer.tsx';
import { SeatQuestion } from './selection-modals.tsx';
import { ticketCount, ticketLimitOf, type SelectionRules } from './selection.ts';
import { Toasts, useToasts } from './toasts.tsx';
import { useContinue } from './use-continue.ts';
import { planModeOf, planSeatLimit } from '../plans/plan-mode.ts';
import { useMapModel } from './use-map-model.ts';
import { useSeatChoice } from './use-seat-choice.ts';
import { useSeries, type useSeatMapData } from './use-seat-map-data.ts';

// The seat-selection screen once its data is here: header and date, the map, the side panel
// (GA quantities, legend, promo code, list of seats), the footer cart, and the questions and
// view from a seat that choosing may open.

export function SeatSelectionPage(props: {
  eventCode: string;
  eventId: string;
  eventIdNumber: number;
  search: SeriesSearch;
  data: SeatMapData;
  state: ReturnType<typeof useSeatMapData>;
  promo: string;
  groupCode: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useDateFormat();
  const { event, svg, inventory, svgVersion } = props.data;
  const pricing = props.state.pricing!;
  // What is not needed to draw waits until the seats are drawn.
  const [settled, setSettled] = useState(!svg);
  const series = useSeries(props.eventCode, props.eventIdNumber, settled);
  const toasts = useToasts();
  usePageTitle(t('seatmap.pageTitle', { event: event.Name }));

  const map = useMapModel(svg, inventory, pricing);
  const { names, model, seats, gaSections } = map;
  const seatName = useSeatName(names);
  // Opened from a plan screen: at most the plan's seat quantity, added to the plan basket.
  const plan = useMemo(() => planModeOf(props.search), [props.search]);
  const rules: SelectionRules = useMemo(
    () => ({
      eventId: event.ID,
      limit: planSeatLimit(plan, ticketLimitOf(pricing.OrderTicketLimit)),
      adaTypes: pricing.ADATypes,
      alerts: pricing.SeatAlertValues,
      packages: series?.Packages ?? [],
      activePromotionId: pricing.PromotionID,
      defaultPriceTypeId: defaultPriceTypeId(pricing),
    }),
    [event.ID, pricing, series, plan],
  );
  const limitMessage = pricing.TicketLimitMessage || t('seatmap.limitDefault', { limit: rules.limit });
  const choice = useSeatChoice({ model, rules, pricing, limitMessage, seatName, toast: toasts.show });
  const { selected, ga } = choice;

  const [gaNotes, setGaNotes] = useState<ReadonlyMap<string, string>>(new Map());
  const [viewing, setViewing] = useState<MapSeat | null>(null);
  const [highlightGa, setHighlightGa] = useState<string | null>(null);

  useEffect(() => {
    if (takeClearedNotice()) toasts.show(t('seatmap.selectionCleared'));
    if (props.state.refusedCode !== undefined)
      toasts.show(
        t('seatmap.promo.refused', { reason: props.state.refusedCode || t('error.generic') }),
        'error',
      );
    // Once, as the screen opens.
  }, []);

  const onGaSection = (key: string) => {
    setHighlightGa(key);
    document.getElementById('ga-picker')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const input = document.querySelector<HTMLInputElement>(`[data-ga-section="${CSS.escape(key)}"] input`);
    input?.focus({ preventScroll: true });
  };

  const activePromo =
    pricing.PromotionID !== null && props.promo
      ? {
          code: props.promo,
          name: series?.Promotions.find((p) => p.ID === pricing.PromotionID)?.DisplayName ?? props.promo,
        }
      : null;

  const continueFlow = useContinue({
    event,
    selected,
    ga,
    promoCode: props.promo,
    groupCode: props.groupCode,
    onTaken: async () => {
      await props.state.reloadInventory();
    },
    onError: (message) => choice.say(message, 'error'),
    plan,
  });

  return (
    <div className="seat-page" data-event-id={event.ID}>
      <nav className="breadcrumb" aria-label={t('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('nav.whatsOn')}</Link>
          </li>
          <li>
            <Link
              to="/tickets/series/$eventCode"
              params={{ eventCode: props.eventCode }}
              search={props.search}
            >
              {event.EventTemplateName}
            </Link>
          </li>
          <li aria-current="page">{format.day(event.LocalDate)}</li>
        </ol>
      </nav>
      <header className="seat-page__header">
        <div>
          <h1>{event.Name}</h1>
          <p className="seat-page__when">
            <time dateTime={event.LocalDate}>
              {format.longDay(event.LocalDate)} · {format.time(event.LocalDate)}
            </time>{' '}
            · {event.Venue.DisplayName}
          </p>
        </div>
        <EventSwitcher
          event={event}
          eventCode={props.eventCode}
          search={props.search}
          hasSelection={selected.length > 0 || ga.some((g) => g.quantity > 0)}
          enabled={settled}
        />
      </header>
      {event.UpfrontFeeDisclosure && <p className="seat-page__disclosure">{event.UpfrontFeeDisclosure}</p>}
      {plan?.seatQty ? (
        <p className="seat-page__disclosure" data-plan-code={plan.planCode}>
          {t('plans.planMode', { count: plan.seatQty })}
        </p>
      ) : null}
      {!hasSellableInventory(seats, gaSections) && (
        <p className="seat-page__empty" role="status">
          {t('seatmap.empty')}
        </p>
      )}
      <div className="seat-page__body">
        <div className="seat-page__map">
          {svg && (
            <SeatMapPanel
              svg={svg}
              seats={seats}
              names={names}
              venueName={event.Venue.DisplayName}
              pricing={pricing}
              packages={series?.Packages ?? []}
              levelColours={map.levelColours}
              selectedKeys={choice.selectedKeys}
              getNav={map.getNav}
              gaLabels={map.gaLabels}
              onActivate={(seat) => choice.activate(seat)}
              onViewFromSeat={setViewing}
              onGaSection={onGaSection}
              announcement={choice.announcement}
              onDrawn={() => setSettled(true)}
            />
          )}
        </div>
        <aside className="seat-page__side" aria-label={t('seatmap.sideLabel')}>
          {/* The side panel follows the first drawing of the seats: its legend, prices and
              lists are not needed to draw them, and rendering them first delayed the map. */}
          {settled && (
            <>
              {gaSections.length > 0 && (
                <GaPicker
                  sections={gaSections}
                  pricing={pricing}
                  picks={ga}
                  limit={rules.limit}
                  seatTickets={ticketCount(selected, [], rules)}
                  limitMessage={limitMessage}
                  notes={gaNotes}
                  highlight={highlightGa}
                  onNote={(key, note) =>
                    setGaNotes((notes) => {
                      const next = new Map(notes);
                      if (note) next.set(key, note);
                      else next.delete(key);
                      return next;
                    })
                  }
                  onChange={choice.setGaPick}
                />
              )}
              {series && !series.NoBestAvailable && hasSellableInventory(seats, gaSections) && (
                <BestAvailableOffer
                  eventCode={props.eventCode}
                  eventId={props.eventId}
                  search={props.search}
                />
              )}
              {event.HasProducts && <ContinueWithoutTicketsOffer eventId={event.ID} />}
              <MapLegend
                pricing={pricing}
                levelIds={map.levelIds}
                adaTypes={map.adaTypes}
                statuses={map.statuses}
              />
              <PromoCodeBox
                seriesCode={event.EventTemplateCode}
                active={activePromo}
                checking={props.state.pricingBusy}
                onApply={(code, group) =>
                  void navigate({
                    to: '.',
                    search: withPromotion(props.search, code, group) as never,
                    replace: true,
                  })
                }
                onClear={() =>
                  void navigate({ to: '.', search: withoutPromotion(props.search) as never, replace: true })
                }
              />
              {seats.length > 0 && (
                <SeatList
                  getNav={map.getNav}
                  seats={seats}
                  names={names}
                  pricing={pricing}
                  defaultPriceTypeId={rules.defaultPriceTypeId}
                  selectedKeys={choice.selectedKeys}
                  onActivate={(seat) => choice.activate(seat)}
                />
              )}
            </>
          )}
        </aside>
      </div>
      <FooterCart
        pricing={pricing}
        selected={selected}
        ga={ga}
        gaNames={new Map(gaSections.map((g) => [g.Key, g.Name]))}
        seatsByKey={model.byKey}
        names={names}
        packages={series?.Packages ?? []}
        specialLinkedEvent={event.SpecialLinkedEvent}
        continueState={continueFlow.state}
        onRemoveSeat={choice.removeSeat}
        onPriceType={choice.setPriceType}
        onRemoveGa={choice.removeGaPick}
        onViewFromSeat={setViewing}
        onContinue={() => void continueFlow.submit()}
      />
      <Toasts toasts={toasts.toasts} onDismiss={toasts.dismiss} />
      {choice.question && (
        <SeatQuestion
          question={choice.question}
          seatName={seatName(choice.question.seat)}
          series={series}
          pricing={pricing}
          defaultPriceTypeId={rules.defaultPriceTypeId}
          onAcceptAda={choice.acceptAda}
          onAcknowledgeAlert={choice.acknowledgeAlert}
          onChoosePackage={choice.choosePackage}
          onCancel={choice.dismissQuestion}
        />
      )}
      {viewing && svg && (
        <SeatViewer
          venueConfigId={svg.VenueConfigurationID}
          mapVersion={svgVersion}
          seat={viewing}
          seatName={seatName(viewing)}
          svg={svg}
          onEnd={(end) => {
            setViewing(null);
            if (end === 'contextLost') toasts.show(t('seatmap.viewer.contextLost'), 'error');
          }}
        />
      )}
    </div>
  );
}
