import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MembershipOffer } from '../../../../adapters/http/contract/memberships.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { addMembership, fetchMembershipOffer } from './memberships-api.ts';

// The counter's way to sell a membership (web/src/features/staff-basket/): the clerk types the
// membership's code, picks a level and adds it to the staff basket on its own sales channel, for
// the customer the basket is for. Paid in full at the counter, it is issued at once
// (adapters/http/counter/plugin.ts) and the card can be shown from the customer's record.

export function CounterMembershipPanel(props: {
  readonly salesChannel: string;
  /** The basket's currency locale. */
  readonly locale: string;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [offer, setOffer] = useState<MembershipOffer | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    try {
      await props.update(() =>
        addMembership({ etCode: offer.Code, priceLevelID, isGift: false, salesChannel: props.salesChannel }),
      );
      setOffer(null);
      setCode('');
    } catch (error) {
      await props.showFailure(error);
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
        <label htmlFor={`${id}-code`}>{t('memberships.counter.code')}</label>
        <input
          id={`${id}-code`}
          value={code}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button--secondary button--small" disabled={busy}>
          {t('memberships.counter.find')}
        </button>
      </form>
      {notFound && <p role="alert">{t('memberships.notFound', { code: code.trim() })}</p>}
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
                  price: formatMoney(level.Price, props.locale),
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
