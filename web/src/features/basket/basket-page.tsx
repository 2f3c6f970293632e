import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  BasketCallError,
  changeDeliveryMethod,
  changePriceType,
  changePromotion,
  fetchBasketPromotion,
  fetchExpirationTime,
  fetchPromotionByCode,
  removeBasketItems,
  updateBasketNote,
  validateBasket,
  type BasketData,
  type BasketViewModelData,
} from './basket-api.ts';
import { BasketFooter } from './basket-footer.tsx';
import { rememberBasketSeen, saveOptIns } from './basket-session.ts';
import { useOptIns } from './use-opt-ins.ts';
import { BasketNotePanel, DeliveryPanel } from './delivery-panel.tsx';
import { EventGroupCard, ProductLine } from './event-group.tsx';
import { groupByEvent, isEmptyBasket } from './group-by-event.ts';
import { itemNameOf } from './item-names.ts';
import { LocalLink } from './local-link.tsx';
import { OptInsPanel } from './opt-ins-panel.tsx';
import { FeesModal, OrderSummary } from './order-summary.tsx';
import { shownPriceTypeId, startPriceChange, type PendingPriceChange } from './pending-change.ts';
import { productCards } from './product-offers.ts';
import { ProductsPanel } from './products-panel.tsx';
import { PromoCodePanel } from './promo-code-panel.tsx';
import { ReleaseSeatsModal } from './release-seats-modal.tsx';
import {
  emptyBasketReturnPath,
  isLocalPath,
  rememberReturnTarget,
  returnTargetOfBasket,
  savedReturnTarget,
} from './return-target.ts';
import { TicketLine, priceTypeOptions } from './ticket-line.tsx';
import { totalsView } from './totals.ts';
import { useBasketTimer } from './use-basket-timer.ts';
import { useEventPricing } from './use-event-pricing.ts';
import { useProductQuantities } from './use-product-quantities.ts';

// The basket page: the basket's items by
// performance, each line's ticket type, the promo code, removal with the release-seats
// warning, delivery, the note, marketing opt-ins, the totals and their fee popup, and the
// footer cart with the hold's countdown. Every change is the server's call; the page shows its
// answer ('Updating basket...' meanwhile) and its words when it says no.

