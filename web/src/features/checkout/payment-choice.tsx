import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '../../../../adapters/http/contract/account.ts';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { choosableTypes, PaymentMethodChoice } from '../payments/payment-methods.tsx';
import { sameChoice, savedCardWords } from './saved-card.ts';

// How to pay, with the signed-in customer's saved card first when there is one ("Pay with Visa
// ending in 4242"), then the payment types as the payments feature lists them. Without a saved
// card it is that list as it is.

export function PaymentChoice(props: {
  types: readonly ConsumerPaymentType[];
  /** The saved card and its payment choice (PaymentType SavedCard). */
  saved: { readonly card: SavedCard; readonly type: ConsumerPaymentType } | null;
  chosen: ConsumerPaymentType | null;
  disabled: boolean;
  onChoose: (type: ConsumerPaymentType) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { saved } = props;
  if (!saved)
    return (
      <PaymentMethodChoice
        types={props.types}
        chosen={props.chosen}
        disabled={props.disabled}
        onChoose={props.onChoose}
      />
    );
  const words = savedCardWords(saved.card);
  const option = (type: ConsumerPaymentType, name: string, hint: string, mark: string) => {
    const chosen = sameChoice(props.chosen, type);
    return (
      <label
        key={`${type.PaymentType}-${type.PaymentMethodId}`}
        className={`basket-choice payment-choice__option${chosen ? ' basket-choice--chosen' : ''}`}
      >
        <input type="radio" name={`${id}-type`} checked={chosen} onChange={() => props.onChoose(type)} />
        <span className="basket-choice__text">
          <span className="basket-choice__name">{name}</span>
          <span className="basket-choice__hint">{hint}</span>
        </span>
        <span className={`payment-mark payment-mark--${mark}`} aria-hidden="true" />
      </label>
    );
  };
  return (
    <fieldset className="payment-choice" disabled={props.disabled}>
      <legend className="field-label">{t('payments.choose')}</legend>
      {/* The saved card on a row of its own, the other ways below it. */}
      {option(
        saved.type,
        words.brand
          ? t('checkout.savedCard.pay', { brand: words.brand, last4: words.last4 })
          : t('checkout.savedCard.payUnbranded', { last4: words.last4 }),
        t('checkout.savedCard.hint'),
        'CreditCard',
      )}
      <div className="payment-choice__options">
        {choosableTypes(props.types).map((type) =>
          option(
            type,
            type.PaymentType === 'CreditCard'
              ? t('checkout.savedCard.newCard')
              : t(`payments.type.${type.PaymentType}`),
            t(`payments.typeHint.${type.PaymentType}`),
            type.PaymentType,
          ),
        )}
      </div>
    </fieldset>
  );
}
