import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { failureText } from '../../api/failure-text.ts';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { hasPermission } from '../staff/admin-access.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { useBasket } from '../basket/use-basket.ts';
import { ExchangeBanner } from '../exchanges/exchange-banner.tsx';
import { CounterGiftCertificatePanel } from '../gift-certificates/counter-gift-certificate-panel.tsx';
import { CounterMembershipPanel } from '../memberships/counter-membership-panel.tsx';
import { SavedBasketsModal } from './saved-baskets-modal.tsx';
import { SELL_TICKETS_PATH, StaffBasketPage } from './staff-basket-page.tsx';
import '../basket/basket.css';
import './staff-basket.css';

/** /admin/checkout/basket and /admin/v2/checkout/basket: the clerk's current basket. */
export function StaffBasketScreen(props: { staff: StaffSummary }) {
  const { t } = useTranslation('admin');
  const basket = useBasket();
  const { load } = basket;
  if (load.status === 'loading') return <Loading label={t('staffBasket.loading')} />;
  if (load.status === 'missing') return <NoBasket staff={props.staff} onResumed={basket.reload} />;
  if (load.status === 'error')
    return (
      <div className="error-panel" role="alert">
        <h1>{t('staffBasket.loadError')}</h1>
        <p>{failureText(t, load.error, 'error.generic')}</p>
        <button type="button" className="button" onClick={basket.reload}>
          {t('staffBasket.retry')}
        </button>
      </div>
    );
  return (
    <>
      {load.vm.Basket.IsExchange && <ExchangeBanner refresh={load.receivedAt} />}
      <StaffBasketPage
        vm={load.vm}
        receivedAt={load.receivedAt}
        updating={basket.updating}
        update={basket.update}
        reload={basket.reload}
        staff={props.staff}
      />
    </>
  );
}

/** No live basket: back to selling, or resume a saved one. */
function NoBasket(props: { staff: StaffSummary; onResumed: () => void }) {
  const { t } = useTranslation('admin');
  usePageTitle(t('staffBasket.title'));
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const startWith = async (run: () => Promise<BasketData>) => {
    const basket = await run();
    props.onResumed();
    return basket;
  };
  const showFailure = async (error: unknown) => setFailure(failureText(t, error, 'error.generic'));
  return (
    <div className="staff-basket staff-basket--empty">
      <h1>{t('staffBasket.title')}</h1>
      <p>{t('staffBasket.none')}</p>
      <div className="staff-actions">
        <Link to={SELL_TICKETS_PATH} className="button">
          {t('staffBasket.sellTickets')}
        </Link>
        {hasPermission(props.staff, 'saveBaskets') && (
          <button type="button" className="button button--secondary" onClick={() => setSaved(true)}>
            {t('staffBasket.saved.open')}
          </button>
        )}
      </div>
      {/* A membership or a gift certificate alone starts a basket on the box office's channel. */}
      <CounterMembershipPanel salesChannel="BoxOffice" update={startWith} showFailure={showFailure} />
      <CounterGiftCertificatePanel salesChannel="BoxOffice" update={startWith} showFailure={showFailure} />
      {failure && <p role="alert">{failure}</p>}
      {saved && (
        <SavedBasketsModal
          locale="en-US"
          onClose={() => setSaved(false)}
          onActivated={() => {
            setSaved(false);
            props.onResumed();
          }}
        />
      )}
    </div>
  );
}
