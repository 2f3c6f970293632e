import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/api-client.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

// /payment/houseseat?paymentCode: a guest's house-seat link. The code puts the seats the house
// kept into this browser's basket (POST /api/baskets/houseseat), then the guest goes on to
// /checkout/basket like any buyer. Any failure gets the product's fixed words.

/** The link's code: text, or an all-digit code the router read as a number. */
export const houseSeatCodeOf = (search: Readonly<Record<string, unknown>>): string | null => {
  const code = search.paymentCode;
  const text = typeof code === 'number' ? String(code) : typeof code === 'string' ? code.trim() : '';
  return text === '' ? null : text;
};

export function HouseSeatLinkScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const code = houseSeatCodeOf((location.search ?? {}) as Record<string, unknown>);
  usePageTitle(t('houseSeats.title'));

  useEffect(() => {
    let live = true;
    // Without a code the server answers 400 'Error completing request', as it should be told.
    const path =
      code === null
        ? '/api/baskets/houseseat'
        : `/api/baskets/houseseat?paymentCode=${encodeURIComponent(code)}`;
    call('POST', path).then(
      () => live && void navigate({ to: '/checkout/basket', replace: true }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code]);

  if (!failed) return <Loading label={t('houseSeats.loading')} />;
  return (
    <MessagePage
      tone="warning"
      title={t('houseSeats.title')}
      body={t('houseSeats.failed')}
      actions={
        <Link to="/" className="button">
          {t('common.backToWhatsOn')}
        </Link>
      }
    />
  );
}
