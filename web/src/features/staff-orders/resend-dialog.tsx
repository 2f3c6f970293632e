import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Modal } from '../../ui/modal.tsx';
import { resendTickets } from './staff-orders-api.ts';

/** Resend tickets: asks first (the customer gets another e-mail), then says where they went. */
export function ResendDialog(props: {
  orderId: number;
  email: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<
    | { step: 'ask' }
    | { step: 'sending' }
    | { step: 'sent'; email: string }
    | { step: 'failed'; message: string }
  >({ step: 'ask' });

  const send = async () => {
    setState({ step: 'sending' });
    try {
      const answer = await resendTickets(props.orderId);
      setState({ step: 'sent', email: answer.Email });
      props.onDone();
    } catch (e) {
      setState({
        step: 'failed',
        message: (isApiError(e) ? e.serverMessage : undefined) ?? t('staffOrders.resend.failed'),
      });
    }
  };

  return (
    <Modal className="staff-order__modal" title={t('staffOrders.resend.title')} onClose={props.onClose}>
      <div className="staff-order__dialog" data-testid="resend-dialog">
        {state.step === 'sent' ? (
          <p role="status">{t('staffOrders.resend.sent', { email: state.email })}</p>
        ) : (
          <p>
            {props.email
              ? t('staffOrders.resend.ask', { email: props.email })
              : t('staffOrders.resend.noEmail')}
          </p>
        )}
        {state.step === 'failed' && (
          <p className="staff-orders__error" role="alert">
            {state.message}
          </p>
        )}
        <div className="staff-order__dialog-actions">
          {state.step === 'sent' ? (
            <button type="button" className="button" onClick={props.onClose}>
              {t('staffOrders.close')}
            </button>
          ) : (
            <>
              <button type="button" className="button button--secondary" onClick={props.onClose}>
                {t('staffOrders.back')}
              </button>
              <button
                type="button"
                className="button"
                disabled={!props.email || state.step === 'sending'}
                onClick={() => void send()}
              >
                {state.step === 'sending' ? t('staffOrders.resend.sending') : t('staffOrders.resend.confirm')}
              </button>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
