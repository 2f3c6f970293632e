import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampSeatQuantity,
  quantityRange,
  type PlanQuantityLimits,
} from '../../../../core/plans/seat-quantity.ts';
import '../../ui/styles/forms.css';

/**
 * The plan's same seat quantity (core/plans/seat-quantity.ts). The typed number is taken when the
 * field is left or Enter is pressed, not at each key, so typing 10 never passes through 1: a
 * number outside the plan's limits is brought within them and the limits are said.
 */
export function SeatQuantityField(props: {
  readonly limits: PlanQuantityLimits;
  readonly quantity: number;
  /** Shown under the field until the next change (the URL's seatQty may have been clamped). */
  readonly message: string | null;
  readonly onChange: (quantity: number, message: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const { min, max } = quantityRange(props.limits);

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const asked = draft.trim() === '' ? Number.NaN : Number(draft);
    const clamped = clampSeatQuantity(asked, props.limits);
    props.onChange(
      clamped.quantity,
      clamped.message === null ? null : t('plans.quantityLimits', { min, max }),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };

  return (
    // noValidate: the browser would refuse to submit a number beyond max, where the plan's rule
    // must clamp it and say the limits.
    <form className="plan-quantity" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('plans.seatQuantity')}</label>
      <input
        id={id}
        className="text-input"
        name="seatQty"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft ?? String(props.quantity)}
        aria-describedby={props.message ? messageId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
      {props.message ? (
        <p id={messageId} className="plan-quantity__message" role="alert">
          {props.message}
        </p>
      ) : null}
    </form>
  );
}
