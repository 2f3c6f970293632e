import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentLinkViewModel } from '../../../../adapters/http/contract/payment-links.ts';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { MessagePage } from '../../ui/message-page.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { createOfflineToken } from '../checkout/checkout-api.ts';
import { fieldErrorText } from '../checkout/field-error-text.ts';
import { fieldId, TextField } from '../checkout/form-field.tsx';
import { AuthenticationStep } from '../payments/authentication-step.tsx';
import { CardForm } from '../payments/card-form.tsx';
import { StripeCardForm, type StripeCard } from '../payments/stripe-card-form.tsx';
import { cardBrandOf, createPaymentMethodWithRetry } from '../payments/stripe-js.ts';
import { rememberLink, rememberPayer } from './link-storage.ts';
import { moneyOf } from './money.ts';
import {
  checkLinkForm,
  emptyLinkForm,
  keepsAttempt,
  linkParamsOf,
  type LinkFormErrors,
  type LinkFormValues,
  type LinkParams,
  type LinkPayOutcome,
} from './payment-link-form.ts';
import { fetchLinkViewModel, postLinkPayment, setUpWorldPay } from './payment-links-api.ts';
import './payment-links.css';

// /payment/paymentlink?gsRequestId&paymentCode: a group pays the deposit or balance staff asked
// for. The card goes only to the card processor's side (the offline processor's tokenise call, or
// Stripe.js's card Element); POST /api/payments carries the token. A 422 RequiresAction runs the
// card authentication (the offline bank page in AuthenticationStep, or Stripe's next action),
// then the payment is sent again with the same idempotency key and the PaymentIntentId, as
// checkout does.

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; vm: PaymentLinkViewModel };

interface Attempt {
  readonly key: string;
  readonly paymentIntentId: string | null;
  readonly token: { Token: string; CardBrand: string; CCBin?: string; CCLast4: string | null } | null;
  /** Stripe's next action ran once for this attempt: a second 422 is not authenticated again. */
  readonly authenticated?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const CARD_LABELS = {
  CardNumber: 'payments.card.number',
  CardExpiry: 'payments.card.expiry',
  CardCvc: 'payments.card.cvc',
  CardHolderName: 'payments.card.holder',
} as const;

export function PaymentLinkScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const link = linkParamsOf((location.search ?? {}) as Record<string, unknown>);
  usePageTitle(t('paymentLink.title'));
  if (!link)
    return (
      <MessagePage
        tone="warning"
        title={t('paymentLink.title')}
        body={t('paymentLink.missing')}
        actions={
          <Link to="/" className="button">
            {t('common.backToWhatsOn')}
          </Link>
        }
      />
    );
  return <PaymentLinkPage link={link} />;
}

