import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftCertificateBalance } from '../../../../adapters/http/contract/gift-certificates.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { fetchGiftBalance } from './gift-certificates-api.ts';
import { amountToApply } from './gift-choice.ts';

// The payment page's "Gift certificate" field: a code, its balance, then "apply" takes
// min(balance, due) from it; the rest is paid the chosen way. What is applied goes with the
// checkout request (GiftCertificate), redeemed in the sale with the attempt's key: never twice.

export interface AppliedGift {
  readonly Code: string;
  readonly Amount: number;
}

export function GiftPaymentPanel(props: {
  readonly due: number;
  readonly locale: string;
  readonly applied: AppliedGift | null;
  readonly onApply: (gift: AppliedGift | null) => void;
  readonly disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<GiftCertificateBalance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const money = (minor: number) => formatMoney(minor, props.locale);

  const check = async () => {
    setChecking(true);
    setError(null);
    setFound(null);
    try {
      setFound(await fetchGiftBalance(code));
    } catch (failure) {
      setError((isApiError(failure) ? failure.serverMessage : undefined) ?? t('error.generic'));
    } finally {
      setChecking(false);
    }
  };

  if (props.applied)
    return (
      <section className="basket-panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="basket-panel__title">
          {t('giftCertificates.payTitle')}
        </h2>
        <p role="status" data-testid="gift-applied">
          {t('giftCertificates.applied', { amount: money(props.applied.Amount), code: props.applied.Code })}
        </p>
        {props.due - props.applied.Amount > 0 && (
          <p data-testid="gift-rest">
            {t('giftCertificates.rest', { amount: money(props.due - props.applied.Amount) })}
          </p>
        )}
        <button
          type="button"
          className="link-button"
          disabled={props.disabled}
          onClick={() => props.onApply(null)}
        >
          {t('giftCertificates.removeApplied')}
        </button>
      </section>
    );

  const toApply = found ? amountToApply(found.Balance, props.due) : 0;
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('giftCertificates.payTitle')}
      </h2>
      <div className="form-field">
        <label htmlFor={`${id}-code`}>{t('giftCertificates.code')}</label>
        <input
          id={`${id}-code`}
          autoComplete="off"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setFound(null);
          }}
        />
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.disabled || checking || code.trim() === ''}
        onClick={() => void check()}
      >
        {t('giftCertificates.check')}
      </button>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      {found && (
        <>
          <p role="status" data-testid="gift-balance">
            {t('giftCertificates.balance', { amount: money(found.Balance) })}
          </p>
          {toApply > 0 && (
            <button
              type="button"
              className="button"
              disabled={props.disabled}
              onClick={() => props.onApply({ Code: found.Code, Amount: toApply })}
            >
              {t('giftCertificates.apply', { amount: money(toApply) })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