export function BasketPage(props: {
  vm: BasketViewModelData;
  receivedAt: number;
  updating: boolean;
  update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  planCode: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { vm } = props;
  const basket = vm.Basket;
  const locale = basket.CurrencyLocale;
  const hideFees = vm.HideFeesUntilCheckout;
  const money = (minor: number) => formatMoney(minor, locale);
  usePageTitle(t('basket.title'));

  const groups = useMemo(() => groupByEvent(basket, vm.Events), [basket, vm.Events]);
  const tickets = basket.TicketItems;
  const codes = new Set(tickets.map((i) => i.PromoCode ?? ''));
  const appliedCode = codes.size === 1 && tickets[0]?.PromoCode ? tickets[0].PromoCode : null;
  const pendingRef = useRef<PendingPriceChange | null>(null);
  const [pending, setPending] = useState<PendingPriceChange | null>(null);
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const refusedWhileBusy = useRef(new Set<number>());
  const [pageError, setPageError] = useState<string | null>(null);
  const [releasing, setReleasing] = useState<TicketItem | null>(null);
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const [choosingDelivery, setChoosingDelivery] = useState<number | null>(null);
  const [deliveryMissing, setDeliveryMissing] = useState(false);
  const [checkingOut, setCheckingOut] = useState(false);
  const [showFees, setShowFees] = useState(false);
  const [promotion, setPromotion] = useState<{ code: string; name: string; hideFullPrice: boolean } | null>(
    null,
  );
  const errorBanner = useRef<HTMLDivElement>(null);

  const goExpired = () => void navigate({ to: '/basket/expired', replace: true });
  const secondsLeft = useBasketTimer({
    seconds: basket.SecondsTilExpiration,
    receivedAt: props.receivedAt,
    onExpired: goExpired,
  });

  // The tab remembers it had a basket, and where its seats came from (kept if already saved:
  // the seat map saves the more precise target, a plan's for instance).
  useEffect(() => {
    rememberBasketSeen(basket.ID);
    if (savedReturnTarget()) return;
    const target = returnTargetOfBasket({
      planCode: basket.EventPlanCode,
      tickets: basket.TicketItems,
      events: vm.Events,
    });
    if (target) rememberReturnTarget(target);
  }, [basket.ID]);

  // An empty consumer basket returns to the seat-selection page: the
  // performance whose last seat was just removed, else the one the tab saved.
  const lastRemovedFrom = useRef<number | null>(null);
  // A products-only basket (continue without tickets) stays: its add-ons are chosen here.
  const withoutTicketsEvent =
    basket.TicketItems.length === 0 && basket.ContinueWithoutTicketsEventID !== null
      ? (vm.Events.find((e) => e.ID === basket.ContinueWithoutTicketsEventID) ?? null)
      : null;
  useEffect(() => {
    if (!isEmptyBasket(basket) || withoutTicketsEvent) return;
    const event = vm.Events.find((e) => e.ID === lastRemovedFrom.current);
    const path =
      event && isLocalPath(event.SelectSeatsUrl)
        ? event.SelectSeatsUrl
        : emptyBasketReturnPath(savedReturnTarget());
    void navigate({ href: path, replace: true });
  }, [basket]);

  // The applied code's name: the basket's own promotion, else the series' offer of that code.
  const seriesCode = vm.Events.find((e) => e.ID === tickets[0]?.EventID)?.EventTemplateCode;
  useEffect(() => {
    if (!appliedCode) return setPromotion(null);
    const controller = new AbortController();
    const lookup =
      basket.PromoCode?.toUpperCase() === appliedCode.toUpperCase()
        ? fetchBasketPromotion(controller.signal)
        : seriesCode
          ? fetchPromotionByCode(appliedCode, seriesCode, controller.signal)
          : Promise.resolve(null);
    lookup.then(
      (found) =>
        setPromotion(
          found
            ? { code: appliedCode, name: found.DisplayName, hideFullPrice: found.HideFullRetailPriceOnWeb }
            : null,
        ),
      () => {
        if (!controller.signal.aborted) setPromotion(null);
      },
    );
    return () => controller.abort();
  }, [appliedCode, basket.PromoCode, seriesCode]);

  const {
    optIns,
    chosen: chosenOptIns,
    toggle: toggleOptIn,
  } = useOptIns(
    basket.ID,
    vm.Events.map((e) => e.EventTemplateID),
  );

  useEffect(() => {
    if (pageError) errorBanner.current?.focus();
  }, [pageError]);

  // A line's error is about the basket it was shown with: a new answer from the server clears it.
  useEffect(() => setLineErrors(new Map()), [basket]);

  const priceOf = useEventPricing(
    groups.flatMap((g) =>
      g.eventId === null
        ? []
        : [{ eventId: g.eventId, promoCode: g.tickets.find((i) => i.PromoCode)?.PromoCode ?? null }],
    ),
  );

  /**
   * The server's words for a failed change, or the catalogue's (001 section 8). A 404 for a
   * basket that is really gone (the server says so again) goes to the expired page (000
   * section 4); a 404 about something else (a delivery method) is only words.
   */
  const messageOf = async (error: unknown, fallback: string): Promise<string | null> => {
    if (isApiError(error) && error.status === 404) {
      const gone = await fetchExpirationTime().then(
        () => false,
        (again: unknown) => isApiError(again) && again.status === 404,
      );
      if (gone) {
        goExpired();
        return null;
      }
    }
    if (isApiError(error) && error.status === 0) return t('error.network');
    return (isApiError(error) ? error.serverMessage : undefined) ?? fallback;
  };

  const products = useProductQuantities({
    update: props.update,
    messageOf: (error) => messageOf(error, t('error.generic')),
  });
  const cards = useMemo(() => productCards(vm.Products, basket, vm.Events), [vm.Products, basket, vm.Events]);

  const setLineError = (itemId: number, message: string | null) =>
    setLineErrors((errors) => {
      const next = new Map(errors);
      if (message) next.set(itemId, message);
      else next.delete(itemId);
      return next;
    });

  const changeType = async (item: TicketItem, priceTypeId: number) => {
    const started = startPriceChange(pendingRef.current, basket.TicketItems, {
      itemIds: [item.ID],
      priceTypeId,
    });
    if (!started.ok) {
      if (started.reason === 'busy') {
        setLineError(item.ID, t('basket.priceChange.busy'));
        refusedWhileBusy.current.add(item.ID);
      }
      return;
    }
    pendingRef.current = started.pending;
    setPending(started.pending);
    setLineError(item.ID, null);
    try {
      await props.update(() => changePriceType(started.pending.itemIds, priceTypeId));
    } catch (error) {
      const message = await messageOf(error, t('basket.priceChange.failed'));
      const reason = error instanceof BasketCallError ? error.reason : undefined;
      if (message)
        setLineError(item.ID, reason ? t('basket.priceChange.failedBecause', { message, reason }) : message);
    } finally {
      pendingRef.current = null;
      setPending(null);
      // 'Already being processed' is over once it is: those lines may be changed now.
      for (const id of refusedWhileBusy.current) setLineError(id, null);
      refusedWhileBusy.current.clear();
    }
  };

  const remove = async (item: TicketItem) => {
    setReleasing(null);
    setRemoving((ids) => new Set(ids).add(item.ID));
    lastRemovedFrom.current = item.EventID;
    try {
      await props.update(() => removeBasketItems([item.ID]));
    } catch (error) {
      const message = await messageOf(error, t('error.generic'));
      if (message) setPageError(message);
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(item.ID);
        return next;
      });
    }
  };

  const simpleChange = async (run: () => Promise<BasketData>): Promise<boolean> => {
    try {
      await props.update(run);
      return true;
    } catch (error) {
      const message = await messageOf(error, t('error.generic'));
      if (message) setPageError(message);
      return false;
    }
  };

  const chooseDelivery = async (id: number) => {
    setDeliveryMissing(false);
    setChoosingDelivery(id);
    await simpleChange(() => changeDeliveryMethod(id));
    setChoosingDelivery(null);
  };

  const applyPromo = async (code: string, groupCode: string): Promise<string | null> => {
    try {
      await props.update(() =>
        changePromotion(
          tickets.map((i) => ({ basketItemId: i.ID, promoCode: code, ...(groupCode ? { groupCode } : {}) })),
        ),
      );
      return null;
    } catch (error) {
      return (await messageOf(error, t('error.generic'))) ?? '';
    }
  };
  const removePromo = async () => {
    const coded = tickets.filter((i) => i.PromoCode);
    if (coded.length > 0)
      await simpleChange(() => changePromotion(coded.map((i) => ({ basketItemId: i.ID, promoCode: '' }))));
  };

  const chosenDeliveryId = choosingDelivery ?? basket.DeliveryMethodID;
  const chosenDelivery = vm.DeliveryMethods.find((m) => m.ID === chosenDeliveryId);

  const checkout = async () => {
    setPageError(null);
    if (vm.DeliveryMethods.length > 0 && basket.DeliveryMethodID === null) {
      setDeliveryMissing(true);
      const panel = document.getElementById('basket-delivery');
      panel?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      panel?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    setCheckingOut(true);
    try {
      // The add-ons the buyer just set go to the basket before it is checked.
      await products.flush();
      await validateBasket();
      saveOptIns(basket.ID, [...chosenOptIns]);
      await navigate({ to: '/checkout/payment', search: props.planCode ? { planCode: props.planCode } : {} });
    } catch (error) {
      const message = await messageOf(error, t('basket.validateFailed'));
      if (message) setPageError(message);
    } finally {
      setCheckingOut(false);
    }
  };

  const totals = totalsView(basket, hideFees);
  const levelColour = (item: TicketItem) => {
    const pricing = priceOf(item.EventID, item.PromoCode);
    return pricing?.PriceLevels.find((l) => l.ID === item.PriceLevelID)?.Color;
  };

  return (
    <div className="basket-page" aria-busy={props.updating}>
      <nav className="breadcrumb" aria-label={t('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('nav.whatsOn')}</Link>
          </li>
          <li aria-current="page">{t('basket.title')}</li>
        </ol>
      </nav>
      <header className="basket-page__header">
        <h1>{t('basket.title')}</h1>
        <p className="basket-page__intro">{t('basket.intro')}</p>
      </header>

      {pageError && (
        <div className="notice basket-page__error" role="alert" tabIndex={-1} ref={errorBanner}>
          <p>{pageError}</p>
          <button type="button" className="link-button" onClick={() => setPageError(null)}>
            {t('common.dismiss')}
          </button>
        </div>
      )}

      <div className="basket-page__body">
        <div className="basket-page__items">
          {groups.map((group) => (
            <EventGroupCard
              key={group.eventId ?? 'extras'}
              group={group}
              locale={locale}
              hideFees={hideFees}
              changeSeats={
                group.event && isLocalPath(group.event.SelectSeatsUrl) ? (
                  <LocalLink
                    path={group.event.SelectSeatsUrl}
                    className="button button--secondary button--small"
                  >
                    {t('basket.event.changeSeats')}
                    <span className="visually-hidden">: {group.event.Name}</span>
                  </LocalLink>
                ) : null
              }
            >
              {group.tickets.map((item) => (
                <TicketLine
                  key={item.ID}
                  item={item}
                  locale={locale}
                  levelColour={levelColour(item)}
                  options={priceTypeOptions(
                    item,
                    priceOf(item.EventID, item.PromoCode),
                    vm.PriceTypes,
                    locale,
                  )}
                  shownPriceTypeId={shownPriceTypeId(item, pending)}
                  hideFees={hideFees}
                  hideFullPrice={promotion?.hideFullPrice === true && promotion.code === item.PromoCode}
                  error={lineErrors.get(item.ID)}
                  removing={removing.has(item.ID)}
                  onPriceType={(id) => void changeType(item, id)}
                  onRemove={() => setReleasing(item)}
                />
              ))}
              {group.products.map((p) => (
                <ProductLine
                  key={p.ID}
                  name={p.Name}
                  quantity={p.Quantity}
                  lineTotal={p.LineTotal}
                  locale={locale}
                />
              ))}
            </EventGroupCard>
          ))}
          {cards.length > 0 && (
            <ProductsPanel
              cards={cards}
              locale={locale}
              withoutTicketsFor={withoutTicketsEvent?.Name ?? null}
              error={products.error}
              onDismissError={products.dismissError}
              quantityOf={products.quantityOf}
              onChange={products.set}
            />
          )}
        </div>

        <div className="basket-page__details">
          {vm.DeliveryMethods.length > 0 && (
            <DeliveryPanel
              methods={vm.DeliveryMethods}
              chosenId={chosenDeliveryId}
              locale={locale}
              missing={deliveryMissing}
              onChoose={(id) => void chooseDelivery(id)}
            />
          )}
          {(chosenDelivery?.DisplayBasketNotes || basket.BasketNote) && (
            <BasketNotePanel
              note={basket.BasketNote}
              onSave={(note) => simpleChange(() => updateBasketNote(note))}
            />
          )}
          <OptInsPanel optIns={optIns} chosen={chosenOptIns} onChange={toggleOptIn} />
        </div>

        <aside className="basket-page__side" aria-label={t('basket.sideLabel')}>
          <OrderSummary basket={basket} hideFees={hideFees} />
          {tickets.length > 0 && (
            <PromoCodePanel
              appliedCode={appliedCode}
              appliedName={promotion && promotion.code === appliedCode ? promotion.name : null}
              anyCode={tickets.some((i) => i.PromoCode)}
              onApply={applyPromo}
              onRemove={removePromo}
            />
          )}
        </aside>
      </div>

      <BasketFooter
        secondsLeft={secondsLeft}
        total={money(totals.total)}
        count={totals.ticketCount}
        checkingOut={checkingOut}
        onDetails={hideFees ? null : () => setShowFees(true)}
        onCheckout={() => void checkout()}
      />

      {/* Always in the page, so screen readers hear the words when they appear. */}
      <div className={`basket-updating${props.updating ? ' basket-updating--on' : ''}`} role="status">
        {props.updating && (
          <>
            <span className="loading__spinner" aria-hidden="true" />
            <span>{t('basket.updating')}</span>
          </>
        )}
      </div>
      {showFees && <FeesModal basket={basket} onClose={() => setShowFees(false)} />}
      {releasing && (
        <ReleaseSeatsModal
          itemName={t(itemNameOf(releasing).key, itemNameOf(releasing).values)}
          count={releasing.Quantity}
          onConfirm={() => void remove(releasing)}
          onCancel={() => setReleasing(null)}
        />
      )}
    </div>
  );
}
