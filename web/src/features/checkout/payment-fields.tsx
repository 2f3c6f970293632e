import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { CardForm } from '../payments/card-form.tsx';
import { PayPalButtons } from '../payments/paypal-buttons.tsx';
import { StripeCardForm, type StripeCard } from '../payments/stripe-card-form.tsx';
import { isShown } from './checkout-form.ts';
import { fieldErrorText } from './field-error-text.ts';
import { fieldId } from './form-field.tsx';
import type { CheckoutForm } from './use-checkout-form.ts';
import { isStripeCard } from './pay-context.ts';
import type { usePay } from './use-pay.ts';

// What the chosen payment type asks for on the payment page: the card fields (ours for the
// offline processor, Stripe's card Element for Stripe), PayPal's button, or a word on the
// hand-off (Afterpay, WorldPay). A signed-in customer paying through Stripe may keep the card
// for next time; their saved card itself needs nothing more here.

const CARD_LABELS = {
  CardNumber: 'payments.card.number',
  CardExpiry: 'payments.card.expiry',
  CardCvc: 'payments.card.cvc',
  CardHolderName: 'payments.card.holder',
} as const;

const CARD_CODES = new Set([
  'incomplete_number',
  'invalid_number',
  'incomplete_expiry',
  'invalid_expiry_month',
  'invalid_expiry_month_past',
  'invalid_expiry_year',
  'invalid_expiry_year_past',
  'incomplete_cvc',
  'invalid_cvc',
]);

export function PaymentFields(props: {
  type: ConsumerPaymentType;
  form: CheckoutForm;
  payment: ReturnType<typeof usePay>;
  stripeCard: RefObject<StripeCard | null>;
  currency: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { type, form, payment } = props;
  const cardError = (name: keyof typeof CARD_LABELS) =>
    fieldErrorText(t, form.shownError(name), t(CARD_LABELS[name]), form.serverMessage(name));

  if (type.PaymentType === 'SavedCard') return null;
  if (isStripeCard(type)) {
    if (!type.ScriptUrl || !type.PublishableKey)
      return <p className="notice">{t('payments.card.unavailable')}</p>;
    const problem = payment.cardProblem;
    return (
      <>
        <StripeCardForm
          scriptUrl={type.ScriptUrl}
          publishableKey={type.PublishableKey}
          holderName={form.text('CardHolderName')}
          holderError={cardError('CardHolderName')}
          cardError={
            problem
              ? problem.code && CARD_CODES.has(problem.code)
                ? t(`checkout.error.${problem.code}`)
                : (problem.message ?? t('checkout.error.invalid_number'))
              : (cardError('CardNumber') ?? null)
          }
          disabled={props.busy}
          onHolderChange={(value) => form.change('CardHolderName', value)}
          onHolderBlur={() => form.blur('CardHolderName')}
          onCardChange={(change) => {
            payment.setCardProblem(
              change.error
                ? { code: change.error.code ?? null, message: change.error.message ?? null }
                : null,
            );
            // A card the server refused (its 400 named the card) is flagged until it changes.
            if (form.serverMessage('CardNumber') !== null || form.shownError('CardNumber') === 'server')
              form.change('CardNumber', '');
          }}
          onReady={(card) => {
            props.stripeCard.current = card;
          }}
          onLoadFailed={() => payment.setProblem({ kind: 'gateway' })}
        />
        {isShown(form.rules, 'SaveCreditCard') && (
          <label className="basket-check checkout-save-card">
            <input
              id={fieldId('SaveCreditCard')}
              type="checkbox"
              checked={form.checked('SaveCreditCard')}
              disabled={props.busy}
              onChange={(event) => form.change('SaveCreditCard', event.target.checked)}
            />
            <span>{t('checkout.saveCard')}</span>
          </label>
        )}
      </>
    );
  }
  if (type.PaymentType === 'CreditCard')
    return (
      <CardForm
        values={{
          CardNumber: form.text('CardNumber'),
          CardExpiry: form.text('CardExpiry'),
          CardCvc: form.text('CardCvc'),
          CardHolderName: form.text('CardHolderName'),
        }}
        errors={{
          CardNumber: cardError('CardNumber') ?? undefined,
          CardExpiry: cardError('CardExpiry') ?? undefined,
          CardCvc: cardError('CardCvc') ?? undefined,
          CardHolderName: cardError('CardHolderName') ?? undefined,
        }}
        disabled={props.busy}
        onChange={form.change}
        onBlur={form.blur}
      />
    );
  if (type.PaymentType === 'PayPal' && type.ScriptUrl && type.ClientId)
    return (
      <PayPalButtons
        scriptUrl={type.ScriptUrl}
        clientId={type.ClientId}
        currency={props.currency}
        disabled={props.busy}
        onClick={payment.payPalClick}
        createOrder={payment.payPalOrder}
        onApprove={payment.payPalApproved}
        onError={() => payment.setProblem((problem) => problem ?? { kind: 'paymentError', message: null })}
        onLoadFailed={() => payment.setProblem({ kind: 'gateway' })}
      />
    );
  return <p className="field-hint">{t(`payments.handOff.${type.PaymentType}`)}</p>;
}
