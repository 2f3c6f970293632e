import { useTranslation } from 'react-i18next';
import type { GiftCertificateItem } from '../../../../adapters/http/contract/gift-certificates.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { useLineRemoval } from '../basket/use-line-removal.ts';
import './gift-certificates.css';

// The basket's gift certificate lines (Basket.GiftCertificateItems), each with its recipient and a
// remove button; the basket page returns to the selection page once the basket is empty
// (use-basket-return.ts, the target the selection page saved).

export function GiftCertificateLines(props: {
  readonly items: readonly GiftCertificateItem[];
  readonly locale: string;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { removing, remove } = useLineRemoval(props.update, props.showFailure);
  if (props.items.length === 0) return null;
  return (
    <section className="event-group" aria-label={t('giftCertificates.title')}>
      <h2 className="event-group__title">{t('giftCertificates.title')}</h2>
      <ul className="gift-certificate-lines">
        {props.items.map((item) => (
          <li key={item.ID} className="gift-certificate-line" data-testid="gift-certificate-line">
            <span>
              {t('giftCertificates.line')}
              {item.RecipientName ? ` ${t('giftCertificates.lineFor', { name: item.RecipientName })}` : ''}
            </span>
            <span>{formatMoney(item.LineTotal, props.locale)}</span>
            <button
              type="button"
              className="link-button"
              disabled={removing.has(item.ID)}
              onClick={() => void remove(item.ID)}
            >
              {t('giftCertificates.remove')}
              <span className="visually-hidden">: {formatMoney(item.LineTotal, props.locale)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
