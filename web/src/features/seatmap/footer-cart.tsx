import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { formatAmount } from './money.ts';
import { priceMapOf, priceMapsOfLevel, ticketOf } from './prices.ts';
import type { SeatNames } from './seat-details.tsx';
import type { MapSeat } from './seat-model.ts';
import type { GaPick, SelectedSeat } from './selection.ts';
import type { PricingData, SeriesData } from './seatmap-api.ts';
import { subtotalOf, type PricedTicket } from './subtotal.ts';

// The footer cart: the chosen seats and quantities, the ticket-and-fees
// subtotal popup (special linked events halve price and fees) and Continue.

export type ContinueState =
  | { readonly kind: 'ready' }
  | { readonly kind: 'unavailable'; readonly reason: string }
  | { readonly kind: 'busy' };

export const ticketsOf = (
  pricing: PricingData,
  selected: readonly SelectedSeat[],
  ga: readonly GaPick[],
): PricedTicket[] => [
  ...selected.flatMap((s) => {
    const ticket = ticketOf(pricing, s);
    return ticket ? [ticket] : [];
  }),
  ...ga.flatMap((g) => {
    const ticket = ticketOf(pricing, { ...g, packageId: null });
    return ticket ? Array.from({ length: g.quantity }, () => ticket) : [];
  }),
];

