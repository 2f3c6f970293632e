import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow, StaffUserRow } from '../../../../adapters/http/contract/staff.ts';
import { ConfirmActiveDialog } from './confirm-active-dialog.tsx';
import { roleName } from './role-name.ts';

/** A change to one staff member (PUT /api/admin/staff/{id}). */
export interface StaffChange {
  readonly Role?: string;
  readonly Active?: boolean;
}

type OnChange = (row: StaffUserRow, change: StaffChange) => Promise<boolean>;

export function StaffTable(props: {
  staff: readonly StaffUserRow[];
  roles: readonly RoleRow[];
  /** The signed-in staff member: their own row is read-only (the server refuses those changes). */
  selfId: number;
  onChange: OnChange;
}) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table" data-testid="staff-table">
        <caption id={captionId} className="visually-hidden">
          {t('staff.tableCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.name')}</th>
            <th scope="col">{t('staff.email')}</th>
            <th scope="col">{t('staff.role')}</th>
            <th scope="col">{t('staff.active')}</th>
            <th scope="col">{t('staff.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {props.staff.map((row) =>
            row.ID === props.selfId ? (
              <OwnRow key={row.ID} row={row} />
            ) : (
              <StaffRow key={row.ID} row={row} roles={props.roles} onChange={props.onChange} />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The signed-in staff member's own row: nobody disables themself or changes their own role here. */
function OwnRow(props: { row: StaffUserRow }) {
  const { t } = useTranslation('admin');
  const { row } = props;
  return (
    <tr>
      <th scope="row">
        {row.Name} <span className="admin-you">{t('staff.you')}</span>
      </th>
      <td>{row.Email}</td>
      <td>{roleName(t, row)}</td>
      <td>{row.Active ? t('staff.yes') : t('staff.no')}</td>
      <td className="admin-table__muted">{t('staff.ownAccount')}</td>
    </tr>
  );
}

function StaffRow(props: { row: StaffUserRow; roles: readonly RoleRow[]; onChange: OnChange }) {
  const { t } = useTranslation('admin');
  const { row } = props;
  const [role, setRole] = useState(row.Role);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // The row's own role stays a choice even when it is not among the roles offered.
  const roles = props.roles.some((r) => r.Role === row.Role)
    ? props.roles
    : [{ Role: row.Role, RoleName: row.RoleName, Permissions: [] }, ...props.roles];

  const change = async (request: StaffChange) => {
    setBusy(true);
    const done = await props.onChange(row, request);
    setBusy(false);
    return done;
  };

  return (
    <tr className={row.Active ? undefined : 'admin-table__inactive'}>
      <th scope="row">{row.Name}</th>
      <td>{row.Email}</td>
      <td>
        <div className="admin-role">
          <select
            className="text-input admin-role__select"
            aria-label={t('staff.roleOf', { name: row.Name })}
            value={role}
            disabled={busy}
            onChange={(event) => setRole(event.target.value)}
          >
            {roles.map((r) => (
              <option key={r.Role} value={r.Role}>
                {roleName(t, r)}
              </option>
            ))}
          </select>
          {role !== row.Role && (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={t('staff.changeRoleOf', { name: row.Name })}
              onClick={() => void change({ Role: role })}
            >
              {t('staff.changeRole')}
            </button>
          )}
        </div>
      </td>
      <td>{row.Active ? t('staff.yes') : t('staff.no')}</td>
      <td>
        <button
          ref={toggle}
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-label={t(row.Active ? 'staff.disableOf' : 'staff.enableOf', { name: row.Name })}
          onClick={() => setConfirming(true)}
        >
          {row.Active ? t('staff.disable') : t('staff.enable')}
        </button>
        {confirming && (
          <ConfirmActiveDialog
            row={row}
            onConfirm={async () => {
              setConfirming(false);
              await change({ Active: !row.Active });
              toggle.current?.focus();
            }}
            onCancel={() => {
              setConfirming(false);
              toggle.current?.focus();
            }}
          />
        )}
      </td>
    </tr>
  );
}