function PaymentLinkPage({ link }: { link: LinkParams }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [values, setValues] = useState<LinkFormValues>(emptyLinkForm);
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [actionUrl, setActionUrl] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const stripeCard = useRef<StripeCard | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);

  useEffect(() => {
    rememberLink(window.location.href);
    const abort = new AbortController();
    fetchLinkViewModel(link, abort.signal).then(
      (vm) => setLoad({ state: 'ready', vm }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isApiError(error) && error.status === 401)
          void navigate({ to: '/payment/Unauthorized', replace: true });
        else setLoad({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [link.gsRequestId, link.paymentCode]);

  if (load.state === 'loading') return <Loading label={t('paymentLink.loading')} />;
  if (load.state === 'failed')
    return (
      <MessagePage
        tone="warning"
        title={t('paymentLink.title')}
        body={t('paymentLink.loadFailed')}
        actions={
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  const { vm } = load;
  const stripe = vm.CardProcessor === 'Stripe' && vm.ScriptUrl && vm.PublishableKey ? vm : null;
  const amount = moneyOf(vm.Amount, vm.Currency, i18n.language);
  if (vm.Status !== 'open')
    return (
      <MessagePage
        title={t('paymentLink.title')}
        body={t(vm.Status === 'paid' ? 'paymentLink.alreadyPaid' : 'paymentLink.cancelled')}
        actions={
          vm.PaymentId !== null ? (
            <Link
              to="/payment/confirmation/$paymentId"
              params={{ paymentId: String(vm.PaymentId) }}
              className="button"
            >
              {t('paymentLink.viewConfirmation')}
            </Link>
          ) : (
            <Link to="/" className="button">
              {t('common.backToWhatsOn')}
            </Link>
          )
        }
      />
    );

  const change = <K extends keyof LinkFormValues>(field: K, value: LinkFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(checkLinkForm(next, new Date()).errors);
  };

  const errorText = (field: keyof LinkFormErrors, label: string) => {
    const code = errors[field];
    if (!code) return null;
    if (field === 'AcceptTermsOfService') return t('checkout.error.terms');
    return fieldErrorText(t, code as never, label);
  };

  /** What an answer means on this page; the attempt goes on only while its outcome is open. */
  const settle = async (outcome: LinkPayOutcome, open: Attempt) => {
    attempt.current = keepsAttempt(outcome) ? open : null;
    switch (outcome.kind) {
      case 'paid':
        await navigate({
          to: '/payment/confirmation/$paymentId',
          params: { paymentId: String(outcome.paymentId) },
        });
        return;
      case 'requiresAction': {
        const next = { ...open, paymentIntentId: outcome.paymentIntentId };
        attempt.current = next;
        const handle = stripeCard.current;
        if (stripe && handle && !open.authenticated) {
          // Stripe's next action (3-D Secure in Stripe's frame), then the same attempt once more.
          await handle.stripe.handleNextAction({ clientSecret: outcome.clientSecret }).catch(() => undefined);
          await submit({ ...next, authenticated: true });
        } else if (outcome.actionUrl && !stripe) setActionUrl(outcome.actionUrl);
        else {
          attempt.current = null;
          setProblem(t('paymentLink.failed'));
        }
        return;
      }
      case 'unauthorized':
        await navigate({ to: '/payment/Unauthorized', replace: true });
        return;
      case 'declined':
        setProblem(outcome.message ?? t('paymentLink.declined'));
        return;
      case 'network':
        setProblem(t('paymentLink.network'));
        return;
      default:
        setProblem(outcome.message ?? t('paymentLink.failed'));
    }
  };

  const submit = async (open: Attempt) => {
    const outcome = await postLinkPayment({
      IdempotencyKey: open.key,
      PaymentRequestId: link.gsRequestId,
      PaymentCode: link.paymentCode,
      PaymentRequestType: 0,
      PaymentType: 'CreditCard',
      Amount: vm.Amount,
      IsDepositPayment: vm.IsDepositPayment,
      ...(open.token ?? {}),
      ...(open.paymentIntentId ? { PaymentIntentId: open.paymentIntentId } : {}),
      CardHolderName: values.CardHolderName.trim().slice(-30),
      FirstName: values.FirstName.trim(),
      LastName: values.LastName.trim(),
      Email: values.Email.trim(),
      AcceptTermsOfService: values.AcceptTermsOfService,
    });
    await settle(outcome, open);
  };

  const pay = async () => {
    if (busy) return;
    setTried(true);
    setProblem(null);
    const checked = checkLinkForm(values, new Date(), !stripe);
    const errorsNow: LinkFormErrors = {
      ...checked.errors,
      ...(stripe && !values.CardHolderName.trim() ? { CardHolderName: 'required' } : {}),
    };
    setErrors(errorsNow);
    const first = Object.keys(errorsNow)[0];
    if (first) {
      document.getElementById(fieldId(first as never))?.focus();
      return;
    }
    setBusy(true);
    try {
      let open = attempt.current;
      if (!open && stripe) {
        const handle = stripeCard.current;
        if (!handle) {
          setProblem(t('paymentLink.failed'));
          return;
        }
        const made = await createPaymentMethodWithRetry(
          () =>
            handle.stripe.createPaymentMethod({
              type: 'card',
              card: handle.card,
              billing_details: { name: values.CardHolderName.trim().slice(-30), email: values.Email.trim() },
            }),
          sleep,
        );
        if (!made.paymentMethod) {
          setStripeError(made.error?.message ?? t('checkout.error.invalid_number'));
          return;
        }
        const last4 = made.paymentMethod.card?.last4;
        open = {
          key: crypto.randomUUID(),
          paymentIntentId: null,
          token: {
            Token: made.paymentMethod.id,
            CardBrand: cardBrandOf(made.paymentMethod.card?.brand),
            CCLast4: last4 && /^\d{4}$/.test(last4) ? last4 : null,
          },
        };
      }
      if (!open) {
        if (!checked.card) return;
        if (vm.CardProcessor !== 'Offline') {
          // A processor with no browser side here (Stripe without STRIPE_PUBLISHABLE_KEY).
          setProblem(t('paymentLink.failed'));
          return;
        }
        const tokenised = await createOfflineToken({
          number: checked.card.number,
          expMonth: checked.card.expMonth,
          expYear: checked.card.expYear,
          cvc: checked.card.cvc,
          name: checked.card.holderName,
        });
        if (!tokenised.ok) {
          setProblem(
            tokenised.status === 0
              ? t('paymentLink.network')
              : (tokenised.message ?? t('paymentLink.fixFields')),
          );
          return;
        }
        open = { key: crypto.randomUUID(), paymentIntentId: null, token: tokenised.token };
      }
      await submit(open);
    } finally {
      setBusy(false);
    }
  };

  const afterAuthentication = async (result: 'done' | 'cancelled') => {
    setActionUrl(null);
    const open = attempt.current;
    if (result === 'cancelled' || !open) {
      attempt.current = null;
      setProblem(t('paymentLink.authCancelled'));
      return;
    }
    setBusy(true);
    try {
      await submit(open);
    } finally {
      setBusy(false);
    }
  };

  const payWithWorldPay = async () => {
    setTried(true);
    setProblem(null);
    const checked = checkLinkForm(values, new Date(), false);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    setBusy(true);
    try {
      rememberPayer({
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        Email: values.Email.trim(),
        AcceptTermsOfService: values.AcceptTermsOfService,
      });
      const { url } = await setUpWorldPay(link, values.Email.trim());
      await navigate({ to: '/payment/worldPay', search: { worldPayUrl: url } as never });
    } catch (error) {
      setProblem((isApiError(error) ? error.serverMessage : undefined) ?? t('paymentLink.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="payment-link" aria-labelledby="payment-link-title">
      <h1 id="payment-link-title">{t('paymentLink.title')}</h1>
      <div className="payment-link__summary" data-testid="payment-link-summary">
        <p>{t('paymentLink.for', { name: vm.CustomerName })}</p>
        <p>
          <span className="payment-link__kind">
            {t(vm.IsDepositPayment ? 'paymentLink.deposit' : 'paymentLink.balance')}
          </span>
          {': '}
          {vm.Description}
        </p>
        <p className="payment-link__amount">
          {t('paymentLink.amountDue')}: <strong data-testid="payment-link-amount">{amount}</strong>
        </p>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <fieldset className="payment-link__details" disabled={busy}>
          <legend>{t('paymentLink.yourDetails')}</legend>
          {(['FirstName', 'LastName', 'Email'] as const).map((field) => (
            <TextField
              key={field}
              name={field}
              label={t(`checkout.contact.${field}`)}
              value={values[field]}
              required
              type={field === 'Email' ? 'email' : 'text'}
              autoComplete={
                field === 'Email' ? 'email' : field === 'FirstName' ? 'given-name' : 'family-name'
              }
              error={errorText(field, t(`checkout.contact.${field}`))}
              onChange={(value) => change(field, value)}
              onBlur={() => undefined}
            />
          ))}
        </fieldset>
        <h2>{t('paymentLink.card')}</h2>
        {stripe ? (
          <StripeCardForm
            scriptUrl={stripe.ScriptUrl!}
            publishableKey={stripe.PublishableKey!}
            holderName={values.CardHolderName}
            holderError={errorText('CardHolderName', t('payments.card.holder'))}
            cardError={stripeError}
            disabled={busy}
            onHolderChange={(value) => change('CardHolderName', value)}
            onHolderBlur={() => undefined}
            onCardChange={(card) => setStripeError(card.error?.message ?? null)}
            onReady={(card) => {
              stripeCard.current = card;
            }}
            onLoadFailed={() => setProblem(t('paymentLink.failed'))}
          />
        ) : (
          <CardForm
            values={values}
            errors={Object.fromEntries(
              (Object.keys(CARD_LABELS) as (keyof typeof CARD_LABELS)[])
                .map((field) => [field, errorText(field, t(CARD_LABELS[field]))])
                .filter(([, text]) => text !== null),
            )}
            disabled={busy}
            onChange={(field, value) => change(field, value)}
            onBlur={() => undefined}
          />
        )}
        <div className="checkout-field">
          <label className="basket-check">
            <input
              id={fieldId('AcceptTermsOfService')}
              type="checkbox"
              checked={values.AcceptTermsOfService}
              disabled={busy}
              aria-invalid={errors.AcceptTermsOfService ? true : undefined}
              aria-describedby={
                errors.AcceptTermsOfService ? `${fieldId('AcceptTermsOfService')}-error` : undefined
              }
              onChange={(event) => change('AcceptTermsOfService', event.target.checked)}
            />
            <span>{t('checkout.terms.accept')}</span>
          </label>
          {errors.AcceptTermsOfService && (
            <p className="field-error" id={`${fieldId('AcceptTermsOfService')}-error`}>
              {t('checkout.error.terms')}
            </p>
          )}
        </div>
        {problem && (
          <p className="payment-link__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="payment-link__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('paymentLink.paying') : t('paymentLink.pay', { amount })}
          </button>
          {vm.WorldPayAvailable && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void payWithWorldPay()}
            >
              {t('paymentLink.payWithWorldPay')}
            </button>
          )}
        </div>
      </form>
      {actionUrl && (
        <AuthenticationStep actionUrl={actionUrl} onFinish={(r) => void afterAuthentication(r)} />
      )}
    </section>
  );
}
