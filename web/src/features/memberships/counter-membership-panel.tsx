import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipOffer } from '../../../../adapters/http/contract/memberships.ts';
import { orderMoney } from '../accounts/order-format.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { zoneName } from '../../../../core/i18n/time-zone-name.ts';
import { giftErrorTexts, GiftFields } from './gift-fields.tsx';
import {
  giftProblems,
  membershipBody,
  NO_GIFT,
  todayIn,
  type GiftDetails,
  type GiftField,
} from './membership-choice.ts';
import { addMembership, fetchMembershipOffer } from './memberships-api.ts';
import { serverFieldErrors } from './server-field-errors.ts';
import '../../ui/styles/forms.css';
import './memberships.css';

// The counter's way to sell a membership (web/src/features/staff-basket/): the clerk types the
// membership's code, picks a level and adds it to the staff basket on its own sales channel, for
// the customer the basket is for, or as a gift with the same fields as the web's (sent now or on a
// date, checked the same way). Paid in full at the counter, it is issued at once
// (adapters/http/counter/plugin.ts) and the card can be shown from the customer's record.

export function CounterMembershipPanel(props: {
  readonly salesChannel: string;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [offer, setOffer] = useState<MembershipOffer | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);
  const [isGift, setIsGift] = useState(false);
  const [gift, setGift] = useState<GiftDetails>(NO_GIFT);
  const [giftErrors, setGiftErrors] = useState<Partial<Record<GiftField, string>>>({});
  const find = async () => {
    if (code.trim() === '') return;
    setBusy(true);
    setNotFound(false);
    try {
      setOffer(await fetchMembershipOffer(code.trim(), {}));
    } catch {
      setOffer(null);
      setNotFound(true);
    } finally {
      setBusy(false);
    }
  };
  const add = async (priceLevelID: number) => {
    if (!offer) return;
    const errors = giftErrorTexts(t, giftProblems(isGift, gift, todayIn(offer.TimeZone, new Date())));
    setGiftErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const body = membershipBody(offer.Code, priceLevelID, isGift, gift);
      await props.update(() => addMembership({ ...body, salesChannel: props.salesChannel }));
      setOffer(null);
      setCode('');
      setIsGift(false);
      setGift(NO_GIFT);
    } catch (error) {
      const fromServer = serverFieldErrors(error);
      if (Object.keys(fromServer).length > 0) setGiftErrors(fromServer);
      else await props.showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('memberships.counter.title')}
      </h2>
      <form
        className="counter-membership__find"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <label className="field-label" htmlFor={`${id}-code`}>
          {t('memberships.counter.code')}
        </label>
        <div className="inline-form">
          <input
            id={`${id}-code`}
            className="text-input"
            value={code}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('memberships.counter.find')}
          </button>
        </div>
      </form>
      {notFound && <p role="alert">{t('memberships.notFound', { code: code.trim() })}</p>}
      {offer?.IsOnSale && (
        <>
          <label className="membership-gift-toggle">
            <input
              type="checkbox"
              checked={isGift}
              onChange={(e) => {
                setIsGift(e.target.checked);
                setGiftErrors({});
              }}
            />
            {t('memberships.isGift')}
          </label>
          {isGift && (
            <GiftFields
              idPrefix={`${id}-gift`}
              gift={gift}
              today={todayIn(offer.TimeZone, new Date())}
              timeZone={zoneName(offer.TimeZone)}
              errors={giftErrors}
              onChange={(change) => setGift((g) => ({ ...g, ...change }))}
            />
          )}
          {Object.keys(giftErrors).length > 0 && (
            <p className="field-error" role="alert">
              {t('memberships.fixFields')}
            </p>
          )}
        </>
      )}
      {offer && (
        <ul className="counter-membership__levels" aria-label={offer.Name}>
          {offer.PriceMaps.map((level) => (
            <li key={level.PriceLevelID}>
              <button
                type="button"
                className="button button--small"
                disabled={busy || !offer.IsOnSale}
                onClick={() => void add(level.PriceLevelID)}
              >
                {t('memberships.counter.add', {
                  name: offer.Name,
                  level: level.DisplayName,
                  price: orderMoney(level.Price, offer.CurrencyCode, i18n.language),
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {offer && !offer.IsOnSale && <p>{t('memberships.notOnSale')}</p>}
    </section>
  );
}
