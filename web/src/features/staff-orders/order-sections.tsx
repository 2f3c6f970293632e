import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { shownCounter } from '../staff-basket/pos-settings.ts';
import type { StaffOrderDetail } from './staff-orders-api.ts';

type Ticket = StaffOrderDetail['Tickets'][number];

// The order page's read-only parts: tickets, products, payments, refunds, adjustments, balance.

export interface Formats {
  readonly money: (minor: number) => string;
  readonly when: (iso: string) => string;
  /** An event's local start (the venue's clock, no offset). */
  readonly local: (localIso: string) => string;
}

/** A payment type (Cash, CreditCard, GiftCertificate...) in the page's language. */
export const paymentTypeName = (type: string, t: TFunction<'admin'>): string =>
  t(`staffOrders.paymentTypeName.${type}`, { defaultValue: type });

/** The payment a refund came from: its method (and card), else its number. */
export const paymentLabel = (order: StaffOrderDetail, paymentId: number, t: TFunction<'admin'>): string => {
  const p = order.Payments.find((payment) => payment.Id === paymentId);
  if (!p) return t('staffOrders.paymentNumber', { id: paymentId });
  return [
    p.PaymentMethodName ?? paymentTypeName(p.PaymentType, t),
    p.CardLast4 ? `•••• ${p.CardLast4}` : null,
  ]
    .filter(Boolean)
    .join(' ');
};

/** 'Stalls B 12', or general admission with its section. */
const seatText = (ticket: Ticket, t: TFunction<'admin'>): string =>
  ticket.IsGa
    ? [t('staffOrders.generalAdmission'), ticket.Section].filter(Boolean).join(' · ')
    : [ticket.Section, ticket.Row, ticket.Seat].filter(Boolean).join(' ');

/** A titled table, or a line saying there is nothing when it would be empty. */
function Section(props: { title: string; testId: string; empty: string | null; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="admin-card staff-order__section" aria-labelledby={titleId} data-testid={props.testId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.empty !== null ? (
        <p className="staff-order__none">{props.empty}</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-labelledby={titleId} tabIndex={0}>
          {props.children}
        </div>
      )}
    </section>
  );
}

/** A ticket's label in dialogs: its seat and event. */
export const ticketLabel = (ticket: Ticket, t: TFunction<'admin'>): string =>
  `${seatText(ticket, t)} · ${ticket.EventName}`;

