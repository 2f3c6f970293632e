import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { hasPermission } from '../staff/admin-access.ts';
import type { BasketData, BasketViewModelData } from '../basket/basket-api.ts';
import { BasketTimer } from '../basket/basket-footer.tsx';
import { basketCountsOf, needsDelivery } from '../basket/totals.ts';
import { EventGroupCard, ProductLine } from '../basket/event-group.tsx';
import { groupByEvent } from '../basket/group-by-event.ts';
import { itemNameOf } from '../basket/item-names.ts';
import { OrderSummary } from '../basket/order-summary.tsx';
import { shownPriceTypeId } from '../basket/pending-change.ts';
import { ReleaseSeatsModal } from '../basket/release-seats-modal.tsx';
import { TicketLine, priceTypeOptions } from '../basket/ticket-line.tsx';
import { useBasketTimer } from '../basket/use-basket-timer.ts';
import { useChangeFailure } from '../basket/use-change-failure.ts';
import { useDeliveryChoice } from '../basket/use-delivery-choice.ts';
import { useEventPricing } from '../basket/use-event-pricing.ts';
import { useItemRemoval } from '../basket/use-item-removal.ts';
import { usePageError } from '../basket/use-page-error.ts';
import { usePriceTypeChange } from '../basket/use-price-type-change.ts';
import { CounterGiftCertificatePanel } from '../gift-certificates/counter-gift-certificate-panel.tsx';
import { GiftCertificateLines } from '../gift-certificates/gift-certificate-lines.tsx';
import { CounterMembershipPanel } from '../memberships/counter-membership-panel.tsx';
import { MembershipLines } from '../memberships/membership-lines.tsx';
import { offeredBulkActions } from './bulk-actions.ts';
import { BulkModal, bulkTitleKey } from './bulk-modals.tsx';
import { CustomerPanel } from './customer-panel.tsx';
import { PosSettingsModal } from './pos-settings-modal.tsx';
import { readCounter, shownCounter } from './pos-settings.ts';
import { SalesChannelPanel } from './sales-channel-panel.tsx';
import { SaveBasketModal, SavedBasketsModal } from './saved-baskets-modal.tsx';
import { useBulkEdit } from './use-bulk-edit.ts';
import { handOverAtCounter } from './staff-basket-api.ts';
import { StaffDeliveryPanel, useCounterDeliveryId } from './staff-delivery-panel.tsx';
import { altKey, KeyHint, KeyLegend, useShortcut } from '../counter/shortcuts.tsx';

export const SELL_TICKETS_PATH = '/admin/v2/sell-tickets';

type Dialog = 'pos' | 'saved' | 'save' | null;

/**
 * The clerk's basket: the consumer basket's lines by performance (with their ticket types and
 * removal), plus who it is for, the sales channel, tick boxes for the bulk edits, saving and
 * resuming baskets, the POS settings, and the way to the counter's payment page. When the hold
 * runs out the clerk is back at the sell-tickets screen. With no delivery chosen the tickets are
 * handed over at the counter (the server's default, set as the page opens); Take payment has the
 * focus, so a walk-up sale goes on with Enter (or Alt+P), and Alt+U finds a customer.
 */
