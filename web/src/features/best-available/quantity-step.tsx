import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampQuantity, digitsOnly, type QuantityWarning } from './quantity.ts';

/** The quantity step (#bestAvailableQuantity): how many tickets, within the ticket limit. */
export function QuantityStep(props: {
  initial: string;
  limit: number;
  limitMessage: string;
  onSearch: (quantity: number) => void;
  onAccessible: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(() => digitsOnly(props.initial) || '2');
  const [warning, setWarning] = useState<QuantityWarning>(null);
  const submit = () => {
    const quantity = clampQuantity(typed, { limit: props.limit });
    setTyped(String(quantity.value));
    setWarning(quantity.warning);
    if (quantity.warning === null) props.onSearch(quantity.value);
  };
  return (
    <form
      className="best-available__quantity"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p>{t('bestAvailable.intro')}</p>
      <label htmlFor={id}>{t('bestAvailable.quantityLabel')}</label>
      <input
        id={id}
        name="quantity"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          setTyped(digitsOnly(event.target.value));
          setWarning(null);
        }}
      />
      <p id={`${id}-help`} className="best-available__help">
        {t('bestAvailable.quantityHelp', { limit: props.limit })}
      </p>
      {warning && (
        <p className="best-available__warning" role="alert">
          {warning === 'AboveLimit'
            ? props.limitMessage || t('bestAvailable.limitWarning', { limit: props.limit })
            : t('bestAvailable.minimumWarning', { minimum: 1 })}
        </p>
      )}
      <div className="best-available__actions">
        <button type="submit" className="button">
          {t('bestAvailable.find')}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onAccessible}>
          {t('bestAvailable.accessible')}
        </button>
      </div>
    </form>
  );
}
