import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BoxOfficeInventory,
  BoxOfficeSeat,
} from '../../../../adapters/http/contract/staff-inventory.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { FooterCart, type ContinueState } from '../seatmap/footer-cart.tsx';
import { GaPicker } from '../seatmap/ga-picker.tsx';
import { MapLegend } from '../seatmap/map-legend.tsx';
import { defaultPriceTypeId } from '../seatmap/prices.ts';
import { useSeatName } from '../seatmap/seat-details.tsx';
import { SeatList } from '../seatmap/seat-list.tsx';
import { SeatMapPanel } from '../seatmap/seat-map-panel.tsx';
import { SeatQuestion } from '../seatmap/selection-modals.tsx';
import { ticketCount, ticketLimitOf, type SelectionRules } from '../seatmap/selection.ts';
import { Toasts, useToasts } from '../seatmap/toasts.tsx';
import { useMapModel } from '../seatmap/use-map-model.ts';
import { useSeatChoice } from '../seatmap/use-seat-choice.ts';
import { addChoiceToPlan, planChoiceOf, planSeatLimit, staffPlanHref } from '../plans/plan-mode.ts';
import { StaffBestAvailable } from '../best-available/staff-best-available.tsx';
import { HoldPicker } from './hold-picker.tsx';
import { addGeneralAdmissionAtCounter, addSeatsAtCounter } from './sell-api.ts';
import { StaffSeatInfo } from './staff-seat-info.tsx';
import type { StaffPlanMode } from './staff-plan-mode.ts';
import type { StaffMapBase } from './use-staff-seat-map.ts';

// The staff seat map: the consumer's map, legend, seat list and footer cart, fed with the box
// office's inventory (holds and other people's baskets drawn apart, sold seats named by order),
// the hold subclasses the clerk may sell from, the admin event pages their role may open, and
// seats put in the clerk's basket on the BoxOffice channel, then on to the staff basket page.
// Opened from the staff plan screen (?planType=..&planCode=..&slotId=..&seatQty=..) it is in plan
// mode (features/plans/plan-mode.ts): at most seatQty seats, added to the plan basket for that
// slot on the BoxOffice channel, then back to the staff plan screen.

export const STAFF_BASKET_PATH = '/admin/v2/checkout/basket';