export function StaffBasketPage(props: {
  vm: BasketViewModelData;
  receivedAt: number;
  updating: boolean;
  update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  reload: () => void;
  staff: StaffSummary;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { vm, update, staff } = props;
  const basket = vm.Basket;
  // Certificates and memberships only are e-mailed: no delivery to choose (../basket/totals.ts).
  const delivers = needsDelivery(basketCountsOf(basket));
  const locale = basket.CurrencyLocale;
  const money = (minor: number) => formatMoney(minor, locale);
  usePageTitle(t('staffBasket.title'));

  const [dialog, setDialog] = useState<Dialog>(null);
  const [counter, setCounter] = useState(readCounter);
  const [notice, setNotice] = useState<string | null>(null);
  const groups = useMemo(() => groupByEvent(basket, vm.Events), [basket, vm.Events]);
  const tickets = basket.TicketItems;
  // Memberships and gift certificates are sold at the counter too: a basket of only those is paid.
  const hasLines =
    tickets.length +
      basket.ProductItems.length +
      basket.MembershipItems.length +
      basket.GiftCertificateItems.length >
    0;

  const goSell = () => void navigate({ to: SELL_TICKETS_PATH, replace: true });
  const secondsLeft = useBasketTimer({
    seconds: basket.SecondsTilExpiration,
    receivedAt: props.receivedAt,
    onExpired: goSell,
  });
  const failure = useChangeFailure(goSell);
  const page = usePageError({ update, failure });
  const priceTypes = usePriceTypeChange({ basket, update, failure });
  const bulk = useBulkEdit({ basket, update, linePending: priceTypes.pending, showFailure: page.show });
  const priceOf = useEventPricing(
    groups.flatMap((g) =>
      g.eventId === null
        ? []
        : [{ eventId: g.eventId, promoCode: g.tickets.find((i) => i.PromoCode)?.PromoCode ?? null }],
    ),
  );
  const removal = useItemRemoval({ update, showFailure: page.show, removedFrom: () => undefined });
  const delivery = useDeliveryChoice({ vm, change: page.change });
  const counterDeliveryId = useCounterDeliveryId();
  const needsChoice = vm.DeliveryMethods.length > 0 && delivers && delivery.chosenId === null;
  const defaulted = useRef(false);
  useEffect(() => {
    if (!needsChoice || defaulted.current) return;
    defaulted.current = true;
    void page.change(handOverAtCounter);
  }, [needsChoice, page]);

  const payButton = useRef<HTMLButtonElement>(null);
  const toPayment = async () => {
    // The default may still be on its way: asked again, it answers the basket as it is now.
    if (needsChoice) {
      const handed = await update(handOverAtCounter).catch(() => null);
      if (!handed || handed.DeliveryMethodID === null) {
        delivery.markMissing();
        return;
      }
    }
    void navigate({ to: '/admin/checkout/payment' });
  };
  useShortcut('p', () => payButton.current?.click());

  const actions = offeredBulkActions({
    isPlan: basket.EventPlanID !== null,
    canOverridePrice: basket.CanOverridePrice,
    mayBulkEdit: hasPermission(staff, 'bulkEdit'),
    mayOverridePrice: hasPermission(staff, 'overridePrice'),
  });
  const allIds = tickets.map((i) => i.ID);
  const allTicked = allIds.length > 0 && allIds.every((id) => bulk.selected.has(id));
  const { releasing } = removal;

  return (
    <div className="staff-basket" aria-busy={props.updating}>
      <header className="staff-basket__header">
        <div>
          <h1>{t('staffBasket.title')}</h1>
          <p className="staff-panel__muted" data-testid="staff-basket-counter">
            {t('staffBasket.pos.current', { counter: shownCounter(counter, t) })}
          </p>
          <KeyLegend
            items={[
              { keys: altKey('p'), what: t('keys.basket.pay') },
              { keys: altKey('u'), what: t('keys.basket.customer') },
            ]}
          />
        </div>
        <div className="staff-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDialog('pos')}
          >
            {t('staffBasket.pos.open')}
          </button>
          {hasPermission(staff, 'saveBaskets') && (
            <>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setDialog('saved')}
              >
                {t('staffBasket.saved.open')}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setDialog('save')}
              >
                {t('staffBasket.save.open')}
              </button>
            </>
          )}
        </div>
      </header>

      {notice && (
        <div className="notice staff-basket__notice" role="status">
          <p>{notice}</p>
          <button type="button" className="link-button" onClick={() => setNotice(null)}>
            {t('staffBasket.dismiss')}
          </button>
        </div>
      )}
      {page.pageError && (
        <div className="notice basket-page__error" role="alert" tabIndex={-1} ref={page.banner}>
          <p>{page.pageError}</p>
          <button type="button" className="link-button" onClick={page.dismiss}>
            {t('staffBasket.dismiss')}
          </button>
        </div>
      )}

      <div className="staff-basket__body">
        <div className="staff-basket__items">
          {actions.length > 0 && tickets.length > 0 && (
            <div className="staff-bulk-bar" role="toolbar" aria-label={t('staffBasket.bulk.label')}>
              <label className="staff-bulk-bar__all">
                <input
                  type="checkbox"
                  checked={allTicked}
                  onChange={(e) => bulk.toggle(allIds, e.target.checked)}
                />
                {t('staffBasket.bulk.selectAll')}
              </label>
              <span className="staff-panel__muted" data-testid="staff-bulk-count">
                {t('staffBasket.bulk.count', { count: bulk.selected.size })}
              </span>
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className="button button--secondary button--small"
                  disabled={bulk.selected.size === 0}
                  onClick={() => bulk.openModal(action)}
                >
                  {t(bulkTitleKey(action))}
                </button>
              ))}
            </div>
          )}
          {groups.map((group) => (
            <EventGroupCard
              key={group.eventId ?? 'extras'}
              group={group}
              locale={locale}
              hideFees={false}
              changeSeats={null}
            >
              {group.tickets.map((item) => {
                const name = t(itemNameOf(item).key, { ...itemNameOf(item).values, ns: 'consumer' });
                return (
                  <TicketLine
                    key={item.ID}
                    item={item}
                    locale={locale}
                    levelColour={
                      priceOf(item.EventID, item.PromoCode)?.PriceLevels.find(
                        (l) => l.ID === item.PriceLevelID,
                      )?.Color
                    }
                    options={priceTypeOptions(
                      item,
                      priceOf(item.EventID, item.PromoCode),
                      vm.PriceTypes,
                      locale,
                    )}
                    shownPriceTypeId={shownPriceTypeId(item, bulk.pending ?? priceTypes.pending)}
                    hideFees={false}
                    hideFullPrice={false}
                    error={priceTypes.lineErrors.get(item.ID)}
                    removing={removal.removing.has(item.ID)}
                    onPriceType={(id) => {
                      if (bulk.pending) void page.show(new Error('busy'), 'basket.priceChange.busy');
                      else void priceTypes.changeType(item, id);
                    }}
                    onRemove={() => removal.askToRelease(item)}
                    select={
                      actions.length > 0 ? (
                        <input
                          type="checkbox"
                          className="staff-line-select"
                          aria-label={t('staffBasket.bulk.selectLine', { item: name })}
                          checked={bulk.selected.has(item.ID)}
                          onChange={(e) => bulk.toggle([item.ID], e.target.checked)}
                        />
                      ) : undefined
                    }
                  />
                );
              })}
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
          {!hasLines && <p className="staff-panel__muted">{t('staffBasket.empty')}</p>}
        </div>

        <aside className="staff-basket__side" aria-label={t('staffBasket.sideLabel')}>
          <CustomerPanel basket={basket} change={page.change} />
          {hasPermission(staff, 'changeSalesChannel') && (
            <SalesChannelPanel current={basket.SalesChannel} change={page.change} />
          )}
          {vm.DeliveryMethods.length > 0 && delivers && (
            <StaffDeliveryPanel
              methods={vm.DeliveryMethods}
              chosenId={delivery.chosenId}
              counterId={counterDeliveryId}
              locale={locale}
              missing={delivery.missing}
              onChoose={(id) => void delivery.choose(id)}
            />
          )}
          <CounterMembershipPanel
            salesChannel={basket.SalesChannel}
            update={update}
            showFailure={page.show}
          />
          <CounterGiftCertificatePanel
            salesChannel={basket.SalesChannel}
            update={update}
            showFailure={page.show}
          />
          <OrderSummary basket={basket} hideFees={false} />
        </aside>
      </div>

      <footer className="staff-basket__footer">
        <BasketTimer secondsLeft={secondsLeft} holdsSeats={basket.TicketItems.length > 0} />
        <p className="staff-basket__total">
          <span>{t('staffBasket.total')}</span>{' '}
          <strong data-testid="staff-basket-total">{money(basket.Total)}</strong>
        </p>
        <button
          type="button"
          className="button"
          ref={payButton}
          disabled={!hasLines}
          // A walk-up sale goes on to the payment with Enter.
          autoFocus={hasLines}
          aria-keyshortcuts={altKey('p')}
          onClick={() => void toPayment()}
        >
          {t('staffBasket.toPayment')}
          <KeyHint keys={altKey('p')} />
        </button>
      </footer>

      <div className={`basket-updating${props.updating ? ' basket-updating--on' : ''}`} role="status">
        {props.updating && (
          <>
            <span className="loading__spinner" aria-hidden="true" />
            <span>{t('staffBasket.updating')}</span>
          </>
        )}
      </div>

      {bulk.open && (
        <BulkModal
          action={bulk.open}
          items={bulk.selectedItems}
          priceTypes={vm.PriceTypes}
          currency={basket.IsoCurrencyCode}
          priceTypeBusy={bulk.priceTypeBusy}
          onRun={bulk.run}
          onClose={bulk.closeModal}
        />
      )}
      {releasing && (
        <ReleaseSeatsModal
          itemName={t(itemNameOf(releasing).key, { ...itemNameOf(releasing).values, ns: 'consumer' })}
          count={releasing.Quantity}
          onConfirm={() => void removal.remove(releasing)}
          onCancel={removal.cancelRelease}
        />
      )}
      {dialog === 'pos' && (
        <PosSettingsModal
          counter={counter}
          onClose={() => setDialog(null)}
          onSaved={(name) => {
            setCounter(name);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'saved' && (
        <SavedBasketsModal
          locale={locale}
          onClose={() => setDialog(null)}
          onActivated={() => {
            setDialog(null);
            props.reload();
          }}
        />
      )}
      {dialog === 'save' && (
        <SaveBasketModal
          canSave={basket.CanSaveBasket}
          onClose={() => setDialog(null)}
          onSaved={(name) => {
            setDialog(null);
            setNotice(name ? t('staffBasket.save.doneNamed', { name }) : t('staffBasket.save.done'));
          }}
        />
      )}
    </div>
  );
}
