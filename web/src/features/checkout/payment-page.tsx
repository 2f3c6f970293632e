import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInformation } from '../../../../adapters/http/contract/accounts.ts';
import type { ConsumerPaymentType } from '../../../../adapters/http/contract/checkout.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import type { BasketViewModelData } from '../basket/basket-api.ts';
import { BasketTimer } from '../basket/basket-footer.tsx';
import { useOptIns } from '../basket/use-opt-ins.ts';
import { OptInsPanel } from '../basket/opt-ins-panel.tsx';
import { OrderSummary } from '../basket/order-summary.tsx';
import { footerTotalLabel } from '../basket/count-words.ts';
import { needsDelivery, totalsView } from '../basket/totals.ts';
import { useBasketTimer } from '../basket/use-basket-timer.ts';
import { useAccount } from '../accounts/use-account.ts';
import { AuthenticationStep } from '../payments/authentication-step.tsx';
import { deviceCanPay } from '../payments/apple-pay.ts';
import type { StripeCard } from '../payments/stripe-card-form.tsx';
import { choosableTypes, WalletButton } from '../payments/payment-methods.tsx';
import { offersAccount } from './account-offer.ts';
import { AddressFields } from './address-fields.tsx';
import { ContactFields } from './contact-fields.tsx';
import { fieldErrorText } from './field-error-text.ts';
import { fieldId } from './form-field.tsx';
import { BasketLines } from './basket-lines.tsx';
import { GiftPaymentPanel, type AppliedGift } from '../gift-certificates/gift-payment-panel.tsx';
import { coversTotal } from '../gift-certificates/gift-choice.ts';
import { PaymentChoice } from './payment-choice.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { PaymentProblemModal } from './payment-modals.tsx';
import { RegisterFields } from './register-fields.tsx';
import { savedCardTypeOf, stripeCardTypeOf } from './saved-card.ts';
import { useAccountPrefill } from './use-account-prefill.ts';
import { useCheckoutForm } from './use-checkout-form.ts';
import { isStripeCard } from './pay-context.ts';
import { RobotCheckField, useRobotCheck } from './robot-check.tsx';
import { usePay } from './use-pay.ts';
import { useSavedCard } from './use-saved-card.ts';

// The payment page: the buyer's details,
// the billing address with its country's labels, delivery, how to pay, terms and opt-ins, the
// order summary and the hold's countdown. Pay checks the form, then follows the payment type.
// Nobody signed in: the buyer may make an account of their details. A signed-in customer's
// details fill the empty form, and with cards through Stripe their saved card is a way to pay
// and a new card may be kept for next time.

