import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

/** Asks before a ticket printed already is printed again: it will say REPRINT, and is audited. */
export function ReprintDialog(props: { ticketLabel: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Modal className="staff-order__modal" title={t('printing.reprint.title')} onClose={props.onClose}>
      <div className="staff-order__dialog" data-testid="reprint-dialog">
        <p>{t('printing.reprint.ask', { ticket: props.ticketLabel })}</p>
        <div className="staff-order__dialog-actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('staffOrders.back')}
          </button>
          <button type="button" className="button" onClick={props.onConfirm}>
            {t('printing.reprint.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
