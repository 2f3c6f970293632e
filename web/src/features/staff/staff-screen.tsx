import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow, StaffUserRow } from '../../../../adapters/http/contract/staff.ts';
import { isApiError } from '../../api/api-error.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AddStaffForm } from './add-staff-form.tsx';
import { updateStaff } from './admin-api.ts';
import { roleName } from './role-name.ts';
import { StaffTable, type StaffChange } from './staff-table.tsx';

/** /admin/staff: the staff list with role changes and disable/enable, and the "Add staff" form. */
export function StaffScreen(props: {
  staff: readonly StaffUserRow[];
  roles: readonly RoleRow[];
  selfId: number;
}) {
  const { t } = useTranslation('admin');
  const router = useRouter();
  usePageTitle(t('staff.title'));
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const roleOf = (role: string) => {
    const row = props.roles.find((r) => r.Role === role);
    return row ? roleName(t, row) : role;
  };

  const onChange = async (row: StaffUserRow, change: StaffChange): Promise<boolean> => {
    setFailure(null);
    setSaid('');
    try {
      const updated = await updateStaff(row.ID, change);
      setSaid(
        change.Role !== undefined
          ? t('staff.roleChanged', { name: updated.Name, role: roleName(t, updated) })
          : t(updated.Active ? 'staff.enabled' : 'staff.disabled', { name: updated.Name }),
      );
      await router.invalidate();
      return true;
    } catch (error) {
      setFailure((isApiError(error) ? error.serverMessage : undefined) ?? t('staff.updateFailed'));
      return false;
    }
  };

  return (
    <div className="admin-staff">
      <div className="page-intro">
        <h1>{t('staff.title')}</h1>
        <p>{t('staff.intro')}</p>
      </div>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {said && !failure && (
        <p className="admin-done" aria-hidden="true">
          {said}
        </p>
      )}
      {failure && (
        <div className="notice" role="alert">
          <p>{failure}</p>
        </div>
      )}
      {props.staff.length === 0 ? (
        <p className="empty-state">{t('staff.empty')}</p>
      ) : (
        <StaffTable staff={props.staff} roles={props.roles} selfId={props.selfId} onChange={onChange} />
      )}
      <AddStaffForm
        roles={props.roles}
        onAdded={async (row) => {
          setFailure(null);
          setSaid(t('addStaff.added', { name: row.Name, role: roleOf(row.Role) }));
          await router.invalidate();
        }}
      />
    </div>
  );
}
