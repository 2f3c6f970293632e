import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

// The payment page's error modals: each says what happened in the
// catalogue's words and has one way on. Closing a modal (OK, Escape, the close button) is
// that way on.

export type PaymentProblem =
  /** Declined: the server's CardDeclinedMessage. */
  | { readonly kind: 'declined'; readonly message: string | null }
  /** The generic checkout payment error: OK returns to the payment page. */
  | { readonly kind: 'paymentError'; readonly message: string | null }
  | { readonly kind: 'network' }
  /** 409: the basket has been cleared; back to seat selection. */
  | { readonly kind: 'seatsTaken'; readonly message: string | null }
  | { readonly kind: 'applePayValidation' }
  /** The gateway's script could not be loaded after its retries. */
  | { readonly kind: 'gateway' };

export function PaymentProblemModal(props: { problem: PaymentProblem; onClose: () => void }) {
  const { t } = useTranslation();
  const { problem } = props;
  const title =
    problem.kind === 'declined'
      ? t('checkout.declined.title')
      : problem.kind === 'seatsTaken'
        ? t('checkout.seatsTaken.title')
        : t('checkout.paymentError.title');
  const body = (() => {
    switch (problem.kind) {
      case 'declined':
        return problem.message ?? t('checkout.declined.body');
      case 'paymentError':
        return problem.message ?? t('checkout.paymentError.body');
      case 'network':
        return t('checkout.paymentError.network');
      case 'seatsTaken':
        // The server's words say whether a charge was refunded.
        return problem.message ?? t('checkout.seatsTaken.body');
      case 'applePayValidation':
        return t('payments.applePay.validationFailed');
      case 'gateway':
        return t('payments.gateway.error');
    }
  })();
  return (
    <Modal title={title} onClose={props.onClose} role="alertdialog" className="payment-problem">
      <p data-testid="payment-problem">{body}</p>
      {problem.kind === 'declined' && <p className="field-hint">{t('checkout.declined.hint')}</p>}
      <div className="modal__actions">
        <button type="button" className="button" autoFocus onClick={props.onClose}>
          {problem.kind === 'seatsTaken' ? t('checkout.seatsTaken.back') : t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}
