import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Event } from '../../../../adapters/http/contract/catalogue.ts';
import { getJson } from '../../api/api-client.ts';
import { MessagePage } from '../../ui/message-page.tsx';
import { expireBasket } from './basket-api.ts';
import { forgetBasket } from './basket-session.ts';
import { LocalLink } from './local-link.tsx';
import { expiredReturnPath, savedReturnTarget, type ReturnKind, type ReturnTarget } from './return-target.ts';

// /basket/expired (also ?event=): the hold ran out. The page expires the
// basket (POST /api/baskets/expire, idempotent) so its seats are free at once, and leads back to
// the saved series, plan, paired plan, membership or gift-certificate selection, else home.

const againKey: Record<ReturnKind, string> = {
  series: 'basketExpired.backToSeries',
  plan: 'basketExpired.backToPlan',
  pairedPlan: 'basketExpired.backToPlan',
  membership: 'basketExpired.backToMembership',
  giftCertificate: 'basketExpired.backToGiftCertificates',
};

/** ?event={id}: the performance the buyer was booking, when the tab saved nothing. */
const eventIdOf = (search: unknown): number | undefined => {
  const value = Number((search as { event?: unknown }).event);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

export function BasketExpiredScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const [target, setTarget] = useState<ReturnTarget | null>(() => savedReturnTarget());
  const [released, setReleased] = useState(false);
  const eventId = eventIdOf(location.search);

  useEffect(() => {
    let live = true;
    expireBasket()
      .catch(() => undefined) // already gone, or offline: the hold ends by itself anyway
      .finally(() => {
        forgetBasket();
        if (live) setReleased(true);
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (target || eventId === undefined) return;
    const controller = new AbortController();
    getJson(`/api/events/${eventId}`, Event, controller.signal).then(
      (event) =>
        setTarget({ kind: 'series', path: `/tickets/series/${encodeURIComponent(event.EventTemplateCode)}` }),
      () => undefined, // home it is
    );
    return () => controller.abort();
  }, [eventId]);

  const path = expiredReturnPath(target);
  return (
    <MessagePage
      tone="warning"
      title={t('basketExpired.title')}
      body={
        <>
          {t('basketExpired.body')}
          <span className="visually-hidden" role="status">
            {released ? t('basketExpired.released') : ''}
          </span>
        </>
      }
      actions={
        target && path !== '/' ? (
          <>
            <LocalLink path={path} className="button">
              {t(againKey[target.kind])}
            </LocalLink>
            <Link to="/" className="button button--secondary">
              {t('common.backToWhatsOn')}
            </Link>
          </>
        ) : (
          <Link to="/" className="button">
            {t('basketExpired.again')}
          </Link>
        )
      }
    />
  );
}
