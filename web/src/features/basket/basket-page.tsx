import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketItem } from '../../../../adapters/http/contract/basket.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { updateBasketNote, type BasketData, type BasketViewModelData } from './basket-api.ts';
import { BasketFooter } from './basket-footer.tsx';
import { BasketNotePanel, DeliveryPanel } from './delivery-panel.tsx';
import { EventGroupCard, ProductLine } from './event-group.tsx';
import { groupByEvent } from './group-by-event.ts';
import { itemNameOf } from './item-names.ts';
import { LocalLink } from './local-link.tsx';
import { OptInsPanel } from './opt-ins-panel.tsx';
import { FeesModal, OrderSummary } from './order-summary.tsx';
import { shownPriceTypeId } from './pending-change.ts';
import { productCards } from './product-offers.ts';
import { ProductsPanel } from './products-panel.tsx';
import { GiftCertificateLines } from '../gift-certificates/gift-certificate-lines.tsx';
import { MembershipLines } from '../memberships/membership-lines.tsx';
import { PlanBasketPanel } from '../plans/plan-basket-panel.tsx';
import { PlanChangeSeatsLink } from '../plans/plan-change-seats-link.tsx';
import { PromoCodePanel } from './promo-code-panel.tsx';
import { ReleaseSeatsModal } from './release-seats-modal.tsx';
import { isLocalPath } from './return-target.ts';
import { TicketLine, priceTypeOptions } from './ticket-line.tsx';
import { needsDelivery, totalsView } from './totals.ts';
import { footerTotalLabel } from './count-words.ts';
import { useBasketPromotion } from './use-basket-promotion.ts';
import { useBasketReturn } from './use-basket-return.ts';
import { useBasketTimer } from './use-basket-timer.ts';
import { useChangeFailure } from './use-change-failure.ts';
import { useCheckoutStart } from './use-checkout-start.ts';
import { useDeliveryChoice } from './use-delivery-choice.ts';
import { useEventPricing } from './use-event-pricing.ts';
import { useItemRemoval } from './use-item-removal.ts';
import { useOptIns } from './use-opt-ins.ts';
import { usePageError } from './use-page-error.ts';
import { usePriceTypeChange } from './use-price-type-change.ts';
import { usePromoCodeChange } from './use-promo-code-change.ts';
import { useProductQuantities } from './use-product-quantities.ts';

// The basket page: the basket's items by
// performance, each line's ticket type, the promo code, removal with the release-seats
// warning, delivery, the note, marketing opt-ins, the totals and their fee popup, and the
// footer cart with the hold's countdown. Every change is the server's call; the page shows its
// answer ('Updating basket...' meanwhile) and its words when it says no. Each part's state is a
// hook of its own (use-*.ts beside this file); this page lays them out.