export function FooterCart(props: {
  pricing: PricingData;
  selected: readonly SelectedSeat[];
  ga: readonly GaPick[];
  gaNames: ReadonlyMap<string, string>;
  seatsByKey: ReadonlyMap<string, MapSeat>;
  names: SeatNames;
  packages: SeriesData['Packages'];
  specialLinkedEvent: boolean;
  continueState: ContinueState;
  onRemoveSeat: (key: string) => void;
  onPriceType: (key: string, priceTypeId: number) => void;
  onRemoveGa: (pick: GaPick) => void;
  onViewFromSeat: (seat: MapSeat) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [showSubtotal, setShowSubtotal] = useState(false);
  const { pricing } = props;
  const locale = pricing.CurrencyLocale;
  const money = (minor: number) => formatAmount(minor, locale);
  const tickets = ticketsOf(pricing, props.selected, props.ga);
  const subtotal = subtotalOf(tickets, props.specialLinkedEvent);
  const count = props.selected.length + props.ga.reduce((n, g) => n + g.quantity, 0);
  const empty = count === 0;
  const reason =
    props.continueState.kind === 'unavailable'
      ? props.continueState.reason
      : empty
        ? t('seatmap.cart.chooseFirst')
        : null;
  const disabled = empty || props.continueState.kind !== 'ready';

  return (
    <section
      className={`footer-cart${expanded ? ' footer-cart--expanded' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('seatmap.cart.label')}
      </h2>
      {expanded && !empty && (
        <ul className="footer-cart__items" id={`${id}-items`}>
          {props.selected.map((s) => {
            const seat = props.seatsByKey.get(s.key);
            if (!seat) return null;
            const name = t('seatmap.seatName', {
              section: props.names.sections.get(seat.section) ?? seat.section,
              row: seat.row,
              seat: seat.seat,
            });
            const ticket = ticketOf(pricing, s);
            const pack = s.packageId === null ? undefined : props.packages.find((p) => p.ID === s.packageId);
            const level = pricing.PriceLevels.find((l) => l.ID === s.priceLevelId);
            return (
              <li key={s.key} className="cart-item">
                <span className="swatch" style={{ background: level?.Color }} aria-hidden="true" />
                <span className="cart-item__name">
                  {name}
                  <span className="cart-item__muted">
                    {level?.Label}
                    {pack ? ` · ${pack.Name}` : ''}
                  </span>
                </span>
                <label className="visually-hidden" htmlFor={`${id}-${s.key}`}>
                  {t('seatmap.cart.priceType', { seat: name })}
                </label>
                <select
                  id={`${id}-${s.key}`}
                  className="cart-item__type"
                  value={s.priceTypeId}
                  onChange={(event) => props.onPriceType(s.key, Number(event.target.value))}
                >
                  {priceMapsOfLevel(pricing, s.priceLevelId).map((m) => (
                    <option key={m.PriceTypeID} value={m.PriceTypeID}>
                      {m.Label}
                    </option>
                  ))}
                </select>
                <span className="cart-item__price">{ticket ? money(ticket.price) : ''}</span>
                <button type="button" className="link-button" onClick={() => props.onViewFromSeat(seat)}>
                  {t('seatmap.viewFromSeat')}
                  <span className="visually-hidden">: {name}</span>
                </button>
                <button
                  type="button"
                  className="cart-item__remove"
                  aria-label={t('seatmap.cart.removeSeat', { seat: name })}
                  onClick={() => props.onRemoveSeat(s.key)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
          {props.ga
            .filter((g) => g.quantity > 0)
            .map((g) => {
              const m = priceMapOf(pricing, g.priceLevelId, g.priceTypeId);
              const level = pricing.PriceLevels.find((l) => l.ID === g.priceLevelId);
              const label = t('seatmap.cart.gaItem', {
                section: props.gaNames.get(g.sectionKey) ?? g.sectionKey,
                type: m?.Label ?? '',
                count: g.quantity,
              });
              return (
                <li key={`${g.sectionKey}|${g.priceTypeId}`} className="cart-item">
                  <span className="swatch" style={{ background: level?.Color }} aria-hidden="true" />
                  <span className="cart-item__name">{label}</span>
                  <span className="cart-item__price">{m ? money(m.Price * g.quantity) : ''}</span>
                  <button
                    type="button"
                    className="cart-item__remove"
                    aria-label={t('seatmap.cart.removeSeat', { seat: label })}
                    onClick={() => props.onRemoveGa(g)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
        </ul>
      )}
      <div className="footer-cart__bar">
        <button
          type="button"
          className="footer-cart__toggle"
          aria-expanded={expanded && !empty}
          aria-controls={`${id}-items`}
          disabled={empty}
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="footer-cart__count" data-testid="cart-count">
            {empty ? t('seatmap.cart.empty') : t('seatmap.cart.count', { count })}
          </span>
          {!empty && <span className="footer-cart__chevron" aria-hidden="true" />}
          {!empty && (
            <span className="visually-hidden">
              {expanded ? t('seatmap.cart.hide') : t('seatmap.cart.show')}
            </span>
          )}
        </button>
        {!empty && (
          <button type="button" className="footer-cart__subtotal" onClick={() => setShowSubtotal(true)}>
            <span className="footer-cart__subtotal-label">{t('seatmap.cart.subtotal')}</span>
            <strong>{money(pricing.HideFeesUntilCheckout ? subtotal.tickets : subtotal.total)}</strong>
            <span className="footer-cart__details">{t('seatmap.cart.details')}</span>
          </button>
        )}
        <div className="footer-cart__go">
          <button
            type="button"
            className="button footer-cart__continue"
            disabled={disabled}
            aria-describedby={reason ? `${id}-reason` : undefined}
            onClick={props.onContinue}
          >
            {props.continueState.kind === 'busy' ? t('seatmap.cart.adding') : t('seatmap.cart.continue')}
          </button>
          {reason && (
            <p id={`${id}-reason`} className="footer-cart__reason" data-testid="continue-reason">
              {reason}
            </p>
          )}
        </div>
      </div>
      {showSubtotal && (
        <Modal title={t('seatmap.subtotal.title')} onClose={() => setShowSubtotal(false)}>
          <dl className="subtotal">
            <div>
              <dt>{t('seatmap.subtotal.tickets', { count: subtotal.count })}</dt>
              <dd>{money(subtotal.tickets)}</dd>
            </div>
            {pricing.HideFeesUntilCheckout ? (
              <div>
                <dt>{t('seatmap.feesAtCheckout')}</dt>
                <dd />
              </div>
            ) : (
              subtotal.feeLines.map((line) => (
                <div key={line.name}>
                  <dt>{line.name}</dt>
                  <dd>{money(line.amount)}</dd>
                </div>
              ))
            )}
            <div className="subtotal__total">
              <dt>{t('seatmap.subtotal.total')}</dt>
              <dd>{money(pricing.HideFeesUntilCheckout ? subtotal.tickets : subtotal.total)}</dd>
            </div>
          </dl>
          {pricing.OrderLevelFees.length > 0 && !pricing.HideFeesUntilCheckout && (
            <p className="subtotal__note">
              {pricing.OrderLevelFees.map((fee) =>
                t('seatmap.subtotal.orderFee', { name: fee.Name, amount: money(fee.Value) }),
              ).join(' ')}
            </p>
          )}
          {props.specialLinkedEvent && <p className="subtotal__note">{t('seatmap.subtotal.linked')}</p>}
        </Modal>
      )}
    </section>
  );
}
