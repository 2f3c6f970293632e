import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '../../../../adapters/http/contract/staff.ts';
import { Modal } from '../../ui/modal.tsx';
import { roleName } from './role-name.ts';

/** "Disable Bo Boxoffice?" (or enable), asked before the change is sent. */
export function ConfirmActiveDialog(props: {
  row: StaffUserRow;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { row } = props;
  const disabling = row.Active;
  const values = { name: row.Name, email: row.Email, role: roleName(t, row) };
  return (
    <Modal
      role="alertdialog"
      title={t(disabling ? 'staff.confirmDisableTitle' : 'staff.confirmEnableTitle', values)}
      onClose={props.onCancel}
    >
      <p>{t(disabling ? 'staff.confirmDisableBody' : 'staff.confirmEnableBody', values)}</p>
      <div className="admin-dialog__actions">
        <button type="button" className="button" onClick={props.onConfirm}>
          {disabling ? t('staff.disable') : t('staff.enable')}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('staff.cancel')}
        </button>
      </div>
    </Modal>
  );
}
