import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quantityDigits, quantityOfText } from '../basket/product-offers.ts';

/**
 * − / digits / +: never below 0 nor above `max` (what is left for a counted variant); an emptied
 * field counts as 0 when left. The buttons say which item they change, for screen readers.
 */
export function SelectionStepper(props: {
  item: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  // What the buyer is typing, while the field has focus; otherwise the quantity itself.
  const [typing, setTyping] = useState<string | null>(null);
  const change = (quantity: number) => {
    const next = Math.min(props.max, Math.max(0, quantity));
    if (next !== props.value) props.onChange(next);
  };
  return (
    <div
      className="selection-stepper"
      role="group"
      aria-label={t('productSelection.quantityOf', { item: props.item })}
    >
      <button
        type="button"
        aria-label={t('productSelection.less', { item: props.item })}
        disabled={props.value <= 0}
        onClick={() => change(props.value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={t('productSelection.quantityOf', { item: props.item })}
        value={typing ?? String(props.value)}
        onFocus={() => setTyping(String(props.value))}
        onChange={(e) => {
          const digits = quantityDigits(e.target.value);
          setTyping(digits);
          if (digits !== '') change(quantityOfText(digits));
        }}
        onBlur={() => {
          if (typing !== null) change(quantityOfText(typing));
          setTyping(null);
        }}
      />
      <button
        type="button"
        aria-label={t('productSelection.more', { item: props.item })}
        disabled={props.value >= props.max}
        onClick={() => change(props.value + 1)}
      >
        +
      </button>
    </div>
  );
}
