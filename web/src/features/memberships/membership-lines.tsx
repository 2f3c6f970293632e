import { useTranslation } from 'react-i18next';
import type { MembershipItem } from '../../../../adapters/http/contract/memberships.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { useDateFormat } from '../../i18n/use-date-format.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { useLineRemoval } from '../basket/use-line-removal.ts';
import './memberships.css';

// The basket's membership lines (Basket.MembershipItems): the membership and its level, who a
// gift is for and when it is e-mailed, the price and a remove button. A basket emptied of its
// last membership returns to the membership page the tab saved (use-basket-return.ts).

export function MembershipLines(props: {
  readonly items: readonly MembershipItem[];
  readonly locale: string;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { removing, remove } = useLineRemoval(props.update, props.showFailure);
  if (props.items.length === 0) return null;
  return (
    <section className="event-group" aria-label={t('memberships.title')}>
      <h2 className="event-group__title">{t('memberships.title')}</h2>
      <ul className="membership-lines">
        {props.items.map((item) => {
          const name = t('memberships.line', { name: item.Name, level: item.PriceLevelName });
          const recipient = [item.GiftFirstName, item.GiftLastName].filter(Boolean).join(' ');
          return (
            <li key={item.ID} className="membership-line" data-testid="membership-line">
              <span>
                {name}
                {item.IsGift && (
                  <>
                    <br />
                    <small className="membership-line__gift">
                      {t('memberships.lineGift', { name: recipient || item.GiftEmail })},{' '}
                      {item.IsSendGiftNow || !item.GiftDeliveryLocalDate
                        ? t('memberships.lineSendNow')
                        : t('memberships.lineSendOn', { date: format.longDay(item.GiftDeliveryLocalDate) })}
                    </small>
                  </>
                )}
              </span>
              <span>{formatMoney(item.Price, props.locale)}</span>
              <button
                type="button"
                className="link-button"
                disabled={removing.has(item.ID)}
                onClick={() => void remove(item.ID)}
              >
                {t('memberships.remove')}
                <span className="visually-hidden">: {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
