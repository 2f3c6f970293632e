import { Link, Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { orderPaymentMethods } from '../../../../core/payments/payment-types.ts';
import { isApiError } from '../../api/api-error.ts';
import { failureText } from '../../api/failure-text.ts';
import { Loading } from '../../ui/loading.tsx';
import { fetchAccountInformation } from '../accounts/account-api.ts';
import { fetchBasketViewModel } from '../basket/basket-api.ts';
import { SELL_TICKETS_PATH } from '../staff-basket/staff-basket-page.tsx';
import {
  fetchCheckoutSettings,
  fetchCompTypes,
  fetchOrderBalance,
  fetchPaymentTypes,
} from './counter-payment-api.ts';
import type { CounterPaymentData } from './counter-payment-data.ts';
import { CounterPaymentPage } from './counter-payment-page.tsx';
import { isCounterPaymentType } from './tender.ts';
import '../basket/basket.css';
import '../staff-basket/staff-basket.css';
import './counter-payment.css';

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly data: CounterPaymentData }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly error: unknown };

/** What is paid: the clerk's basket, or the balance of the order named in the address. */
const loadSubject = async (orderId: number | undefined, signal: AbortSignal) => {
  if (orderId === undefined) {
    const vm = await fetchBasketViewModel(signal);
    return { vm, order: null, venueId: vm.Venue?.ID ?? vm.Events[0]?.Venue.ID ?? null };
  }
  const order = await fetchOrderBalance(orderId, signal);
  return { vm: null, order, venueId: order.VenueId };
};

const load = async (orderId: number | undefined, signal: AbortSignal): Promise<CounterPaymentData> => {
  const subject = await loadSubject(orderId, signal);
  const { venueId } = subject;
  const settings = venueId === null ? null : await fetchCheckoutSettings(venueId, signal).catch(() => null);
  const [methods, compTypes, account] = await Promise.all([
    fetchPaymentTypes({ processor: settings?.Processor ?? 'Offline', allowPartner: false }, signal),
    fetchCompTypes(signal).catch(() => []),
    fetchAccountInformation().catch(() => null),
  ]);
  const common = {
    settings,
    account,
    // The server answers in the spec's order already; ordering again keeps the page right either way.
    methods: orderPaymentMethods(
      methods
        .filter((m) => m.IsActive && isCounterPaymentType(m.PaymentType))
        .map((m) => ({ ...m, paymentType: m.PaymentType, displayOrder: m.DisplayOrder, id: m.ID })),
    ),
    compTypes: compTypes.filter((c) => c.IsActive),
  };
  return subject.vm
    ? { ...common, vm: subject.vm, order: null }
    : { ...common, vm: null, order: subject.order };
};

/**
 * /admin/checkout/payment: the clerk's payment page for the current basket, or with `?orderId=`
 * for what an order placed earlier still owes.
 */
export function CounterPaymentScreen(props: { staff: StaffSummary; orderId?: number }) {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(props.orderId, controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(
          isApiError(error) && error.status === 404 ? { status: 'missing' } : { status: 'error', error },
        );
      },
    );
    return () => controller.abort();
  }, [attempt, props.orderId]);

  if (state.status === 'loading') return <Loading label={t('counterPayment.loading')} />;
  if (state.status === 'missing')
    return (
      <div className="staff-basket staff-basket--empty">
        <h1>{t('counterPayment.title')}</h1>
        <p>{props.orderId === undefined ? t('staffBasket.none') : t('counterPayment.orderMissing')}</p>
        <Link to={SELL_TICKETS_PATH} className="button">
          {t('staffBasket.sellTickets')}
        </Link>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="error-panel" role="alert">
        <h1>{t('counterPayment.loadError')}</h1>
        <p>{failureText(t, state.error, 'error.generic')}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('staffBasket.retry')}
        </button>
      </div>
    );
  const earlier = state.data.order;
  if (earlier && earlier.BalanceDue <= 0)
    return (
      <div className="staff-basket staff-basket--empty">
        <h1>{t('counterPayment.title')}</h1>
        <p role="status">{t('counterPayment.nothingDue', { order: earlier.OrderName })}</p>
        <Link to={SELL_TICKETS_PATH} className="button">
          {t('staffBasket.sellTickets')}
        </Link>
      </div>
    );
  if (state.data.vm?.Basket.IsExchange) return <Navigate to="/admin/checkout/exchange/payment" replace />;
  return <CounterPaymentPage data={state.data} staff={props.staff} />;
}