export function BasketPage(props: {
  vm: BasketViewModelData;
  receivedAt: number;
  updating: boolean;
  update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  planCode: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { vm, update } = props;
  const basket = vm.Basket;
  const locale = basket.CurrencyLocale;
  const hideFees = vm.HideFeesUntilCheckout;
  const money = (minor: number) => formatMoney(minor, locale);
  usePageTitle(t('basket.title'));

  const groups = useMemo(() => groupByEvent(basket, vm.Events), [basket, vm.Events]);
  const tickets = basket.TicketItems;
  const [showFees, setShowFees] = useState(false);

  const goExpired = () => void navigate({ to: '/basket/expired', replace: true });
  const secondsLeft = useBasketTimer({
    seconds: basket.SecondsTilExpiration,
    receivedAt: props.receivedAt,
    onExpired: goExpired,
  });
  const failure = useChangeFailure(goExpired);
  const page = usePageError({ update, failure });

  const withoutTicketsEvent =
    basket.TicketItems.length === 0 && basket.ContinueWithoutTicketsEventID !== null
      ? (vm.Events.find((e) => e.ID === basket.ContinueWithoutTicketsEventID) ?? null)
      : null;
  const { removedFrom } = useBasketReturn(vm, withoutTicketsEvent !== null);

  const { appliedCode, promotion } = useBasketPromotion(vm);
  const promo = usePromoCodeChange({ tickets, update, failure, change: page.change });
  const optIns = useOptIns(
    basket.ID,
    vm.Events.map((e) => e.EventTemplateID),
  );
  const priceTypes = usePriceTypeChange({ basket, update, failure });
  const priceOf = useEventPricing(
    groups.flatMap((g) =>
      g.eventId === null
        ? []
        : [{ eventId: g.eventId, promoCode: g.tickets.find((i) => i.PromoCode)?.PromoCode ?? null }],
    ),
  );
  const products = useProductQuantities({ update, failure: (error) => failure(error) });
  const cards = useMemo(() => productCards(vm.Products, basket, vm.Events), [vm.Products, basket, vm.Events]);
  const removal = useItemRemoval({ update, showFailure: page.show, removedFrom });
  const delivery = useDeliveryChoice({ vm, change: page.change });
  const { checkingOut, checkout } = useCheckoutStart({
    vm,
    planCode: props.planCode,
    chosenOptIns: optIns.chosen,
    flushProducts: products.flush,
    markDeliveryMissing: delivery.markMissing,
    dismissError: page.dismiss,
    showFailure: page.show,
  });

  const { releasing } = removal;
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

      {page.pageError && (
        <div className="notice basket-page__error" role="alert" tabIndex={-1} ref={page.banner}>
          <p>{page.pageError}</p>
          <button type="button" className="link-button" onClick={page.dismiss}>
            {t('common.dismiss')}
          </button>
        </div>
      )}

      <div className="basket-page__body">
        <div className="basket-page__items">
          {basket.EventPlanID !== null ? (
            <PlanBasketPanel
              planCode={basket.EventPlanCode}
              version={tickets.map((i) => `${i.ID}:${i.Quantity}`).join(',')}
            />
          ) : null}
          {groups.map((group) => (
            <EventGroupCard
              key={group.eventId ?? 'extras'}
              group={group}
              locale={locale}
              hideFees={hideFees}
              changeSeats={
                // A plan's tickets change on the plan screen, for their slot.
                <PlanChangeSeatsLink
                  planCode={basket.EventPlanCode}
                  tickets={group.tickets}
                  className="button button--secondary button--small"
                  fallback={
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
                  {t('basket.event.changeSeats')}
                  <span className="visually-hidden">: {group.event?.Name}</span>
                </PlanChangeSeatsLink>
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
                  shownPriceTypeId={shownPriceTypeId(item, priceTypes.pending)}
                  hideFees={hideFees}
                  hideFullPrice={promotion?.hideFullPrice === true && promotion.code === item.PromoCode}
                  error={priceTypes.lineErrors.get(item.ID)}
                  removing={removal.removing.has(item.ID)}
                  onPriceType={(id) => void priceTypes.changeType(item, id)}
                  onRemove={() => removal.askToRelease(item)}
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
          <MembershipLines
            items={basket.MembershipItems}
            locale={locale}
            update={update}
            showFailure={page.show}
          />
          <GiftCertificateLines
            items={basket.GiftCertificateItems}
            locale={locale}
            update={update}
            showFailure={page.show}
          />
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
          {vm.DeliveryMethods.length > 0 && needsDelivery(totals.counts) && (
            <DeliveryPanel
              methods={vm.DeliveryMethods}
              chosenId={delivery.chosenId}
              locale={locale}
              missing={delivery.missing}
              onChoose={(id) => void delivery.choose(id)}
            />
          )}
          {(delivery.chosen?.DisplayBasketNotes || basket.BasketNote) && (
            <BasketNotePanel
              note={basket.BasketNote}
              onSave={(note) => page.change(() => updateBasketNote(note))}
            />
          )}
          <OptInsPanel optIns={optIns.optIns} chosen={optIns.chosen} onChange={optIns.toggle} />
        </div>

        <aside className="basket-page__side" aria-label={t('basket.sideLabel')}>
          <OrderSummary basket={basket} hideFees={hideFees} />
          {tickets.length > 0 && (
            <PromoCodePanel
              appliedCode={appliedCode}
              appliedName={promotion && promotion.code === appliedCode ? promotion.name : null}
              anyCode={tickets.some((i) => i.PromoCode)}
              onApply={promo.apply}
              onRemove={promo.remove}
            />
          )}
        </aside>
      </div>

      <BasketFooter
        secondsLeft={secondsLeft}
        total={money(totals.total)}
        label={footerTotalLabel(totals.counts, t)}
        holdsSeats={totals.counts.tickets > 0}
        checkingOut={checkingOut}
        onDetails={hideFees || totals.counts.tickets === 0 ? null : () => setShowFees(true)}
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
          onConfirm={() => void removal.remove(releasing)}
          onCancel={removal.cancelRelease}
        />
      )}
    </div>
  );
}
