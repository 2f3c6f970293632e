import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_HOLDER_NAME_MAX, cardHolderName } from '../../../../core/payments/card-validation.ts';
import { fieldId, TextField } from '../checkout/form-field.tsx';
import { loadGatewayScript } from './gateway-script.ts';
import type { StripeCardChange, StripeCardElement, StripeConstructor, StripeJs } from './stripe-js.ts';

// The card form of the payment page when the account takes cards through Stripe: Stripe.js's
// card Element (number, expiry and CVC in Stripe's own frame, so the card never touches this
// page) and the holder's name, of which only the last 30 characters are sent.

export interface StripeCard {
  readonly stripe: StripeJs;
  readonly card: StripeCardElement;
}

export function StripeCardForm(props: {
  scriptUrl: string;
  publishableKey: string;
  holderName: string;
  holderError: string | null;
  /** The card's error in words (from the Element, or the server's refusal). */
  cardError: string | null;
  disabled: boolean;
  onHolderChange: (value: string) => void;
  onHolderBlur: () => void;
  onCardChange: (change: StripeCardChange) => void;
  /** The card Element is mounted (or gone: null): Pay uses it. */
  onReady: (card: StripeCard | null) => void;
  /** Stripe.js could not be loaded after the retries (the page shows an error modal). */
  onLoadFailed: () => void;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    let mounted: StripeCardElement | null = null;
    let live = true;
    setStatus('loading');
    loadGatewayScript<StripeConstructor>(props.scriptUrl, 'Stripe').then(
      (Stripe) => {
        if (!live || !host.current) return;
        const stripe = Stripe(props.publishableKey);
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.on('change', (change) => latest.current.onCardChange(change));
        card.on('ready', () => live && setStatus('ready'));
        card.mount(host.current);
        mounted = card;
        setStatus('ready');
        latest.current.onReady({ stripe, card });
      },
      () => {
        if (!live) return;
        setStatus('failed');
        latest.current.onLoadFailed();
      },
    );
    return () => {
      live = false;
      mounted?.destroy();
      latest.current.onReady(null);
    };
  }, [props.scriptUrl, props.publishableKey]);

  const holder = props.holderName;
  const id = fieldId('CardNumber');
  return (
    <fieldset className="card-form" disabled={props.disabled}>
      <legend className="visually-hidden">{t('payments.card.legend')}</legend>
      <div className="checkout-field">
        <span className="field-label" id={`${id}-label`}>
          {t('payments.card.details')}
        </span>
        <div
          id={id}
          ref={host}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={props.cardError ? `${id}-error` : undefined}
          aria-busy={status === 'loading'}
          className={`stripe-card text-input${props.cardError ? ' stripe-card--invalid' : ''}`}
          data-testid="stripe-card"
        />
        {status === 'loading' && <p className="field-hint">{t('payments.card.loadingSecure')}</p>}
        {status === 'failed' && <p className="field-error">{t('payments.gateway.error')}</p>}
        {props.cardError && (
          <p className="field-error" id={`${id}-error`}>
            {props.cardError}
          </p>
        )}
      </div>
      <TextField
        name="CardHolderName"
        label={t('payments.card.holder')}
        value={holder}
        required
        autoComplete="cc-name"
        error={props.holderError}
        hint={
          [...holder.trim()].length > CARD_HOLDER_NAME_MAX
            ? t('payments.card.holderCut', {
                count: CARD_HOLDER_NAME_MAX,
                name: cardHolderName(holder.trim()),
              })
            : undefined
        }
        onChange={props.onHolderChange}
        onBlur={props.onHolderBlur}
      />
    </fieldset>
  );
}
