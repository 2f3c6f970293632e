import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { NavigateOnce } from '../../ui/navigate-once.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { hadBasket } from '../basket/basket-session.ts';
import { isEmptyBasket } from '../basket/group-by-event.ts';
import { useBasket } from '../basket/use-basket.ts';
import { fetchAccountInformation } from '../accounts/account-api.ts';
import { fetchConsumerPaymentTypes } from './checkout-api.ts';
import { PaymentPage } from './payment-page.tsx';
import '../../ui/styles/forms.css';
import '../basket/basket.css';
import './checkout.css';

/** The payment types this storefront can take from a consumer (others are box-office types). */
const WEB_TYPES = new Set(['CreditCard', 'PayPal', 'Afterpay', 'WorldPay', 'ApplePay']);

type Settings =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly account: AccountInformation;
      readonly paymentTypes: readonly ConsumerPaymentType[];
    }
  | { readonly status: 'error'; readonly error: unknown };

/** /checkout/payment (and ?planCode): the basket, the account's form settings, the payment types. */
export function PaymentScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const basket = useBasket();
  const { load } = basket;
  const [settings, setSettings] = useState<Settings>({ status: 'loading' });
  const templateIds =
    load.status === 'ready' ? [...new Set(load.vm.Events.map((e) => e.EventTemplateID))].sort() : null;

  useEffect(() => {
    if (!templateIds) return;
    const controller = new AbortController();
    Promise.all([fetchAccountInformation(), fetchConsumerPaymentTypes(templateIds, controller.signal)]).then(
      ([account, types]) =>
        setSettings({
          status: 'ready',
          account,
          paymentTypes: types.filter((type) => WEB_TYPES.has(type.PaymentType)),
        }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettings({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [templateIds?.join(',')]);

  const planCode = (location.search as { planCode?: unknown }).planCode;
  const plan = typeof planCode === 'string' || typeof planCode === 'number' ? String(planCode) : undefined;

  // Not <Navigate>: this screen reads the location, so it renders again while the basket page's
  // code loads, and <Navigate> would navigate again at every render (navigate-once.tsx).
  if (load.status === 'missing')
    return hadBasket() ? (
      <NavigateOnce to="/basket/expired" replace />
    ) : (
      <NavigateOnce to="/checkout/basket" replace />
    );
  if (load.status === 'error') return <ErrorPanel title={t('checkout.loadError')} error={load.error} />;
  if (settings.status === 'error')
    return <ErrorPanel title={t('checkout.loadError')} error={settings.error} />;
  if (load.status === 'loading' || settings.status === 'loading') return <PaymentLoading />;
  if (isEmptyBasket(load.vm.Basket))
    return <NavigateOnce to="/checkout/basket" search={plan ? { planCode: plan } : {}} replace />;
  return (
    <PaymentPage
      vm={load.vm}
      receivedAt={load.receivedAt}
      account={settings.account}
      paymentTypes={settings.paymentTypes}
      planCode={plan}
    />
  );
}

function PaymentLoading() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.title'));
  return <Loading label={t('checkout.loading')} />;
}
