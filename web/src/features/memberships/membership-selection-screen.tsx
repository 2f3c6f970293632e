import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { MembershipOffer } from '../../../../adapters/http/contract/memberships.ts';
import { failureText } from '../../api/failure-text.ts';
import { isApiError } from '../../api/api-error.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { orderMoney } from '../accounts/order-format.ts';
import { rememberReturnTarget } from '../basket/return-target.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { giftErrorTexts, GiftFields } from './gift-fields.tsx';
import {
  GIFT_FIELDS,
  NO_GIFT,
  giftProblems,
  membershipBody,
  preselectedLevel,
  selectionPath,
  selectionQuery,
  todayIn,
  type GiftDetails,
  type GiftField,
} from './membership-choice.ts';
import { addMembership, fetchMembershipOffer } from './memberships-api.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import '../../ui/styles/forms.css';
import './memberships.css';

// /memberships/{etCode}[/{eventSlug}]?plid&isGift: a membership's levels to choose from, "this is
// a gift" with the recipient and the day it is e-mailed, and Add to basket (POST
// /api/baskets/memberships), then the basket. The tab remembers this page (with the choice made),
// so an expired basket or one emptied of its memberships comes back here.

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'notFound' }
  | { readonly status: 'failed'; readonly error: unknown }
  | { readonly status: 'ready'; readonly offer: MembershipOffer };

