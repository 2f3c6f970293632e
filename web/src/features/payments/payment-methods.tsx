import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';

// How to pay: one choice per payment type the server offers for this basket (GET
// consumerPaymentTypes), in its order. The wallet type is a button of its own (shown only where
// the device can pay), and saved cards need an account (not offered until accounts exist).

const CHOICE_TYPES = new Set(['CreditCard', 'PayPal', 'Afterpay', 'WorldPay']);

export const choosableTypes = (types: readonly ConsumerPaymentType[]) =>
  types.filter((type) => CHOICE_TYPES.has(type.PaymentType));

export function PaymentMethodChoice(props: {
  types: readonly ConsumerPaymentType[];
  chosen: ConsumerPaymentType | null;
  disabled: boolean;
  onChoose: (type: ConsumerPaymentType) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const types = choosableTypes(props.types);
  if (types.length < 2) return null;
  return (
    <fieldset className="payment-choice" disabled={props.disabled}>
      <legend className="field-label">{t('payments.choose')}</legend>
      <div className="payment-choice__options">
        {types.map((type) => (
          <label
            key={type.PaymentMethodId}
            className={`basket-choice payment-choice__option${
              props.chosen?.PaymentMethodId === type.PaymentMethodId ? ' basket-choice--chosen' : ''
            }`}
          >
            <input
              type="radio"
              name={`${id}-type`}
              checked={props.chosen?.PaymentMethodId === type.PaymentMethodId}
              onChange={() => props.onChoose(type)}
            />
            <span className="basket-choice__text">
              <span className="basket-choice__name">{t(`payments.type.${type.PaymentType}`)}</span>
              <span className="basket-choice__hint">{t(`payments.typeHint.${type.PaymentType}`)}</span>
            </span>
            <span className={`payment-mark payment-mark--${type.PaymentType}`} aria-hidden="true" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The wallet button (Apple Pay), drawn as Apple asks: black, its mark and words. */
export function WalletButton(props: { disabled: boolean; onPay: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="wallet">
      <button
        type="button"
        className="wallet__button"
        disabled={props.disabled}
        onClick={props.onPay}
        lang="en"
        aria-label={t('payments.applePay.button')}
      >
        <span aria-hidden="true"> Pay</span>
      </button>
      <p className="wallet__or">
        <span>{t('payments.orPayBelow')}</span>
      </p>
    </div>
  );
}