export function PaymentPage(props: {
  vm: BasketViewModelData;
  receivedAt: number;
  account: AccountInformation;
  paymentTypes: readonly ConsumerPaymentType[];
  planCode: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const { vm, account } = props;
  const basket = vm.Basket;
  usePageTitle(t('checkout.title'));

  const { account: signedIn } = useAccount();
  const customer = signedIn?.SignedIn === true && signedIn.Kind === 'customer';
  const stripeCardType = stripeCardTypeOf(props.paymentTypes);
  const savedCard = useSavedCard(customer && stripeCardType !== undefined);
  const saved = useMemo(
    () => (savedCard && stripeCardType ? { card: savedCard, type: savedCardTypeOf(stripeCardType) } : null),
    [savedCard, stripeCardType],
  );

  // The saved card is the first choice until the buyer picks one; it is never chosen without one.
  const defaultType = saved?.type ?? choosableTypes(props.paymentTypes)[0] ?? null;
  const [pickedType, setChosenType] = useState<ConsumerPaymentType | null>(null);
  const chosenType =
    pickedType === null || (pickedType.PaymentType === 'SavedCard' && !saved) ? defaultType : pickedType;
  // Nothing left to pay (a gift certificate pays the whole total, or it is 0: comps) takes no
  // card: no card form, no wallet; checkout goes without one.
  const [gift, setGift] = useState<AppliedGift | null>(null);
  const dueTotal = totalsView(basket, false).total;
  const covered = gift !== null && coversTotal(gift.Amount, dueTotal);
  const nothingToPay = covered || dueTotal === 0;
  const payByCard = chosenType?.PaymentType === 'CreditCard' && !nothingToPay;
  const offerSaveCard = customer && isStripeCard(chosenType) && !nothingToPay;
  const setup = useMemo(
    () => ({
      billingFields: account.BillingFields,
      deliveryFields: vm.Fields,
      enableRewards: account.EnableAudienceRewards,
      requireTerms: account.RequireTosAgreement,
      // Only when the page knows nobody is signed in (a staff member or a customer is).
      offerAccount: offersAccount(signedIn?.SignedIn === false, chosenType),
      offerSaveCard,
    }),
    [account, vm.Fields, signedIn?.SignedIn, chosenType, offerSaveCard],
  );
  const form = useCheckoutForm(basket, setup, payByCard, isStripeCard(chosenType) && !nothingToPay);
  useAccountPrefill(customer, form.prefill);
  const stripeCard = useRef<StripeCard | null>(null);

  const {
    optIns,
    chosen: chosenOptIns,
    toggle: toggleOptIn,
  } = useOptIns(
    basket.ID,
    vm.Events.map((e) => e.EventTemplateID),
  );

  const robot = useRobotCheck();
  const payment = usePay({
    form,
    paymentType: chosenType,
    optIns: [...chosenOptIns],
    planCode: props.planCode,
    stripeCard,
    savedCardId: saved?.card.CCStripeID ?? null,
    giftCertificate: gift,
    nothingToPay,
    beforePay: robot.confirm,
  });
  const busy = payment.submitting || payment.processing;

  const secondsLeft = useBasketTimer({
    seconds: basket.SecondsTilExpiration,
    receivedAt: props.receivedAt,
    onExpired: () => void navigate({ to: '/basket/expired', replace: true }),
  });

  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (payment.banner) banner.current?.focus();
  }, [payment.banner]);

  const totals = totalsView(basket, false);
  const total = formatMoney(totals.total, basket.CurrencyLocale);
  // A basket of certificates or memberships only: no seats held, nothing to print or post, no
  // delivery method (core/basket/complimentary-delivery.ts).
  const holdsSeats = totals.counts.tickets > 0;
  const delivers = needsDelivery(totals.counts);
  const wallet = props.paymentTypes.find((type) => type.PaymentType === 'ApplePay');
  const [walletReady] = useState(() => wallet !== undefined && deviceCanPay());
  const delivery = delivers ? vm.DeliveryMethods.find((m) => m.ID === basket.DeliveryMethodID) : undefined;
  const isMail = delivery?.DeliveryMethodType === 'Mail';
  const showsAddress = form.rules.BillToAddress1?.enabled === true;
  const payLabel = covered
    ? t('giftCertificates.placeOrder')
    : nothingToPay
      ? t('checkout.placeOrder')
      : chosenType?.PaymentType === 'CreditCard' || chosenType?.PaymentType === 'SavedCard' || !chosenType
        ? t('checkout.pay', { amount: total })
        : t(`checkout.continueWith.${chosenType.PaymentType}`);

  return (
    <div className="checkout-page basket-page">
      <nav className="breadcrumb" aria-label={t('nav.breadcrumb')}>
        <ol>
          <li>
            <Link to="/">{t('nav.whatsOn')}</Link>
          </li>
          <li>
            <Link to="/checkout/basket" search={props.planCode ? { planCode: props.planCode } : {}}>
              {t('basket.title')}
            </Link>
          </li>
          <li aria-current="page">{t('checkout.title')}</li>
        </ol>
      </nav>
      <header className="basket-page__header">
        <h1>{t('checkout.title')}</h1>
        <p className="basket-page__intro">{t(holdsSeats ? 'checkout.intro' : 'checkout.introNoSeats')}</p>
      </header>

      {payment.banner && (
        <div className="notice" role="alert" tabIndex={-1} ref={banner}>
          <p>{payment.banner}</p>
        </div>
      )}

      <form
        className="checkout-page__body"
        noValidate
        aria-labelledby={`${id}-pay`}
        onSubmit={(event) => {
          event.preventDefault();
          void payment.pay();
        }}
      >
        <div className="checkout-page__main">
          <section className="basket-panel" aria-labelledby={`${id}-contact`}>
            <h2 id={`${id}-contact`} className="basket-panel__title">
              {t('checkout.contact.title')}
            </h2>
            <ContactFields form={form} sendsTickets={holdsSeats} />
            <RegisterFields form={form} />
          </section>

          {showsAddress && (
            <section className="basket-panel" aria-labelledby={`${id}-billing`}>
              <h2 id={`${id}-billing`} className="basket-panel__title">
                {t('checkout.address.billingTitle')}
              </h2>
              <AddressFields
                prefix="BillTo"
                rules={form.rules}
                countries={account.Countries}
                value={(name) => form.text(name as 'BillToCity')}
                error={(name, label) =>
                  fieldErrorText(t, form.shownError(name), label, form.serverMessage(name))
                }
                onChange={form.change}
                onBlur={form.blur}
              />
            </section>
          )}

          {delivery && (
            <section className="basket-panel" aria-labelledby={`${id}-delivery`}>
              <h2 id={`${id}-delivery`} className="basket-panel__title">
                {t('checkout.delivery.title')}
              </h2>
              <p className="checkout-delivery">
                <strong>{delivery.DisplayName}</strong>{' '}
                <span className="basket-choice__hint">
                  {t(`checkout.delivery.${delivery.DeliveryMethodType}`)}
                </span>
              </p>
              {isMail && showsAddress && (
                <label className="basket-check checkout-delivery__same">
                  <input
                    type="checkbox"
                    checked={!form.shipElsewhere}
                    onChange={(event) => form.setShipElsewhere(!event.target.checked)}
                  />
                  <span>{t('checkout.delivery.sameAddress')}</span>
                </label>
              )}
              {isMail && form.shipElsewhere && (
                <AddressFields
                  prefix="ShipTo"
                  rules={form.rules}
                  countries={account.Countries}
                  value={(name) => form.text(name as 'ShipToCity')}
                  error={(name, label) =>
                    fieldErrorText(t, form.shownError(name), label, form.serverMessage(name))
                  }
                  onChange={form.change}
                  onBlur={form.blur}
                />
              )}
            </section>
          )}

          {dueTotal > 0 && (
            <GiftPaymentPanel
              due={totals.total}
              locale={basket.CurrencyLocale}
              applied={gift}
              onApply={setGift}
              disabled={busy}
            />
          )}
          <section className="basket-panel" aria-labelledby={`${id}-payment`}>
            <h2 id={`${id}-payment`} className="basket-panel__title">
              {t('checkout.payment.title')}
            </h2>
            {covered && (
              <p role="status" data-testid="gift-covered">
                {t('giftCertificates.covered')}
              </p>
            )}
            {nothingToPay && !covered && (
              <p role="status" data-testid="nothing-to-pay">
                {t('checkout.nothingToPay')}
              </p>
            )}
            {wallet && walletReady && !nothingToPay && (
              <WalletButton
                disabled={busy}
                onPay={() =>
                  void payment.payWithWallet(wallet, {
                    amount: totals.total,
                    currency: basket.IsoCurrencyCode,
                  })
                }
              />
            )}
            {nothingToPay ? null : props.paymentTypes.length === 0 ? (
              <p className="notice">{t('checkout.payment.none')}</p>
            ) : (
              <PaymentChoice
                types={props.paymentTypes}
                saved={saved}
                chosen={chosenType}
                disabled={busy}
                onChoose={setChosenType}
              />
            )}
            {chosenType && !nothingToPay && (
              <PaymentFields
                type={chosenType}
                form={form}
                payment={payment}
                stripeCard={stripeCard}
                currency={basket.IsoCurrencyCode}
                busy={busy}
              />
            )}
            {form.rules.RewardsNumber?.enabled && (
              <div className="checkout-rewards">
                <label className="field-label" htmlFor={fieldId('RewardsNumber')}>
                  {t('checkout.rewards.label')}
                </label>
                <input
                  id={fieldId('RewardsNumber')}
                  className="text-input"
                  inputMode="numeric"
                  maxLength={9}
                  value={form.text('RewardsNumber')}
                  aria-invalid={form.shownError('RewardsNumber') ? true : undefined}
                  aria-describedby={
                    form.shownError('RewardsNumber') ? `${fieldId('RewardsNumber')}-error` : undefined
                  }
                  onChange={(event) => form.change('RewardsNumber', event.target.value.replace(/\D/g, ''))}
                  onBlur={() => form.blur('RewardsNumber')}
                />
                {form.shownError('RewardsNumber') && (
                  <p className="field-error" id={`${fieldId('RewardsNumber')}-error`}>
                    {fieldErrorText(t, form.shownError('RewardsNumber'), t('checkout.rewards.label'))}
                  </p>
                )}
              </div>
            )}
          </section>

          <OptInsPanel optIns={optIns} chosen={chosenOptIns} onChange={toggleOptIn} />

          {(account.DisplayTermsOfService || account.RequireTosAgreement) && (
            <section className="basket-panel" aria-labelledby={`${id}-terms`}>
              <h2 id={`${id}-terms`} className="basket-panel__title">
                {t('checkout.terms.title')}
              </h2>
              {account.TermsOfService && (
                <details className="checkout-terms__text">
                  <summary>{t('checkout.terms.read')}</summary>
                  <div>
                    {account.TermsOfService.split('\n').map((line, i) => (
                      <p key={i}>{line}</p>
                    ))}
                  </div>
                </details>
              )}
              {account.RequireTosAgreement && (
                <div className="checkout-field">
                  <label className="basket-check">
                    <input
                      id={fieldId('AcceptTermsOfService')}
                      type="checkbox"
                      checked={form.values.AcceptTermsOfService === true}
                      aria-invalid={form.shownError('AcceptTermsOfService') ? true : undefined}
                      aria-describedby={
                        form.shownError('AcceptTermsOfService')
                          ? `${fieldId('AcceptTermsOfService')}-error`
                          : undefined
                      }
                      onChange={(event) => {
                        form.change('AcceptTermsOfService', event.target.checked);
                        form.blur('AcceptTermsOfService');
                      }}
                    />
                    <span>{t('checkout.terms.accept')}</span>
                  </label>
                  {form.shownError('AcceptTermsOfService') && (
                    <p className="field-error" id={`${fieldId('AcceptTermsOfService')}-error`}>
                      {t('checkout.error.terms')}
                    </p>
                  )}
                </div>
              )}
            </section>
          )}
          <RobotCheckField check={robot} />
        </div>

        <aside className="checkout-page__side" aria-label={t('checkout.sideLabel')}>
          {delivers && <BasketLines vm={vm} />}
          <OrderSummary basket={basket} hideFees={false} />
        </aside>

        <section className="basket-footer checkout-footer" aria-labelledby={`${id}-pay`}>
          <h2 id={`${id}-pay`} className="visually-hidden">
            {t('checkout.footerLabel')}
          </h2>
          <BasketTimer secondsLeft={secondsLeft} holdsSeats={holdsSeats} />
          <div className="basket-footer__total">
            <span className="basket-footer__label">{footerTotalLabel(totals.counts, t)}</span>
            <strong data-testid="checkout-total">{total}</strong>
          </div>
          <button
            type="submit"
            className="button basket-footer__checkout"
            disabled={busy || !chosenType}
            aria-disabled={busy || !chosenType}
          >
            {busy ? t('checkout.processing') : payLabel}
          </button>
        </section>
      </form>

      <div className={`basket-updating${payment.processing ? ' basket-updating--on' : ''}`} role="status">
        {payment.processing && (
          <>
            <span className="loading__spinner" aria-hidden="true" />
            <span>{t('checkout.processingOrder')}</span>
          </>
        )}
      </div>
      {payment.problem && <PaymentProblemModal problem={payment.problem} onClose={payment.closeProblem} />}
      {payment.authentication && (
        <AuthenticationStep
          actionUrl={payment.authentication.actionUrl}
          onFinish={(result) => void payment.afterAuthentication(result)}
        />
      )}
    </div>
  );
}