export function MembershipSelectionScreen() {
  const { t } = useTranslation();
  const params = useParams({ strict: false }) as { etCode?: string; eventSlug?: string };
  const location = useLocation();
  const query = selectionQuery((location.search ?? {}) as Record<string, unknown>);
  const etCode = params.etCode ?? '';
  const eventSlug = params.eventSlug;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  usePageTitle(load.status === 'ready' ? load.offer.Name : t('memberships.title'));

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    fetchMembershipOffer(etCode, { eventSlug, plid: query.plid }, abort.signal).then(
      (offer) => setLoad({ status: 'ready', offer }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400))
          return setLoad({ status: 'notFound' });
        setLoad({ status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [etCode, eventSlug, query.plid]);

  if (load.status === 'loading') return <Loading label={t('memberships.loading')} />;
  if (load.status === 'failed') return <ErrorPanel title={t('memberships.loadError')} error={load.error} />;
  if (load.status === 'notFound')
    return (
      <MessagePage
        title={t('memberships.notFoundTitle')}
        body={t('memberships.notFound', { code: etCode })}
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return (
    <SelectionForm
      key={load.offer.MembershipTypeID}
      offer={load.offer}
      etCode={etCode}
      eventSlug={eventSlug}
      startAsGift={query.isGift}
    />
  );
}

function SelectionForm(props: {
  offer: MembershipOffer;
  etCode: string;
  eventSlug: string | undefined;
  startAsGift: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const { offer } = props;
  const format = useDateFormat();
  const money = (minor: number) => orderMoney(minor, offer.CurrencyCode, i18n.language);
  const [level, setLevel] = useState<number | null>(() => preselectedLevel(offer));
  const [isGift, setIsGift] = useState(props.startAsGift);
  const [gift, setGift] = useState<GiftDetails>(NO_GIFT);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<GiftField, string>>>({});
  const [levelError, setLevelError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const today = todayIn(offer.TimeZone, new Date());

  const focusFirst = (errors: Partial<Record<GiftField, string>>, levelMissing: boolean) => {
    const first = levelMissing ? 'level' : GIFT_FIELDS.find((f) => errors[f]);
    if (!first) return;
    requestAnimationFrame(() =>
      form.current
        ?.querySelector<HTMLElement>(first === 'level' ? 'input[name$="-level"]' : `[name="${first}"]`)
        ?.focus(),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errors = giftErrorTexts(t, giftProblems(isGift, gift, today));
    const missingLevel = level === null;
    setFieldErrors(errors);
    setLevelError(missingLevel ? t('memberships.problem.level') : null);
    if (missingLevel || Object.keys(errors).length > 0) {
      setFormError(t('memberships.fixFields'));
      focusFirst(errors, missingLevel);
      return;
    }
    setAdding(true);
    try {
      await addMembership(membershipBody(props.etCode, level, isGift, gift));
      rememberReturnTarget({
        kind: 'membership',
        path: selectionPath({ etCode: props.etCode, eventSlug: props.eventSlug, plid: level, isGift }),
      });
      await navigate({ to: '/checkout/basket' });
    } catch (failure) {
      const fromServer = serverFieldErrors(failure);
      setFieldErrors(fromServer);
      // The fields say what to fix; the server's one-line Message repeats them all.
      setFormError(Object.keys(fromServer).length > 0 ? t('memberships.fixFields') : failureText(t, failure));
      focusFirst(fromServer, false);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="membership-selection">
      {offer.ImageUrl && <img className="membership-selection__image" src={offer.ImageUrl} alt="" />}
      <header className="membership-selection__header">
        <p className="eyebrow">{t('memberships.title')}</p>
        <h1>{offer.Name}</h1>
        {offer.Description && <p className="membership-selection__description">{offer.Description}</p>}
        <p className="membership-selection__duration" data-testid="membership-duration">
          {t('memberships.duration', { count: offer.DurationMonths })}
        </p>
        {offer.MemberUntil && offer.RenewsFrom && !isGift && (
          <p className="membership-selection__renewal" role="status" data-testid="membership-renewal">
            {t('memberships.renewal', {
              until: format.longDay(offer.MemberUntil),
              from: format.longDay(offer.RenewsFrom),
            })}
          </p>
        )}
      </header>
      {!offer.IsOnSale ? (
        <p className="notice" role="status">
          {t('memberships.notOnSale')}
        </p>
      ) : (
        <form ref={form} className="membership-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset
            className="membership-levels"
            aria-invalid={levelError ? true : undefined}
            aria-describedby={levelError ? `${id}-level-error` : undefined}
          >
            <legend className="membership-form__legend">{t('memberships.levels')}</legend>
            {levelError && (
              <p className="field-error" id={`${id}-level-error`}>
                {levelError}
              </p>
            )}
            {offer.PriceMaps.map((map) => (
              <label
                key={map.PriceLevelID}
                className={`membership-level${level === map.PriceLevelID ? ' membership-level--chosen' : ''}`}
              >
                <input
                  type="radio"
                  name={`${id}-level`}
                  value={map.PriceLevelID}
                  checked={level === map.PriceLevelID}
                  onChange={() => {
                    setLevel(map.PriceLevelID);
                    setLevelError(null);
                  }}
                />
                <span className="membership-level__text">
                  <span className="membership-level__name">{map.DisplayName}</span>
                  {map.Description && (
                    <span className="membership-level__description">{map.Description}</span>
                  )}
                </span>
                <span className="membership-level__price">
                  {map.DiscountedDisplayPrice !== null && map.DiscountedDisplayPrice !== map.Price ? (
                    <>
                      <span className="membership-level__was">
                        {t('memberships.was', { price: money(map.Price) })}
                      </span>
                      {money(map.DiscountedDisplayPrice)}
                    </>
                  ) : (
                    money(map.Price)
                  )}
                </span>
              </label>
            ))}
          </fieldset>
          <label className="membership-gift-toggle">
            <input type="checkbox" checked={isGift} onChange={(e) => setIsGift(e.target.checked)} />
            {t('memberships.isGift')}
          </label>
          {isGift && (
            <GiftFields
              idPrefix={id}
              gift={gift}
              today={today}
              timeZone={zoneName(offer.TimeZone)}
              errors={fieldErrors}
              onChange={(change) => {
                setGift((g) => ({ ...g, ...change }));
                const touched = Object.keys(change).map((k) => fieldOfDetail[k as keyof GiftDetails]);
                setFieldErrors((errors) => withoutFields(errors, touched));
              }}
            />
          )}
          {formError && (
            <p className="notice membership-form__error" role="alert">
              {formError}
            </p>
          )}
          <div className="membership-form__actions">
            <button type="submit" className="button" disabled={adding}>
              {adding ? t('memberships.adding') : t('memberships.add')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

const fieldOfDetail: Record<keyof GiftDetails, GiftField> = {
  firstName: 'giftFirstName',
  lastName: 'giftLastName',
  email: 'giftEmail',
  message: 'giftMessage',
  sendNow: 'giftDeliveryLocalDate',
  deliveryDate: 'giftDeliveryLocalDate',
};

const withoutFields = (errors: Partial<Record<GiftField, string>>, fields: readonly GiftField[]) => {
  if (!fields.some((f) => errors[f])) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
};
