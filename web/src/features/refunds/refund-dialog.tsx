import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Loading } from '../../ui/loading.tsx';
import { Modal } from '../../ui/modal.tsx';
import { amountText } from '../counter/tender.ts';
import { paymentTypeName, type Formats } from '../staff-orders/order-sections.tsx';
import { fetchRefundable, refundPayment, type Refundable, type RefundLine } from './refund-api.ts';
import { checkRefundLines } from './refund-lines.ts';
import { readCounter } from '../staff-basket/pos-settings.ts';
import { allocateCredit, creditOwed } from '../../../../core/payments/refund-allocation.ts';

type Load =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: Refundable };

/**
 * Refund: the order's payments with what each can still give back, the suggested allocation of
 * the credit owed filled in, checked as the clerk types; "pay back in cash" gives the money out
 * of the till instead of the way it came. One refund call per payment line, in order; a refusal
 * stops there and says which lines went through.
 */
export function RefundDialog(props: {
  orderId: number;
  currency: string;
  f: Formats;
  /** How the order page names a payment (its method and card), in the page's language. */
  labelOf?: (paymentId: number) => string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { f } = props;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());
  const [cash, setCash] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<readonly RefundLine[]>([]);
  const [finished, setFinished] = useState(false);
  // Read again after a refusal: what each payment has left then includes what went through.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchRefundable(props.orderId, abort.signal).then(
      (value) => {
        setLoad({ state: 'ready', value });
        setTexts(new Map(value.Suggested.map((s) => [s.PaymentId, amountText(s.Amount)])));
      },
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({
          state: 'failed',
          message: (isApiError(e) ? e.serverMessage : undefined) ?? t('staffOrders.refund.loadFailed'),
        });
      },
    );
    return () => abort.abort();
  }, [props.orderId, version, t]);

  if (load.state !== 'ready')
    return (
      <Modal className="staff-order__modal" title={t('staffOrders.refund.title')} onClose={props.onClose}>
        {load.state === 'loading' ? (
          <Loading label={t('staffOrders.refund.loading')} />
        ) : (
          <p className="staff-orders__error" role="alert">
            {load.message}
          </p>
        )}
      </Modal>
    );

  const { value } = load;
  // The order page's name for a payment; the call's own label (in English) without one.
  const labelOf = (p: Refundable['Payments'][number]) => props.labelOf?.(p.Id) ?? p.Label;
  // The balance as the refundable call read it: negative, the credit owed.
  const balanceDue = value.RemainingBalance;
  const credit = creditOwed(balanceDue);
  const sources = value.Payments.map((p) => ({
    paymentId: p.Id,
    amount: p.Amount,
    refunded: p.Amount - p.Refundable,
  }));
  const check = checkRefundLines(sources, texts, balanceDue);
  const suggest = () => {
    const suggested = allocateCredit(sources, balanceDue, 'credit');
    if (suggested.ok) setTexts(new Map(suggested.lines.map((l) => [l.paymentId, amountText(l.amount)])));
  };
  const send = async () => {
    setSending(true);
    setError(null);
    for (const line of check.refunds) {
      try {
        const answer = await refundPayment({
          orderId: props.orderId,
          paymentId: line.paymentId,
          amount: line.amount,
          alternativePaymentRequest: cash ? { PaymentType: 'Cash' } : null,
          counter: readCounter(),
        });
        setMade((was) => [...was, ...answer.Refunds]);
      } catch (e) {
        setError((isApiError(e) ? e.serverMessage : undefined) ?? t('staffOrders.refund.failed'));
        setSending(false);
        setVersion((v) => v + 1);
        props.onDone();
        return;
      }
    }
    setSending(false);
    setFinished(true);
    props.onDone();
  };

  if (finished)
    return (
      <Modal className="staff-order__modal" title={t('staffOrders.refund.title')} onClose={props.onClose}>
        <div className="staff-order__dialog" data-testid="refund-result">
          <ul className="staff-order__consequences">
            {made.map((r) => (
              <li key={r.RefundId}>
                {t(`staffOrders.refund.made.${r.Status}`, {
                  amount: f.money(r.Amount),
                  type: paymentTypeName(r.RefundType, t),
                })}
              </li>
            ))}
          </ul>
          <div className="staff-order__dialog-actions">
            <button type="button" className="button" onClick={props.onClose}>
              {t('staffOrders.close')}
            </button>
          </div>
        </div>
      </Modal>
    );

  return (
    <Modal className="staff-order__modal" title={t('staffOrders.refund.title')} onClose={props.onClose}>
      <form
        className="staff-order__dialog"
        data-testid="refund-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (check.ok && !sending) void send();
        }}
      >
        <p>{t('staffOrders.refund.creditOwed', { amount: f.money(credit) })}</p>
        <table className="admin-table staff-order__refund-lines">
          <thead>
            <tr>
              <th scope="col">{t('staffOrders.refund.payment')}</th>
              <th scope="col" className="staff-orders__num">
                {t('staffOrders.refund.canGive')}
              </th>
              <th scope="col">{t('staffOrders.refund.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {value.Payments.map((p) => {
              const problem = check.lines.get(p.Id);
              const problemId = `refund-problem-${p.Id}`;
              return (
                <tr key={p.Id} data-payment-id={p.Id}>
                  <th scope="row">
                    {labelOf(p)}
                    <span className="staff-orders__meta">{f.money(p.Amount)}</span>
                  </th>
                  <td className="staff-orders__num">{f.money(p.Refundable)}</td>
                  <td>
                    <input
                      className="text-input staff-order__amount"
                      type="text"
                      inputMode="decimal"
                      aria-label={t('staffOrders.refund.amountFor', { payment: labelOf(p) })}
                      value={texts.get(p.Id) ?? ''}
                      placeholder="0.00"
                      disabled={p.Refundable === 0 || sending}
                      aria-invalid={problem !== undefined}
                      aria-describedby={problem ? problemId : undefined}
                      onChange={(e) => setTexts((was) => new Map(was).set(p.Id, e.target.value))}
                    />
                    {problem && (
                      <p className="field-error" id={problemId}>
                        {t(`staffOrders.refund.problem.${problem}`, { amount: f.money(p.Refundable) })}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('staffOrders.refund.total')}
              </th>
              <td data-testid="refund-total">{f.money(check.total)}</td>
            </tr>
          </tfoot>
        </table>
        {check.totalProblem && (
          <p className="field-error" role="status">
            {t(`staffOrders.refund.problem.${check.totalProblem}`, { amount: f.money(credit) })}
          </p>
        )}
        <p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={suggest}
            disabled={sending}
          >
            {t('staffOrders.refund.suggest')}
          </button>
        </p>
        <label className="staff-order__check">
          <input
            type="checkbox"
            checked={cash}
            onChange={(e) => setCash(e.target.checked)}
            disabled={sending}
          />
          {t('staffOrders.refund.inCash')}
        </label>
        {made.length > 0 && (
          <ul className="staff-order__consequences">
            {made.map((r) => (
              <li key={r.RefundId}>
                {t(`staffOrders.refund.made.${r.Status}`, {
                  amount: f.money(r.Amount),
                  type: paymentTypeName(r.RefundType, t),
                })}
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p className="staff-orders__error" role="alert">
            {error}
          </p>
        )}
        <div className="staff-order__dialog-actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('staffOrders.back')}
          </button>
          <button type="submit" className="button" disabled={!check.ok || sending}>
            {sending
              ? t('staffOrders.refund.sending')
              : t('staffOrders.refund.confirm', { amount: f.money(check.total) })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