export function StaffSeatMapPage(props: {
  base: StaffMapBase;
  inventory: BoxOfficeInventory;
  holdSubclassIds: readonly number[];
  onHoldSubclasses: (ids: number[]) => void;
  reloadInventory: () => Promise<void>;
  promo: string;
  plan?: StaffPlanMode | null;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const format = useDateFormat();
  const navigate = useNavigate();
  const { event, pricing, svg, seatMap } = props.base;
  const plan = props.plan ?? null;
  usePageTitle(t('sell.mapTitle', { event: event.Name }));
  const toasts = useToasts();
  const map = useMapModel(svg, props.inventory, pricing);
  const { names, model, seats, gaSections } = map;
  const seatName = useSeatName(names);
  const staffSeats = useMemo(
    () => new Map<string, BoxOfficeSeat>(props.inventory.MapSeats.map((s) => [s.Key, s])),
    [props.inventory],
  );
  const rules: SelectionRules = useMemo(
    () => ({
      eventId: event.ID,
      limit: planSeatLimit(plan, ticketLimitOf(pricing.OrderTicketLimit)),
      adaTypes: pricing.ADATypes,
      alerts: pricing.SeatAlertValues,
      packages: [],
      activePromotionId: null,
      defaultPriceTypeId: defaultPriceTypeId(pricing),
    }),
    [event.ID, pricing, plan],
  );
  // In plan mode the limit is the plan's seat quantity: said as such, not as the event's limit.
  const limitMessage =
    (plan?.seatQty ? '' : pricing.TicketLimitMessage) || tc('seatmap.limitDefault', { limit: rules.limit });
  const choice = useSeatChoice({ model, rules, pricing, limitMessage, seatName, toast: toasts.show });
  const { selected, ga } = choice;
  const [busy, setBusy] = useState(false);
  const continueState: ContinueState = busy ? { kind: 'busy' } : { kind: 'ready' };

  const addToBasket = async () => {
    const gaPicks = ga.filter((g) => g.quantity > 0);
    if (busy || (selected.length === 0 && gaPicks.length === 0)) return;
    setBusy(true);
    try {
      if (plan) {
        const back = (_: unknown, seatQty: number | null) =>
          staffPlanHref(plan.planType, plan.planCode, seatQty);
        const choice = planChoiceOf(event.ID, selected, gaPicks, props.promo);
        await navigate({ href: await addChoiceToPlan(plan, choice, { salesChannel: 'BoxOffice', back }) });
        return;
      }
      if (selected.length > 0)
        await addSeatsAtCounter({
          eventId: event.ID,
          basketItems: selected.map((s) => ({
            Key: s.key,
            PriceTypeID: s.priceTypeId,
            ...(s.packageId !== null ? { packageId: s.packageId } : {}),
            SeatAlertAcknowledgement: s.alertAcknowledged,
          })),
          holdSubclassIds: props.holdSubclassIds,
          ...(props.promo ? { promoCode: props.promo } : {}),
        });
      // One request per section: two sections may share a price level.
      for (const sectionKey of new Set(gaPicks.map((g) => g.sectionKey))) {
        const ticketRequest: Record<string, number> = {};
        for (const g of gaPicks)
          if (g.sectionKey === sectionKey) {
            const priceKey = `${g.priceLevelId}-${g.priceTypeId}`;
            ticketRequest[priceKey] = (ticketRequest[priceKey] ?? 0) + g.quantity;
          }
        await addGeneralAdmissionAtCounter({ eventId: event.ID, sectionKey, ticketRequest });
      }
      await navigate({ to: STAFF_BASKET_PATH });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // A plan's refusals (a basket of other tickets, a slot held already) in the server's words.
        choice.say((plan ? error.serverMessage : undefined) ?? tc('seatmap.cart.taken'), 'error');
        await props.reloadInventory();
      } else
        choice.say(
          (isApiError(error) ? error.serverMessage : undefined) ?? tc('seatmap.cart.addFailed'),
          'error',
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="seat-page staff-map" data-event-id={event.ID}>
      <nav className="breadcrumb" aria-label={tc('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/admin/v2/sell-tickets">{t('sell.title')}</Link>
          </li>
          <li>
            <Link
              to="/admin/selltickets/seriestickets/$seriesCode"
              params={{ seriesCode: event.EventTemplateCode }}
            >
              {event.EventTemplateName}
            </Link>
          </li>
          <li aria-current="page">{format.day(event.LocalDate)}</li>
        </ol>
      </nav>
      {plan ? (
        <p className="staff-map__plan" role="status">
          <Link
            to="/admin/selltickets/$planType/$planCode"
            params={{ planType: plan.planType, planCode: plan.planCode }}
            search={plan.seatQty ? { seatQty: plan.seatQty } : {}}
            className="button button--small button--secondary"
          >
            {tc('plans.backToPlan')}
          </Link>{' '}
          {plan.seatQty ? tc('plans.planMode', { count: plan.seatQty }) : null}
        </p>
      ) : null}
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
        {seatMap.Links.length > 0 && (
          <nav className="staff-map__actions" aria-label={t('sell.eventActions')}>
            {seatMap.Links.map((link) => (
              <a key={link.Key} href={link.Path} className="button button--small button--quiet">
                {t(`sell.action.${link.Key}`)}
              </a>
            ))}
          </nav>
        )}
      </header>
      <div className="seat-page__body">
        <div className="seat-page__map">
          <SeatMapPanel
            svg={svg}
            seats={seats}
            names={names}
            venueName={event.Venue.DisplayName}
            pricing={pricing}
            packages={[]}
            levelColours={map.levelColours}
            selectedKeys={choice.selectedKeys}
            getNav={map.getNav}
            gaLabels={map.gaLabels}
            onActivate={(seat) => choice.activate(seat)}
            onViewFromSeat={() => undefined}
            onGaSection={() => document.getElementById('ga-picker')?.scrollIntoView({ block: 'center' })}
            announcement={choice.announcement}
            onDrawn={() => undefined}
            seatExtra={(seat) => <StaffSeatInfo seat={staffSeats.get(seat.key)} />}
          />
        </div>
        <aside className="seat-page__side" aria-label={tc('seatmap.sideLabel')}>
          {!plan && (
            <StaffBestAvailable
              eventId={event.ID}
              holdSubclassIds={props.holdSubclassIds}
              limit={rules.limit}
              onHeld={() => void navigate({ to: STAFF_BASKET_PATH })}
            />
          )}
          <HoldPicker
            subclasses={props.inventory.HoldSubclasses}
            selected={props.holdSubclassIds}
            onChange={props.onHoldSubclasses}
          />
          {gaSections.length > 0 && (
            <GaPicker
              sections={gaSections}
              pricing={pricing}
              picks={ga}
              limit={rules.limit}
              seatTickets={ticketCount(selected, [], rules)}
              limitMessage={limitMessage}
              notes={new Map()}
              highlight={null}
              onNote={() => undefined}
              onChange={choice.setGaPick}
            />
          )}
          <MapLegend
            pricing={pricing}
            levelIds={map.levelIds}
            adaTypes={map.adaTypes}
            statuses={map.statuses}
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
        </aside>
      </div>
      <FooterCart
        pricing={pricing}
        selected={selected}
        ga={ga}
        gaNames={new Map(gaSections.map((g) => [g.Key, g.Name]))}
        seatsByKey={model.byKey}
        names={names}
        packages={[]}
        specialLinkedEvent={event.SpecialLinkedEvent}
        continueState={continueState}
        onRemoveSeat={choice.removeSeat}
        onPriceType={choice.setPriceType}
        onRemoveGa={choice.removeGaPick}
        onViewFromSeat={() => undefined}
        onContinue={() => void addToBasket()}
      />
      <Toasts toasts={toasts.toasts} onDismiss={toasts.dismiss} />
      {choice.question && (
        <SeatQuestion
          question={choice.question}
          seatName={seatName(choice.question.seat)}
          series={null}
          pricing={pricing}
          defaultPriceTypeId={rules.defaultPriceTypeId}
          onAcceptAda={choice.acceptAda}
          onAcknowledgeAlert={choice.acknowledgeAlert}
          onChoosePackage={choice.choosePackage}
          onCancel={choice.dismissQuestion}
        />
      )}
    </div>
  );
}
