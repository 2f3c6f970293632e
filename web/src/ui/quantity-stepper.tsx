import { useState } from 'react';
import { quantityTyped, stepped, typedDigits } from './quantity-input.ts';
import './quantity-stepper.css';

/** What the stepper says to screen readers, with the item's name in each. */
export interface StepperLabels {
  readonly group: string;
  readonly less: string;
  readonly more: string;
}

/**
 * − / digits / +: never below 0 nor above `max` (quantity-input.ts). Typed digits count at once;
 * an emptied field counts as 0 when left.
 */
export function QuantityStepper(props: {
  value: number;
  max: number;
  labels: StepperLabels;
  onChange: (quantity: number) => void;
}) {
  // What the buyer is typing, while the field has focus; otherwise the quantity itself.
  const [typing, setTyping] = useState<string | null>(null);
  const change = (next: number) => {
    if (next !== props.value) props.onChange(next);
  };
  return (
    <div className="quantity-stepper" role="group" aria-label={props.labels.group}>
      <button
        type="button"
        aria-label={props.labels.less}
        disabled={props.value <= 0}
        onClick={() => change(stepped(props.value, -1, props.max))}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        maxLength={Math.max(1, String(props.max).length)}
        aria-label={props.labels.group}
        value={typing ?? String(props.value)}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          const digits = typedDigits(event.target.value, props.max);
          setTyping(digits);
          if (digits !== '') change(quantityTyped(digits, props.max));
        }}
        onBlur={() => {
          if (typing === '') change(0);
          setTyping(null);
        }}
      />
      <button
        type="button"
        aria-label={props.labels.more}
        disabled={props.value >= props.max}
        onClick={() => change(stepped(props.value, 1, props.max))}
      >
        +
      </button>
    </div>
  );
}
