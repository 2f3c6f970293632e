import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftCertificateOptions } from '../../../../adapters/http/contract/gift-certificates.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { isApiError } from '../../api/api-error.ts';
import { ErrorPanel } from '../../ui/error-panel.tsx';
import { Loading } from '../../ui/loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { rememberReturnTarget } from '../basket/return-target.ts';
import { addGiftCertificate, fetchGiftOptions } from './gift-certificates-api.ts';
import { amountWithin, chosenAmount, type AmountChoice } from './gift-choice.ts';
import '../../ui/styles/forms.css';
import './gift-certificates.css';

// /giftcertificates: a buyer chooses an amount (one offered, or their own within the limits) and
// who the certificate is for, adds it to the basket and pays through the normal checkout. The
// tab remembers this page, so a basket emptied of its certificates comes back here.

export const GIFT_CERTIFICATES_PATH = '/giftcertificates';

export function GiftCertificateScreen() {
  const { t } = useTranslation();
  usePageTitle(t('giftCertificates.title'));
  const [options, setOptions] = useState<
    | { status: 'loading' }
    | { status: 'failed'; error: unknown }
    | { status: 'ready'; value: GiftCertificateOptions }
  >({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchGiftOptions(abort.signal).then(
      (value) => setOptions({ status: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setOptions({ status: 'failed', error });
      },
    );
    return () => abort.abort();
  }, []);
  if (options.status === 'loading') return <Loading label={t('giftCertificates.title')} />;
  if (options.status === 'failed')
    return <ErrorPanel title={t('giftCertificates.title')} error={options.error} />;
  return <GiftForm options={options.value} />;
}

function GiftForm(props: { options: GiftCertificateOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const { options } = props;
  const [choice, setChoice] = useState<AmountChoice | null>(null);
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const amount = chosenAmount(choice);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amountWithin(amount, options)) {
      setError(t('giftCertificates.chooseAmount'));
      return;
    }
    setAdding(true);
    setError(null);
    try {
      await addGiftCertificate({
        Amount: amount!,
        RecipientName: recipientName,
        RecipientEmail: recipientEmail,
        Message: message,
      });
      rememberReturnTarget({ kind: 'giftCertificate', path: GIFT_CERTIFICATES_PATH });
      await navigate({ to: '/checkout/basket' });
    } catch (failure) {
      setError((isApiError(failure) ? failure.serverMessage : undefined) ?? t('error.generic'));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="gift-certificates">
      <h1>{t('giftCertificates.title')}</h1>
      <p>{t('giftCertificates.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend>{t('giftCertificates.amount')}</legend>
          {options.Amounts.map((offered) => (
            <label key={offered} className="radio">
              <input
                type="radio"
                name={`${id}-amount`}
                checked={choice?.kind === 'offered' && choice.amount === offered}
                onChange={() => setChoice({ kind: 'offered', amount: offered })}
              />
              {formatMoney(offered, options.CurrencyLocale)}
            </label>
          ))}
          <label className="radio">
            <input
              type="radio"
              name={`${id}-amount`}
              checked={choice?.kind === 'custom'}
              onChange={() => setChoice({ kind: 'custom', typed: '' })}
            />
            {t('giftCertificates.custom')}
          </label>
          {choice?.kind === 'custom' && (
            <div className="form-field">
              <label htmlFor={`${id}-custom`}>{t('giftCertificates.custom')}</label>
              <input
                id={`${id}-custom`}
                className="text-input"
                inputMode="decimal"
                value={choice.typed}
                aria-describedby={`${id}-custom-hint`}
                onChange={(e) => setChoice({ kind: 'custom', typed: e.target.value })}
              />
              <p id={`${id}-custom-hint`} className="form-field__hint">
                {t('giftCertificates.customHint', {
                  min: formatMoney(options.Minimum, options.CurrencyLocale),
                  max: formatMoney(options.Maximum, options.CurrencyLocale),
                })}
              </p>
            </div>
          )}
        </fieldset>
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('giftCertificates.recipientName')}</label>
          <input
            id={`${id}-name`}
            className="text-input"
            maxLength={options.RecipientNameMaxLength}
            value={recipientName}
            onChange={(e) => setRecipientName(e.target.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-email`}>{t('giftCertificates.recipientEmail')}</label>
          <input
            id={`${id}-email`}
            className="text-input"
            type="email"
            value={recipientEmail}
            aria-describedby={`${id}-email-hint`}
            onChange={(e) => setRecipientEmail(e.target.value)}
          />
          <p id={`${id}-email-hint`} className="form-field__hint">
            {t('giftCertificates.recipientEmailHint')}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-message`}>{t('giftCertificates.message')}</label>
          <textarea
            id={`${id}-message`}
            className="text-input gift-certificates__message"
            maxLength={options.MessageMaxLength}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {error && (
          <p className="notice" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={adding}>
          {adding ? t('giftCertificates.adding') : t('giftCertificates.add')}
        </button>
      </form>
    </div>
  );
}
