import { useNavigate } from '@tanstack/react-router';
import { GiftPaymentPanel, type AppliedGift } from '../gift-certificates/gift-payment-panel.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSummary } from '../../../../adapters/http/contract/account.ts';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { failureText } from '../../api/failure-text.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { readCounter, shownCounter } from '../staff-basket/pos-settings.ts';
import { SELL_TICKETS_PATH } from '../staff-basket/staff-basket-page.tsx';
import {
  fetchOrderBalance,
  invoiceBasket,
  payAtCounter,
  payBalance,
  payBalanceFromGift,
  precheck,
  type CounterCheckoutRequest,
  type OrderBalance,
} from './counter-payment-api.ts';
import type { CounterPaymentData } from './counter-payment-data.ts';
import { BalancePanel } from './balance-panel.tsx';
import { CustomerDetailsPanel } from './customer-details-panel.tsx';
import { counterDetailFieldsOf, detailsRequest, initialDetails, missingDetails } from './customer-details.ts';
import { altKey, KeyLegend, useShortcuts } from './shortcuts.tsx';
import { isApiError } from '../../api/api-error.ts';
import { MethodFields, emptyMethodForm, type MethodForm } from './method-fields.tsx';
import { isTestMode } from './reader-choice.ts';
import { keepSaleFlash } from './sale-flash.ts';
import { TerminalPanel } from './terminal-panel.tsx';
import {
  amountText,
  checkCash,
  checkPart,
  newIdempotencyKey,
  parseAmount,
  type CounterPaymentType,
} from './tender.ts';
import { useTerminal } from './use-terminal.ts';

interface PlacedOrder {
  readonly ID: number;
  readonly Name: string;
  readonly Total: number;
}

/**
 * The clerk's payment page: the basket's total, the payment types the clerk may take (the
 * spec's order), each type's fields, the part of the balance this payment covers (less is a
 * split tender: the order is placed and further payments go against its balance until it is 0),
 * an invoice instead of a payment, the order note and the obscured ticket price. A card goes
 * through the counter's reader. When nothing is left to pay, the clerk is back at the sell
 * screen with a banner naming the order. The buyer's details asked are what the delivery needs
 * (none for tickets handed over at the counter). By keyboard: Alt and a payment type's letter
 * chooses it and goes to its first field, Enter takes the payment; a refusal takes the focus.
 */
