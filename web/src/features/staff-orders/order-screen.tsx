import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { hasPermission } from '../staff/admin-access.ts';
import { ExchangeAction } from '../exchanges/exchange-action.tsx';
import { OrderPrintPanel } from '../printing/order-print-panel.tsx';
import { ReprintDialog } from '../printing/reprint-dialog.tsx';
import { useOrderPrinting } from '../printing/use-order-printing.ts';
import { UsherMessageDialog } from '../printing/usher-message-dialog.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { instantOf } from './order-money.ts';
import {
  AdjustmentsSection,
  BalanceSection,
  paymentLabel,
  PaymentsSection,
  ProductsSection,
  RefundsSection,
  ticketLabel,
  TicketsSection,
  type Formats,
} from './order-sections.tsx';
import { RefundDialog } from '../refunds/refund-dialog.tsx';
import { ResendDialog } from './resend-dialog.tsx';
import { NeedsRole } from './needs-role.tsx';
import { fetchOrder, type StaffOrderDetail } from './staff-orders-api.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import './staff-orders.css';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; order: StaffOrderDetail; zone: string | null };
type Dialog =
  'resend' | 'cancel' | 'refund' | { readonly reprint: number } | { readonly usher: number } | null;

const labelOf = (order: StaffOrderDetail, ticketId: number, t: TFunction<'admin'>): string => {
  const ticket = order.Tickets.find((x) => x.Id === ticketId);
  return ticket ? ticketLabel(ticket, t) : String(ticketId);
};

