import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GiftCertificateOptions } from '../../../../adapters/http/contract/gift-certificates.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { BasketData } from '../basket/basket-api.ts';
import { addGiftCertificate, fetchGiftOptions } from './gift-certificates-api.ts';
import { amountWithin, chosenAmount, type AmountChoice } from './gift-choice.ts';
import '../../ui/styles/forms.css';
import './gift-certificates.css';

// The counter's way to sell a gift certificate (web/src/features/staff-basket/): an offered or
// typed amount, and the recipient when it is a present, into the staff basket on its own sales
// channel. Issued and e-mailed once the counter order is paid (adapters/http/counter/plugin.ts).

export function CounterGiftCertificatePanel(props: {
  readonly salesChannel: string;
  readonly update: (run: () => Promise<BasketData>) => Promise<BasketData>;
  readonly showFailure: (error: unknown) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [options, setOptions] = useState<GiftCertificateOptions | null>(null);
  const [choice, setChoice] = useState<AmountChoice | null>(null);
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchGiftOptions(abort.signal).then(setOptions, () => setOptions(null));
    return () => abort.abort();
  }, []);
  if (!options) return null;
  const money = (amount: number) => formatMoney(amount, options.CurrencyLocale);
  const add = async () => {
    const amount = chosenAmount(choice);
    if (!amountWithin(amount, options)) {
      setProblem(
        choice?.kind === 'custom'
          ? t('giftCertificates.customHint', { min: money(options.Minimum), max: money(options.Maximum) })
          : t('giftCertificates.chooseAmount'),
      );
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await props.update(() =>
        addGiftCertificate({
          Amount: amount!,
          RecipientName: recipientName.trim() || null,
          RecipientEmail: recipientEmail.trim() || null,
          salesChannel: props.salesChannel,
        }),
      );
      setChoice(null);
      setRecipientName('');
      setRecipientEmail('');
    } catch (error) {
      await props.showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const offered = choice?.kind === 'offered' ? String(choice.amount) : choice ? 'custom' : '';
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('giftCertificates.counter.title')}
      </h2>
      <form
        className="counter-gift"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="field-label" htmlFor={`${id}-amount`}>
          {t('giftCertificates.amount')}
        </label>
        <select
          className="text-input"
          id={`${id}-amount`}
          value={offered}
          onChange={(e) =>
            setChoice(
              e.target.value === ''
                ? null
                : e.target.value === 'custom'
                  ? { kind: 'custom', typed: '' }
                  : { kind: 'offered', amount: Number(e.target.value) },
            )
          }
        >
          <option value="">{t('giftCertificates.counter.choose')}</option>
          {options.Amounts.map((amount) => (
            <option key={amount} value={amount}>
              {money(amount)}
            </option>
          ))}
          <option value="custom">{t('giftCertificates.custom')}</option>
        </select>
        {choice?.kind === 'custom' && (
          <>
            <label className="field-label" htmlFor={`${id}-custom`}>
              {t('giftCertificates.custom')}
            </label>
            <input
              className="text-input"
              id={`${id}-custom`}
              inputMode="decimal"
              value={choice.typed}
              onChange={(e) => setChoice({ kind: 'custom', typed: e.target.value })}
            />
          </>
        )}
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('giftCertificates.recipientName')}
        </label>
        <input
          className="text-input"
          id={`${id}-name`}
          value={recipientName}
          maxLength={options.RecipientNameMaxLength}
          onChange={(e) => setRecipientName(e.target.value)}
        />
        <label className="field-label" htmlFor={`${id}-email`}>
          {t('giftCertificates.recipientEmail')}
        </label>
        <input
          className="text-input"
          id={`${id}-email`}
          type="email"
          value={recipientEmail}
          onChange={(e) => setRecipientEmail(e.target.value)}
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--secondary button--small" disabled={busy}>
          {t('giftCertificates.counter.add')}
        </button>
      </form>
    </section>
  );
}
