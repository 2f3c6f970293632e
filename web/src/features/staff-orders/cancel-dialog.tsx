import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Modal } from '../../ui/modal.tsx';
import { parseAmount } from '../counter/tender.ts';
import { readCounter } from '../staff-basket/pos-settings.ts';
import { cancelPlan } from './cancel-plan.ts';
import type { Formats } from './order-sections.tsx';
import { cancelTickets, type CancelTicketsAnswer, type StaffOrderDetail } from './staff-orders-api.ts';

/**
 * Cancel tickets: the clerk picks tickets (or all), an optional fee kept and whether to refund
 * the credit now, then confirms a sentence saying what will happen. The answer is shown as it
 * came (a refund that failed leaves the credit owed, and says so).
 */
export function CancelDialog(props: {
  order: StaffOrderDetail;
  f: Formats;
  mayRefund: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const { order, f } = props;
  const active = order.Tickets.filter((ticket) => ticket.Status === 'Active');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [feeText, setFeeText] = useState('');
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState(props.mayRefund);
  const [step, setStep] = useState<'choose' | 'confirm' | 'sending'>('choose');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CancelTicketsAnswer | null>(null);
  const feeId = useId();

  const fee = feeText.trim() === '' ? 0 : parseAmount(feeText);
  const plan = cancelPlan(
    order.Tickets,
    chosen,
    fee ?? 0,
    order.Balance.BalanceDue,
    order.Order.OrderCharges,
  );
  const all = active.length > 0 && active.every((ticket) => chosen.has(ticket.Id));
  const problem =
    fee === null
      ? t('staffOrders.cancel.feeInvalid')
      : plan.problem
        ? t(`staffOrders.cancel.${plan.problem}`)
        : null;

  const toggle = (id: number) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (problem === null) setStep('confirm');
  };

  const confirm = async () => {
    setStep('sending');
    setError(null);
    try {
      setAnswer(
        await cancelTickets(order.Order.Id, {
          TicketIds: all ? null : [...plan.ticketIds],
          Fee: plan.fee,
          Reason: reason.trim() || null,
          Refund: refund,
          Counter: readCounter(),
        }),
      );
      props.onDone();
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('staffOrders.cancel.failed'));
      setStep('confirm');
    }
  };

  if (answer) {
    const refunded = answer.Refunds.filter((r) => r.Status !== 'failed').reduce((s, r) => s + r.Amount, 0);
    return (
      <Modal className="staff-order__modal" title={t('staffOrders.cancel.title')} onClose={props.onClose}>
        <div className="staff-order__dialog" data-testid="cancel-result">
          <p role="status">{t('staffOrders.cancel.done', { count: answer.CancelledTicketIds.length })}</p>
          {answer.Refunds.length > 0 && (
            <p>{t('staffOrders.cancel.refunded', { amount: f.money(refunded) })}</p>
          )}
          {answer.RefundError && (
            <p className="staff-orders__error" role="alert">
              {t('staffOrders.cancel.refundFailed', { reason: answer.RefundError })}
            </p>
          )}
          <p>
            {answer.BalanceDue < 0
              ? t('staffOrders.cancel.creditLeft', { amount: f.money(-answer.BalanceDue) })
              : t('staffOrders.cancel.dueLeft', { amount: f.money(answer.BalanceDue) })}
          </p>
          <div className="staff-order__dialog-actions">
            <button type="button" className="button" onClick={props.onClose}>
              {t('staffOrders.close')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  if (step !== 'choose') {
    return (
      <Modal
        className="staff-order__modal"
        title={t('staffOrders.cancel.confirmTitle')}
        onClose={props.onClose}
        role="alertdialog"
      >
        <div className="staff-order__dialog" data-testid="cancel-confirm">
          <p>{t('staffOrders.cancel.sentence', { count: plan.ticketIds.length })}</p>
          <ul className="staff-order__consequences">
            {plan.seats > 0 && <li>{t('staffOrders.cancel.seatsBack', { count: plan.seats })}</li>}
            {plan.ticketIds.length > plan.seats && (
              <li>{t('staffOrders.cancel.placesBack', { count: plan.ticketIds.length - plan.seats })}</li>
            )}
            {plan.fee > 0 && <li>{t('staffOrders.cancel.feeKept', { amount: f.money(plan.fee) })}</li>}
            <li>
              {refund && plan.creditAfter > 0
                ? t('staffOrders.cancel.willRefund', { amount: f.money(plan.creditAfter) })
                : plan.creditAfter > 0
                  ? t('staffOrders.cancel.willOwe', { amount: f.money(plan.creditAfter) })
                  : t('staffOrders.cancel.noRefund')}
            </li>
          </ul>
          {error && (
            <p className="staff-orders__error" role="alert">
              {error}
            </p>
          )}
          <div className="staff-order__dialog-actions">
            <button type="button" className="button button--secondary" onClick={() => setStep('choose')}>
              {t('staffOrders.back')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={step === 'sending'}
              onClick={() => void confirm()}
            >
              {step === 'sending' ? t('staffOrders.cancel.sending') : t('staffOrders.cancel.confirm')}
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal className="staff-order__modal" title={t('staffOrders.cancel.title')} onClose={props.onClose}>
      <form className="staff-order__dialog" onSubmit={review} data-testid="cancel-form">
        <fieldset className="staff-order__tickets">
          <legend>{t('staffOrders.cancel.which')}</legend>
          <label className="staff-order__check">
            <input
              type="checkbox"
              checked={all}
              onChange={() => setChosen(all ? new Set() : new Set(active.map((ticket) => ticket.Id)))}
            />
            {t('staffOrders.cancel.all', { count: active.length })}
          </label>
          {active.map((ticket) => (
            <label key={ticket.Id} className="staff-order__check">
              <input type="checkbox" checked={chosen.has(ticket.Id)} onChange={() => toggle(ticket.Id)} />
              {t('staffOrders.cancel.ticket', {
                event: ticket.EventName,
                seat: ticket.IsGa
                  ? t('staffOrders.generalAdmission')
                  : [ticket.Section, ticket.Row, ticket.Seat].filter(Boolean).join(' '),
                price: f.money(ticket.Price + ticket.FeeTotal),
              })}
            </label>
          ))}
        </fieldset>
        <label className="staff-orders__field" htmlFor={feeId}>
          <span className="field-label">{t('staffOrders.cancel.fee')}</span>
          <input
            id={feeId}
            className="text-input"
            type="text"
            inputMode="decimal"
            value={feeText}
            placeholder="0.00"
            aria-invalid={fee === null || plan.problem === 'feeTooHigh'}
            onChange={(e) => setFeeText(e.target.value)}
          />
        </label>
        <label className="staff-orders__field">
          <span className="field-label">{t('staffOrders.cancel.reason')}</span>
          <input
            className="text-input"
            type="text"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        {props.mayRefund && (
          <label className="staff-order__check">
            <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
            {t('staffOrders.cancel.refundNow')}
          </label>
        )}
        {chosen.size > 0 && problem && (
          <p className="staff-orders__error" role="alert">
            {problem}
          </p>
        )}
        <div className="staff-order__dialog-actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('staffOrders.back')}
          </button>
          <button type="submit" className="button" disabled={problem !== null}>
            {t('staffOrders.cancel.review')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