/** /admin/orders/{id}: everything about one order, and what the clerk may do to it. */
export function OrderScreen(props: { orderId: number; staff: StaffSummary }) {
  const { t, i18n } = useTranslation('admin');
  const { orderId, staff } = props;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const dates = useDateFormat();
  const mayPrint = hasPermission(staff, 'print');
  const printing = useOrderPrinting(orderId, { enabled: mayPrint, onChanged: reload });
  // The usher lines set on this page (the order's answer does not carry them).
  const [usherLines, setUsherLines] = useState<Readonly<Record<number, string | null>>>({});

  useEffect(() => {
    const abort = new AbortController();
    fetchOrder(orderId, abort.signal).then(
      (order) => setLoad({ state: 'ready', order, zone: order.Order.TimeZone }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message:
            (isApiError(e) && e.status === 404 ? t('staffOrders.notFound') : undefined) ??
            (isApiError(e) ? e.serverMessage : undefined) ??
            t('staffOrders.loadFailed'),
        });
      },
    );
    return () => abort.abort();
  }, [orderId, version, t]);

  usePageTitle(
    load.state === 'ready'
      ? t('staffOrders.orderTitle', { name: load.order.Order.Name })
      : t('staffOrders.searchTitle'),
  );

  if (load.state === 'loading') return <Loading label={t('staffOrders.loading')} />;
  if (load.state === 'failed')
    return (
      <div className="staff-order">
        <p className="staff-orders__error" role="alert">
          {load.message}
        </p>
        <p>
          <Link to="/admin/orders">{t('staffOrders.backToSearch')}</Link>
        </p>
      </div>
    );

  const { order, zone } = load;
  const head = order.Order;
  const f: Formats = {
    money: (minor) => formatMoney(minor, head.CurrencyLocale),
    when: instantOf(i18n.language, zone),
    local: (local) => `${dates.day(local)} · ${dates.time(local)}`,
  };
  const may = {
    sell: hasPermission(staff, 'sell'),
    refund: hasPermission(staff, 'refund'),
    reports: hasPermission(staff, 'viewReports'),
    exchange: hasPermission(staff, 'exchange'),
    print: mayPrint,
    usher: hasPermission(staff, 'usherMessages'),
  };
  const customer = [head.FirstName, head.LastName].filter(Boolean).join(' ');
  const hasActive = order.Tickets.some((ticket) => ticket.Status === 'Active');
  const credit = Math.max(0, -order.Balance.BalanceDue);

  return (
    <div className="staff-order">
      <p className="staff-order__crumbs">
        <Link to="/admin/orders">{t('staffOrders.backToSearch')}</Link>
      </p>
      <div className="staff-order__top">
        <header className="page-intro staff-order__head">
          <p className="eyebrow">{t('staffOrders.order')}</p>
          <h1>
            {head.Name}{' '}
            <span
              className={`staff-order__status staff-order__status--${head.Status.toLowerCase()}`}
              data-testid="order-status"
            >
              {t(`staffOrders.orderStatus.${head.Status}`, { defaultValue: head.Status })}
            </span>
          </h1>
          <dl className="staff-order__facts">
            <div>
              <dt>{t('staffOrders.customer')}</dt>
              <dd data-testid="order-customer">
                {customer || t('staffOrders.noCustomer')}
                {head.Organization && <span className="staff-orders__meta">{head.Organization}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('staffOrders.contact')}</dt>
              <dd>
                {head.Email && <span className="staff-orders__meta">{head.Email}</span>}
                {head.Phone && <span className="staff-orders__meta">{head.Phone}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('staffOrders.created')}</dt>
              <dd>
                <time dateTime={head.CreatedAt}>{f.when(head.CreatedAt)}</time>
              </dd>
            </div>
            {head.IsInvoice && (
              <div>
                <dt>{t('staffOrders.invoice')}</dt>
                <dd>{t('staffOrders.yes')}</dd>
              </div>
            )}
            {head.PromoCode && (
              <div>
                <dt>{t('staffOrders.promo')}</dt>
                <dd>{head.PromoCode}</dd>
              </div>
            )}
          </dl>
          {zone && <p className="staff-orders__meta">{t('staffOrders.timesIn', { zone: zoneName(zone) })}</p>}
        </header>
        <BalanceSection order={order} f={f} />
      </div>

      <div className="staff-order__actions" role="group" aria-label={t('staffOrders.actions')}>
        {may.sell && (
          <button type="button" className="button button--secondary" onClick={() => setDialog('resend')}>
            {t('staffOrders.resend.action')}
          </button>
        )}
        {hasActive && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDialog('cancel')}
            disabled={!may.refund}
            aria-describedby={may.refund ? undefined : 'order-needs-refund'}
          >
            {t('staffOrders.cancel.action')}
          </button>
        )}
        {credit > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => setDialog('refund')}
            disabled={!may.refund}
            aria-describedby={may.refund ? undefined : 'order-needs-refund'}
          >
            {t('staffOrders.refund.action', { amount: f.money(credit) })}
          </button>
        )}
        {may.sell && order.Balance.BalanceDue > 0 && (
          <Link className="button" to="/admin/checkout/payment" search={{ orderId: head.Id } as never}>
            {t('staffOrders.takePayment', { amount: f.money(order.Balance.BalanceDue) })}
          </Link>
        )}
        {may.exchange && hasActive && (
          <ExchangeAction
            orderId={head.Id}
            orderName={head.Name}
            ticketIds={null}
            ticketCount={order.Tickets.filter((ticket) => ticket.Status === 'Active').length}
          />
        )}
        {!may.exchange && hasActive && (
          <button
            type="button"
            className="button button--secondary"
            disabled
            aria-describedby="order-needs-exchange"
          >
            {t('exchange.action')}
          </button>
        )}
        {may.reports && (
          <Link
            to="/admin/orders/$orderId/audit"
            params={{ orderId: String(head.Id) }}
            className="button button--secondary"
          >
            {t('staffOrders.auditLink', { count: order.Audit.length })}
          </Link>
        )}
      </div>
      <NeedsRole
        show={{ refund: !may.refund && (hasActive || credit > 0), exchange: !may.exchange && hasActive }}
      />

      {may.print && <OrderPrintPanel printing={printing} hasActive={hasActive} />}

      <TicketsSection
        order={order}
        f={f}
        actions={
          may.print || may.usher
            ? (ticket) =>
                ticket.Status === 'Active' && (
                  <div className="staff-order__ticket-actions">
                    {may.print && ticket.Printed && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setDialog({ reprint: ticket.Id })}
                      >
                        {t('printing.reprint.action')}
                      </button>
                    )}
                    {may.usher && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setDialog({ usher: ticket.Id })}
                      >
                        {t('printing.usher.action')}
                      </button>
                    )}
                    {usherLines[ticket.Id] && (
                      <span className="staff-orders__meta" data-testid="usher-line">
                        {t('printing.usher.current', { message: usherLines[ticket.Id] })}
                      </span>
                    )}
                  </div>
                )
            : undefined
        }
      />
      <ProductsSection order={order} f={f} />
      <PaymentsSection order={order} f={f} />
      <RefundsSection
        order={order}
        f={f}
        actions={
          may.print
            ? (refund) =>
                refund.Status !== 'failed' && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={printing.bridge.busy}
                    onClick={() => void printing.printReceipt(refund.PaymentId)}
                  >
                    {t('printing.refundReceipt')}
                  </button>
                )
            : undefined
        }
      />
      <AdjustmentsSection order={order} f={f} />
      <div className="staff-order__pair">
        <section className="admin-card staff-order__section" data-testid="order-delivery">
          <h2>{t('staffOrders.delivery')}</h2>
          <p>{order.Delivery.MethodName ?? t('staffOrders.noDelivery')}</p>
          {order.Delivery.AwaitingPrint && (
            <p className="staff-orders__meta">{t('staffOrders.awaitingPrint')}</p>
          )}
        </section>
        <NotesPanel order={order} f={f} mayAdd={may.sell} onAdded={reload} />
      </div>

      {dialog === 'resend' && (
        <ResendDialog orderId={head.Id} email={head.Email} onClose={() => setDialog(null)} onDone={reload} />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          order={order}
          f={f}
          mayRefund={may.refund}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && 'reprint' in dialog && (
        <ReprintDialog
          ticketLabel={labelOf(order, dialog.reprint, t)}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            const ticketId = dialog.reprint;
            setDialog(null);
            void printing.printTickets({ ticketIds: [ticketId], reprint: true });
          }}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && 'usher' in dialog && (
        <UsherMessageDialog
          ticketId={dialog.usher}
          ticketLabel={labelOf(order, dialog.usher, t)}
          current={usherLines[dialog.usher] ?? ''}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            const ticketId = dialog.usher;
            setUsherLines((lines) => ({ ...lines, [ticketId]: message }));
            setDialog(null);
          }}
        />
      )}
      {dialog === 'refund' && (
        <RefundDialog
          orderId={head.Id}
          currency={head.Currency}
          f={f}
          labelOf={(paymentId) => paymentLabel(order, paymentId, t)}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </div>
  );
}