export function TicketsSection(props: {
  order: StaffOrderDetail;
  f: Formats;
  /** What the clerk may do to a ticket (reprint, the usher line), in a last column. */
  actions?: (ticket: Ticket) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  return (
    <Section
      title={t('staffOrders.ticketsTitle', { count: order.Tickets.length })}
      testId="order-tickets"
      empty={order.Tickets.length === 0 ? t('staffOrders.noTickets') : null}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.event')}</th>
            <th scope="col">{t('staffOrders.seat')}</th>
            <th scope="col">{t('staffOrders.priceType')}</th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.price')}
            </th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.fees')}
            </th>
            <th scope="col">{t('staffOrders.status')}</th>
            <th scope="col">{t('staffOrders.barcode')}</th>
            <th scope="col">{t('staffOrders.printed')}</th>
            {props.actions && <th scope="col">{t('staffOrders.ticketActions')}</th>}
          </tr>
        </thead>
        <tbody>
          {order.Tickets.map((ticket) => (
            <tr key={ticket.Id} data-ticket-id={ticket.Id} data-status={ticket.Status}>
              <td>
                <span className="staff-orders__who">{ticket.EventName}</span>
                <span className="staff-orders__meta">{f.local(ticket.EventDate)}</span>
              </td>
              <td>{seatText(ticket, t)}</td>
              <td>{ticket.PriceTypeName}</td>
              <td className="staff-orders__num">{f.money(ticket.Price)}</td>
              <td className="staff-orders__num">{f.money(ticket.FeeTotal)}</td>
              <td>
                <span className={`staff-order__status staff-order__status--${ticket.Status.toLowerCase()}`}>
                  {t(`staffOrders.ticketStatus.${ticket.Status}`, { defaultValue: ticket.Status })}
                </span>
              </td>
              <td>
                <code>{ticket.Barcode ?? ''}</code>
              </td>
              <td>
                {ticket.PrintedAt
                  ? f.when(ticket.PrintedAt)
                  : ticket.Printed
                    ? t('staffOrders.yes')
                    : t('staffOrders.no')}
              </td>
              {props.actions && <td className="staff-order__row-actions">{props.actions(ticket)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function ProductsSection(props: { order: StaffOrderDetail; f: Formats }) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  if (order.Products.length === 0) return null;
  return (
    <Section title={t('staffOrders.productsTitle')} testId="order-products" empty={null}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.product')}</th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.quantity')}
            </th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.Products.map((p) => (
            <tr key={p.Id}>
              <td>{p.Name}</td>
              <td className="staff-orders__num">{p.Quantity}</td>
              <td className="staff-orders__num">{f.money(p.UnitPrice * p.Quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function PaymentsSection(props: { order: StaffOrderDetail; f: Formats }) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  return (
    <Section
      title={t('staffOrders.paymentsTitle')}
      testId="order-payments"
      empty={order.Payments.length === 0 ? t('staffOrders.noPayments') : null}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.paymentType')}</th>
            <th scope="col">{t('staffOrders.method')}</th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.amount')}
            </th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.refunded')}
            </th>
            <th scope="col">{t('staffOrders.card')}</th>
            <th scope="col">{t('staffOrders.seller')}</th>
            <th scope="col">{t('staffOrders.counter')}</th>
            <th scope="col">{t('staffOrders.at')}</th>
          </tr>
        </thead>
        <tbody>
          {order.Payments.map((p) => (
            <tr key={p.Id} data-payment-id={p.Id}>
              <td>{paymentTypeName(p.PaymentType, t)}</td>
              <td>{p.PaymentMethodName ?? ''}</td>
              <td className="staff-orders__num">{f.money(p.Amount)}</td>
              <td className="staff-orders__num" data-testid="payment-refunded">
                {f.money(p.Refunded)}
              </td>
              <td>{p.CardLast4 ? `${p.CardBrand ?? ''} •••• ${p.CardLast4}`.trim() : ''}</td>
              <td>{p.SellerName ?? ''}</td>
              <td>{p.Counter ? shownCounter(p.Counter, t) : ''}</td>
              <td>
                <time dateTime={p.At}>{f.when(p.At)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function RefundsSection(props: {
  order: StaffOrderDetail;
  f: Formats;
  /** What the clerk may do from a refund's row (print its refund receipt), in a last column. */
  actions?: (refund: StaffOrderDetail['Refunds'][number]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  if (order.Refunds.length === 0) return null;
  return (
    <Section title={t('staffOrders.refundsTitle')} testId="order-refunds" empty={null}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.at')}</th>
            <th scope="col">{t('staffOrders.refundType')}</th>
            <th scope="col">{t('staffOrders.fromPayment')}</th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.amount')}
            </th>
            <th scope="col">{t('staffOrders.status')}</th>
            <th scope="col">{t('staffOrders.by')}</th>
            <th scope="col">{t('staffOrders.reason')}</th>
            {props.actions && <th scope="col">{t('staffOrders.ticketActions')}</th>}
          </tr>
        </thead>
        <tbody>
          {order.Refunds.map((r) => (
            <tr key={r.Id} data-refund-id={r.Id}>
              <td>
                <time dateTime={r.At}>{f.when(r.At)}</time>
              </td>
              <td>{paymentTypeName(r.RefundType, t)}</td>
              <td>{paymentLabel(order, r.PaymentId, t)}</td>
              <td className="staff-orders__num">{f.money(r.Amount)}</td>
              <td>
                {t(`staffOrders.refundStatus.${r.Status}`)}
                {r.FailureMessage && <span className="staff-orders__meta">{r.FailureMessage}</span>}
              </td>
              <td>{r.StaffName ?? ''}</td>
              <td>{r.Reason ?? ''}</td>
              {props.actions && <td className="staff-order__row-actions">{props.actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function AdjustmentsSection(props: { order: StaffOrderDetail; f: Formats }) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  if (order.Adjustments.length === 0) return null;
  return (
    <Section title={t('staffOrders.adjustmentsTitle')} testId="order-adjustments" empty={null}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('staffOrders.at')}</th>
            <th scope="col">{t('staffOrders.kind')}</th>
            <th scope="col" className="staff-orders__num">
              {t('staffOrders.amount')}
            </th>
            <th scope="col">{t('staffOrders.by')}</th>
            <th scope="col">{t('staffOrders.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {order.Adjustments.map((a) => (
            <tr key={a.Id}>
              <td>
                <time dateTime={a.At}>{f.when(a.At)}</time>
              </td>
              <td>{t(`staffOrders.adjustment.${a.Kind}`, { defaultValue: a.Kind })}</td>
              <td className="staff-orders__num">{f.money(a.Amount)}</td>
              <td>{a.StaffName ?? ''}</td>
              <td>{a.Reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** Total, paid, refunded and what is still due; a negative balance is credit owed to the customer. */
export function BalanceSection(props: { order: StaffOrderDetail; f: Formats }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const { Balance: b } = props.order;
  const { money } = props.f;
  return (
    <section
      className="admin-card staff-order__balance"
      aria-labelledby={titleId}
      data-testid="order-balance"
    >
      <h2 id={titleId}>{t('staffOrders.balanceTitle')}</h2>
      <dl>
        {b.OriginalTotal !== b.Total && (
          <div>
            <dt>{t('staffOrders.originalTotal')}</dt>
            <dd>{money(b.OriginalTotal)}</dd>
          </div>
        )}
        <div>
          <dt>{t('staffOrders.total')}</dt>
          <dd data-testid="balance-total">{money(b.Total)}</dd>
        </div>
        <div>
          <dt>{t('staffOrders.paid')}</dt>
          <dd data-testid="balance-paid">{money(b.Paid)}</dd>
        </div>
        <div>
          <dt>{t('staffOrders.refunded')}</dt>
          <dd data-testid="balance-refunded">{money(b.Refunded)}</dd>
        </div>
        <div className="staff-order__due">
          <dt>{b.BalanceDue < 0 ? t('staffOrders.creditOwed') : t('staffOrders.balanceDue')}</dt>
          <dd data-testid="balance-due">{money(Math.abs(b.BalanceDue))}</dd>
        </div>
      </dl>
    </section>
  );
}
