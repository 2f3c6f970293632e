import { Link, Navigate, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { NavigateOnce } from '../../ui/navigate-once.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { fetchConsumerFeatures } from './basket-api.ts';
import { NEW_BASKET_PATH, showsNewBasketPage } from './basket-path.ts';
import { BasketPage } from './basket-page.tsx';
import { hadBasket } from './basket-session.ts';
import { LocalLink } from './local-link.tsx';
import { emptyBasketReturnPath, savedReturnTarget } from './return-target.ts';
import { useBasket } from './use-basket.ts';
import '../../ui/styles/forms.css';
import './basket.css';

/**
 * /checkout/basket, /basket and /shop/checkout/basket. With the consumer feature flag
 * showNewBasketPage on, the basket lives at /shop/checkout/basket: the
 * other two paths move there, keeping the query (planCode).
 */
export function BasketScreen() {
  const location = useLocation();
  const [newPage, setNewPage] = useState<boolean | null>(null);
  useEffect(() => {
    fetchConsumerFeatures().then(
      (features) => setNewPage(showsNewBasketPage(features)),
      () => setNewPage(false), // without the flags, the basket stays where it was asked for
    );
  }, []);
  const onNewPath = location.pathname.toLowerCase() === NEW_BASKET_PATH;
  if (newPage === true && !onNewPath)
    return <Navigate to={NEW_BASKET_PATH} search={location.search as never} replace />;
  const planCode = (location.search as { planCode?: unknown }).planCode;
  return (
    <Basket
      planCode={typeof planCode === 'string' || typeof planCode === 'number' ? String(planCode) : undefined}
    />
  );
}

function Basket(props: { planCode: string | undefined }) {
  const { t } = useTranslation();
  const basket = useBasket();
  const { load } = basket;
  if (load.status === 'loading') return <BasketLoading />;
  if (load.status === 'missing')
    // A basket this tab had and the server no longer has ran out while the tab was away. Once:
    // the screen above reads the location and renders this again while the navigation runs.
    return hadBasket() ? <NavigateOnce to="/basket/expired" replace /> : <EmptyBasket />;
  if (load.status === 'error')
    return (
      <div className="error-panel" role="alert">
        <h1>{t('basket.loadError')}</h1>
        <p>
          {isApiError(load.error) && load.error.status === 0
            ? t('error.network')
            : ((isApiError(load.error) ? load.error.serverMessage : undefined) ?? t('error.generic'))}
        </p>
        <button type="button" className="button" onClick={basket.reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  return (
    <BasketPage
      vm={load.vm}
      receivedAt={load.receivedAt}
      updating={basket.updating}
      update={basket.update}
      planCode={props.planCode}
    />
  );
}

function BasketLoading() {
  const { t } = useTranslation();
  usePageTitle(t('basket.title'));
  return <Loading label={t('basket.loading')} />;
}

function EmptyBasket() {
  const { t } = useTranslation();
  const back = emptyBasketReturnPath(savedReturnTarget());
  return (
    <MessagePage
      title={t('basket.emptyTitle')}
      body={t('basket.emptyBody')}
      actions={
        back === '/' ? (
          <Link to="/" className="button">
            {t('basket.findShows')}
          </Link>
        ) : (
          <>
            <LocalLink path={back} className="button">
              {t('basket.backToSeats')}
            </LocalLink>
            <Link to="/" className="button button--secondary">
              {t('basket.findShows')}
            </Link>
          </>
        )
      }
    />
  );
}
