import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

/**
 * The release-seats warning of a plan: a new seat quantity needs the seats held at the old one
 * released (core/plans/seat-quantity.ts quantityChange). Closing the dialog keeps them.
 */
export function PlanReleaseModal(props: {
  from: number;
  to: number;
  held: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('plans.release.title')} onClose={props.onCancel} role="alertdialog">
      <p>{t('plans.release.body', { from: props.from, to: props.to, count: props.held })}</p>
      {props.error ? (
        <p className="plan__error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('plans.release.keep')}
        </button>
        <button type="button" className="button" onClick={props.onConfirm} disabled={props.busy}>
          {t('plans.release.confirm')}
        </button>
      </div>
    </Modal>
  );
}