export function CounterPaymentPage(props: { data: CounterPaymentData; staff: StaffSummary }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const id = useId();
  usePageTitle(t('counterPayment.title'));
  const { vm, methods, compTypes, settings, account } = props.data;
  // Paying a basket, or (balance mode) what an order placed earlier still owes.
  const earlier = props.data.order;
  const basket = vm?.Basket ?? null;
  const locale = basket?.CurrencyLocale ?? earlier?.CurrencyLocale ?? 'en-us';
  const currency = basket?.IsoCurrencyCode ?? earlier?.Currency ?? 'USD';
  const money = (minor: number) => formatMoney(minor, locale);
  const counter = readCounter();

  const [order, setOrder] = useState<PlacedOrder | null>(
    earlier ? { ID: earlier.OrderId, Name: earlier.OrderName, Total: earlier.Total } : null,
  );
  const [balance, setBalance] = useState<OrderBalance | null>(earlier);
  // Part of the first payment from a gift certificate (web/src/features/gift-certificates/).
  const [gift, setGift] = useState<AppliedGift | null>(null);
  const owed = balance?.BalanceDue ?? basket?.Total ?? 0;
  const due = owed - (order ? 0 : (gift?.Amount ?? 0));
  const [methodId, setMethodId] = useState<number | null>(methods[0]?.ID ?? null);
  const method = methods.find((m) => m.ID === methodId) ?? null;
  const [form, setForm] = useState<MethodForm>(emptyMethodForm);
  const [amount, setAmount] = useState(amountText(due));
  const [orderNote, setOrderNote] = useState('');
  const [obscure, setObscure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastChange, setLastChange] = useState(0);
  const detailFields = counterDetailFieldsOf(account?.BillingFields ?? [], vm?.Fields ?? []);
  const [details, setDetails] = useState(() => initialDetails(basket ?? NO_BUYER));
  const [invalidFields, setInvalidFields] = useState<readonly string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // A refusal is read where the clerk looks: the focus goes to its words.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  const [fieldsWanted, setFieldsWanted] = useState(0);
  useEffect(() => {
    if (fieldsWanted === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>('.counter-method-fields input, .counter-method-fields select')
      ?.focus();
  }, [fieldsWanted]);
  const chooseByKey = (paymentType: string) => {
    const chosen = methods.find((m) => m.PaymentType === paymentType);
    if (!chosen || terminal.active) return;
    setMethodId(chosen.ID);
    setError(null);
    setFieldsWanted((n) => n + 1);
  };
  const key = useRef(newIdempotencyKey());
  const pendingRequest = useRef<CounterCheckoutRequest | null>(null);

  // Tickets delivered at the point of sale wait for the counter's printer.
  const awaitingPrint =
    vm?.DeliveryMethods.find((m) => m.ID === vm.Basket.DeliveryMethodID)?.DeliveryMethodType ===
    'PointOfSale';

  const finish = (placed: PlacedOrder, balanceDue: number, changeDue: number) => {
    keepSaleFlash({
      orderId: placed.ID,
      orderName: placed.Name,
      changeDue,
      balanceDue,
      locale,
      awaitingPrint,
    });
    void navigate({ to: SELL_TICKETS_PATH, replace: true });
  };

  /** A payment answered: the order is done, or its balance is what is left to pay. */
  const paid = async (placed: PlacedOrder, balanceDue: number, changeDue: number) => {
    key.current = newIdempotencyKey();
    setLastChange(changeDue);
    if (balanceDue <= 0) {
      finish(placed, 0, changeDue);
      return;
    }
    setOrder(placed);
    setAmount(amountText(balanceDue));
    setForm(emptyMethodForm());
    try {
      setBalance(await fetchOrderBalance(placed.ID));
    } catch {
      setBalance({
        OrderId: placed.ID,
        OrderName: placed.Name,
        Total: placed.Total,
        Paid: placed.Total - balanceDue,
        BalanceDue: balanceDue,
        Currency: currency,
        CurrencyLocale: locale,
        VenueId: null,
        Payments: [],
      });
    }
  };

  const send = async (request: CounterCheckoutRequest) => {
    if (order) {
      const answer = await payBalance({
        OrderId: order.ID,
        IdempotencyKey: request.IdempotencyKey,
        PaymentType: request.PaymentType as CounterPaymentType,
        PaymentMethodId: request.PaymentMethodId,
        PaymentMethodName: request.PaymentMethodName,
        Amount: request.Amount ?? due,
        AmountTendered: request.AmountTendered,
        CheckIssuer: request.CheckIssuer,
        CheckNumber: request.CheckNumber,
        CompTypeId: request.CompTypeId,
        PaymentIntentId: request.PaymentIntentId,
        Counter: request.Counter,
      });
      await paid(order, answer.BalanceDue, answer.ChangeDue ?? 0);
    } else {
      const answer = await payAtCounter(request);
      await paid(answer.Order, answer.BalanceDue, answer.ChangeDue ?? 0);
    }
  };

  /** A certificate pays (part of) the placed order's balance, with this attempt's key. */
  const payFromGift = async (placed: PlacedOrder, applied: AppliedGift) => {
    setError(null);
    setBusy(true);
    try {
      const answer = await payBalanceFromGift({
        OrderId: placed.ID,
        IdempotencyKey: key.current,
        Code: applied.Code,
        Amount: applied.Amount,
        Counter: counter,
      });
      await paid(placed, answer.BalanceDue, 0);
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  };

  const terminal = useTerminal((paymentIntentId) => {
    const request = pendingRequest.current;
    if (!request) return;
    setBusy(true);
    send({ ...request, PaymentIntentId: paymentIntentId })
      .then(() => terminal.stop())
      .catch((failure: unknown) => {
        if (!isApiError(failure) || failure.status !== 0) key.current = newIdempotencyKey();
        terminal.fail(failureText(t, failure, 'error.generic'));
      })
      .finally(() => setBusy(false));
  });
  useShortcuts(Object.fromEntries(SHORTCUTS.map(([letter, type]) => [letter, () => chooseByKey(type)])));
  const shortcuts = SHORTCUTS.filter(([, type]) => methods.some((m) => m.PaymentType === type));

  /** The order's own fields, sent with the first payment or the invoice: the buyer, the note. */
  const buyerFields = () => ({
    ...detailsRequest(detailFields, details),
    OrderNote: orderNote.trim() || null,
    ObscureTicketPriceOnPrint: obscure,
  });

  /** Before the order exists: the buyer's required details, else the words naming them. */
  const checkBuyer = (): string | null => {
    if (order) return null;
    const missing = missingDetails(detailFields, details);
    setInvalidFields(missing);
    return missing.length > 0 ? t('counterPayment.details.missing') : null;
  };

  /** A refusal's words; a 400 naming fields marks them. */
  const refused = (failure: unknown) => {
    // An answer ends the attempt: the next try is a new one. Only an unreachable server keeps the
    // key, so that trying again cannot take the money twice.
    if (!isApiError(failure) || failure.status !== 0) key.current = newIdempotencyKey();
    if (isApiError(failure) && failure.status === 400 && failure.fields.length > 0)
      setInvalidFields(failure.fields);
    setError(failureText(t, failure, 'error.generic'));
  };

  const buildRequest = (): CounterCheckoutRequest | string => {
    if (!method) return t('counterPayment.chooseMethod');
    const buyerProblem = checkBuyer();
    if (buyerProblem) return buyerProblem;
    const part = checkPart(parseAmount(amount), due);
    if (!part.ok) return t(`counterPayment.amount.${part.problem}`, { balance: money(due) });
    const base: CounterCheckoutRequest = {
      IdempotencyKey: key.current,
      PaymentType: method.PaymentType as CounterPaymentType,
      PaymentMethodId: method.ID,
      PaymentMethodName: method.Name,
      Amount: part.amount,
      Counter: counter,
      ...(order ? {} : buyerFields()),
      ...(order || !gift ? {} : { GiftCertificate: gift }),
    };
    switch (method.PaymentType) {
      case 'Cash': {
        const cash = checkCash(parseAmount(form.tendered), part.amount);
        if (!cash.ok)
          return cash.problem === 'short'
            ? t('counterPayment.cash.short', { amount: money(cash.short ?? 0) })
            : t('counterPayment.cash.invalid');
        return { ...base, AmountTendered: cash.tendered };
      }
      case 'Check':
        if (!form.checkIssuer.trim() || !form.checkNumber.trim()) return t('counterPayment.check.required');
        return {
          ...base,
          CheckIssuer: form.checkIssuer.trim(),
          CheckNumber: form.checkNumber.trim(),
          CheckAmount: part.amount,
        };
      case 'Comp':
        if (form.compTypeId === null) return t('counterPayment.comp.required');
        return { ...base, CompTypeId: form.compTypeId };
      default:
        return base;
    }
  };

  const submit = async () => {
    setError(null);
    const request = buildRequest();
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setBusy(true);
    try {
      if (method?.PaymentType === 'CreditCard') {
        if (!order) await precheck(request);
        pendingRequest.current = request;
        await terminal.start({
          amount: request.Amount ?? due,
          currency,
          readerId: form.readerId,
          idempotencyKey: request.IdempotencyKey,
        });
        return;
      }
      await send(request);
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  };

  const invoice = async () => {
    setError(null);
    const buyerProblem = checkBuyer();
    if (buyerProblem) {
      setError(buyerProblem);
      return;
    }
    setBusy(true);
    try {
      const answer = await invoiceBasket({ IdempotencyKey: key.current, Counter: counter, ...buyerFields() });
      finish(answer.Order, answer.BalanceDue, 0);
    } catch (failure) {
      refused(failure);
      setBusy(false);
    }
  };

  return (
    <div className="staff-basket staff-payment" aria-busy={busy}>
      <header className="staff-basket__header">
        <div>
          <h1>{t('counterPayment.title')}</h1>
          <p className="staff-panel__muted">
            {t('staffBasket.pos.current', { counter: shownCounter(counter, t) })}
          </p>
          <KeyLegend
            items={[
              ...shortcuts.map(([letter, type]) => ({
                keys: altKey(letter),
                what: t(`counterPayment.type.${type}`),
              })),
              { keys: 'Enter', what: t('keys.payment.take') },
            ]}
          />
        </div>
        {!order && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void navigate({ to: '/admin/v2/checkout/basket' })}
          >
            {t('counterPayment.backToBasket')}
          </button>
        )}
      </header>

      <div className="staff-basket__body">
        <form
          className="staff-panel counter-payment-form"
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="counter-methods">
            <legend className="staff-panel__title">{t('counterPayment.method')}</legend>
            {methods.length === 0 && <p>{t('counterPayment.noMethods')}</p>}
            {methods.map((m) => (
              <label key={m.ID} className="counter-method">
                <input
                  type="radio"
                  aria-keyshortcuts={keyOf(m.PaymentType)}
                  name={`${id}-method`}
                  value={m.ID}
                  checked={m.ID === methodId}
                  disabled={terminal.active}
                  onChange={() => {
                    setMethodId(m.ID);
                    setError(null);
                  }}
                />
                <span>
                  {t(`counterPayment.type.${m.PaymentType}`, { defaultValue: m.Name, name: m.Name })}
                </span>
              </label>
            ))}
          </fieldset>

          {!order && (
            <GiftPaymentPanel
              due={owed}
              locale={locale}
              applied={gift}
              disabled={busy || terminal.active}
              onApply={(applied) => {
                setGift(applied);
                setAmount(amountText(owed - (applied?.Amount ?? 0)));
              }}
            />
          )}
          {order && owed > 0 && (
            // The order's balance: applying pays from the certificate at once (its own payment).
            <GiftPaymentPanel
              // A new balance starts the panel afresh (the code typed, the balance read).
              key={owed}
              due={owed}
              locale={locale}
              applied={null}
              disabled={busy || terminal.active}
              onApply={(applied) => {
                if (applied) void payFromGift(order, applied);
              }}
            />
          )}

          <div className="staff-field">
            <label className="field-label" htmlFor={`${id}-amount`}>
              {t('counterPayment.amount.label', { currency })}
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              disabled={terminal.active}
              aria-describedby={`${id}-amount-hint`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <p className="field-hint" id={`${id}-amount-hint`}>
              {t('counterPayment.amount.hint', { balance: money(due) })}
            </p>
          </div>

          {method && (
            <MethodFields
              method={method}
              form={form}
              onChange={setForm}
              compTypes={compTypes}
              amount={checkPart(parseAmount(amount), due)}
              currency={currency}
              locale={locale}
              counter={counter}
              disabled={terminal.active}
            />
          )}

          {!order && (
            <>
              {detailFields.length > 0 && (
                <CustomerDetailsPanel
                  fields={detailFields}
                  details={details}
                  countries={account?.Countries ?? []}
                  invalid={invalidFields}
                  onChange={setDetails}
                />
              )}
              <div className="staff-field">
                <label className="field-label" htmlFor={`${id}-note`}>
                  {t('counterPayment.orderNote')}
                </label>
                <textarea
                  id={`${id}-note`}
                  className="text-input"
                  rows={2}
                  maxLength={1000}
                  value={orderNote}
                  onChange={(e) => setOrderNote(e.target.value)}
                />
              </div>
              <label className="counter-check">
                <input type="checkbox" checked={obscure} onChange={(e) => setObscure(e.target.checked)} />
                {t('counterPayment.obscure')}
              </label>
            </>
          )}

          {error && (
            <p
              className="field-error counter-payment-error"
              role="alert"
              data-testid="counter-payment-error"
              tabIndex={-1}
              ref={errorRef}
            >
              {error}
            </p>
          )}

          {method?.PaymentType === 'CreditCard' && (terminal.active || terminal.error || terminal.message) ? (
            <TerminalPanel terminal={terminal} testMode={isTestMode(settings)} />
          ) : null}

          <div className="staff-actions">
            <button type="submit" className="button" disabled={busy || terminal.active || !method}>
              {method?.PaymentType === 'CreditCard'
                ? t('counterPayment.startCard', { amount: amountOrDue(amount, currency, due, money) })
                : t('counterPayment.pay', { amount: amountOrDue(amount, currency, due, money) })}
            </button>
            {!order && (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || terminal.active}
                onClick={() => void invoice()}
              >
                {t('counterPayment.invoice')}
              </button>
            )}
          </div>
        </form>

        <aside className="staff-basket__side" aria-label={t('counterPayment.summary')}>
          <section className="staff-panel">
            <h2 className="staff-panel__title">{t('counterPayment.summary')}</h2>
            <dl className="counter-totals">
              <div>
                <dt>{t('counterPayment.total')}</dt>
                <dd data-testid="counter-total">{money(order?.Total ?? basket?.Total ?? 0)}</dd>
              </div>
              <div>
                <dt>{t('counterPayment.balanceDue')}</dt>
                <dd data-testid="counter-balance">{money(due)}</dd>
              </div>
            </dl>
            {basket?.FirstName || basket?.LastName ? (
              <p className="staff-panel__muted">
                {t('counterPayment.customer', {
                  name: [basket?.FirstName, basket?.LastName].filter(Boolean).join(' '),
                })}
              </p>
            ) : null}
            {awaitingPrint && <p className="staff-panel__muted">{t('counterPayment.awaitingPrinting')}</p>}
          </section>
          {balance && <BalancePanel balance={balance} locale={locale} lastChange={lastChange} />}
        </aside>
      </div>
    </div>
  );
}

const NO_BUYER = { FirstName: null, LastName: null, Email: null, Phone: null };

/** Alt and a letter chooses a payment type (the card's reader: T for terminal). */
const SHORTCUTS = [
  ['t', 'CreditCard'],
  ['c', 'Cash'],
  ['k', 'Check'],
  ['o', 'Comp'],
] as const;
const keyOf = (paymentType: string) => {
  const found = SHORTCUTS.find(([, type]) => type === paymentType);
  return found ? altKey(found[0]) : undefined;
};

const amountOrDue = (text: string, currency: string, due: number, money: (minor: number) => string) => {
  const part = checkPart(parseAmount(text), due);
  return money(part.ok ? part.amount : due);
};
