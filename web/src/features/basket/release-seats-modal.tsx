import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

/** The release-seats warning before an item leaves the basket. */
export function ReleaseSeatsModal(props: {
  itemName: string;
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('basket.release.title', { count: props.count })}
      onClose={props.onCancel}
      role="alertdialog"
    >
      <p>{t('basket.release.body', { item: props.itemName, count: props.count })}</p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('basket.release.keep', { count: props.count })}
        </button>
        <button type="button" className="button" onClick={props.onConfirm}>
          {t('basket.release.confirm', { count: props.count })}
        </button>
      </div>
    </Modal>
  );
}
