import { useTranslation } from 'react-i18next';
import {
  cvcLength,
  cardHolderName,
  CARD_HOLDER_NAME_MAX,
} from '../../../../core/payments/card-validation.ts';
import { formatExpiryInput } from '../../../../core/payments/card-expiry.ts';
import type { CardField } from '../checkout/checkout-form.ts';
import { TextField } from '../checkout/form-field.tsx';
import { CardBrandBadge } from './card-brand-badge.tsx';
import { cardNumberMaxLength, formatCardNumberInput, typedBrand } from './card-input.ts';

/**
 * The card fields: the number grouped as printed with the brand beside it,
 * the expiry auto-formatted MM/YY ('4' becomes '04/'), the CVC as long as the brand's, and the
 * holder's name, of which only the last 30 characters are sent. The number never leaves the
 * browser except to the card processor's tokenise call.
 */
export function CardForm(props: {
  values: Readonly<Record<CardField, string>>;
  errors: Readonly<Partial<Record<CardField, string>>>;
  disabled: boolean;
  onChange: (field: CardField, value: string) => void;
  onBlur: (field: CardField) => void;
}) {
  const { t } = useTranslation();
  const brand = typedBrand(props.values.CardNumber);
  const holder = props.values.CardHolderName;
  const cut = cardHolderName(holder.trim());
  const brandName = brand && brand !== 'Other' ? t(`payments.card.brand.${brand}`) : null;
  return (
    <fieldset className="card-form" disabled={props.disabled}>
      <legend className="visually-hidden">{t('payments.card.legend')}</legend>
      <TextField
        name="CardNumber"
        label={t('payments.card.number')}
        value={props.values.CardNumber}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={cardNumberMaxLength(brand)}
        error={props.errors.CardNumber ?? null}
        hint={brandName ? t('payments.card.brandIs', { brand: brandName }) : undefined}
        className="card-form__number"
        after={<CardBrandBadge brand={brand} />}
        onChange={(value) => props.onChange('CardNumber', formatCardNumberInput(value))}
        onBlur={() => props.onBlur('CardNumber')}
      />
      <div className="card-form__row">
        <TextField
          name="CardExpiry"
          label={t('payments.card.expiry')}
          value={props.values.CardExpiry}
          required
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('payments.card.expiryPlaceholder')}
          maxLength={7}
          error={props.errors.CardExpiry ?? null}
          onChange={(value) =>
            // Deleting the slash after the month must delete, not put the slash back.
            props.onChange(
              'CardExpiry',
              value.length < props.values.CardExpiry.length ? value : formatExpiryInput(value),
            )
          }
          onBlur={() => props.onBlur('CardExpiry')}
        />
        <TextField
          name="CardCvc"
          label={t('payments.card.cvc')}
          value={props.values.CardCvc}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'AmericanExpress' ? '1234' : '123'}
          maxLength={cvcLength(brand ?? 'Other')}
          error={props.errors.CardCvc ?? null}
          hint={t(brand === 'AmericanExpress' ? 'payments.card.cvcHintAmex' : 'payments.card.cvcHint')}
          onChange={(value) => props.onChange('CardCvc', value.replace(/\D/g, ''))}
          onBlur={() => props.onBlur('CardCvc')}
        />
      </div>
      <TextField
        name="CardHolderName"
        label={t('payments.card.holder')}
        value={holder}
        required
        autoComplete="cc-name"
        error={props.errors.CardHolderName ?? null}
        hint={
          [...holder.trim()].length > CARD_HOLDER_NAME_MAX
            ? t('payments.card.holderCut', { count: CARD_HOLDER_NAME_MAX, name: cut })
            : undefined
        }
        onChange={(value) => props.onChange('CardHolderName', value)}
        onBlur={() => props.onBlur('CardHolderName')}
      />
    </fieldset>
  );
}
