import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { closeDialog } from './close-dialog.ts';

/** An alert dialog that asks before something is deleted: Cancel, or the red button. */
export function ConfirmDialog(props: {
  title: string;
  body: ReactNode;
  failure: string | null;
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={props.title} role="alertdialog" onClose={props.onClose}>
      <p>{props.body}</p>
      {props.failure && (
        <p className="account-alert" role="alert">
          {props.failure}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={closeDialog}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={props.busy}
          onClick={() => void props.onConfirm()}
        >
          {props.busy ? props.busyLabel : props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
