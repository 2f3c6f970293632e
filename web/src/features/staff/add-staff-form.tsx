import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow, StaffUserRow } from '../../../../adapters/http/contract/staff.ts';
import { PASSWORD_MIN } from '../../../../core/accounts/password-policy.ts';
import { isApiError } from '../../api/api-error.ts';
import { addStaff } from './admin-api.ts';
import { roleName } from './role-name.ts';
import {
  EMPTY_NEW_STAFF,
  newStaffProblems,
  newStaffRequest,
  type NewStaffField,
  type NewStaffForm,
  type NewStaffProblems,
} from './new-staff-form.ts';

const FIELD_ORDER: readonly NewStaffField[] = ['Email', 'Name', 'Role', 'Password'];

/** "Add staff": e-mail, name, role and a first password -> POST /api/admin/staff. */
export function AddStaffForm(props: {
  roles: readonly RoleRow[];
  onAdded: (row: StaffUserRow) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NewStaffForm>(EMPTY_NEW_STAFF);
  const [problems, setProblems] = useState<NewStaffProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const fieldId = (field: NewStaffField) => `${id}-${field}`;
  const errorId = (field: NewStaffField) => `${id}-${field}-error`;
  const set = (field: NewStaffField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = newStaffProblems(values);
    setProblems(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const row = await addStaff(newStaffRequest(values));
      setValues(EMPTY_NEW_STAFF);
      await props.onAdded(row);
    } catch (error) {
      setFailure((isApiError(error) ? error.serverMessage : undefined) ?? t('addStaff.failed'));
    } finally {
      setSending(false);
    }
  };

  const describedBy = (field: NewStaffField, hint?: string) =>
    [hint, problems[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const problemText = (field: NewStaffField) => {
    const problem = problems[field];
    return problem ? (
      <p id={errorId(field)} className="field-error">
        {t(problem.key, problem.values ?? {})}
      </p>
    ) : null;
  };

  return (
    <section className="admin-card admin-add-staff" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('addStaff.title')}</h2>
      {failure && (
        <div className="notice" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <form ref={form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="admin-form-grid">
          <div>
            <label className="field-label" htmlFor={fieldId('Email')}>
              {t('addStaff.email')}
            </label>
            <input
              id={fieldId('Email')}
              className="text-input"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={values.Email}
              onChange={(event) => set('Email')(event.target.value)}
              aria-invalid={problems.Email ? true : undefined}
              aria-describedby={describedBy('Email')}
            />
            {problemText('Email')}
          </div>
          <div>
            <label className="field-label" htmlFor={fieldId('Name')}>
              {t('addStaff.name')}
            </label>
            <input
              id={fieldId('Name')}
              className="text-input"
              autoComplete="off"
              value={values.Name}
              onChange={(event) => set('Name')(event.target.value)}
              aria-invalid={problems.Name ? true : undefined}
              aria-describedby={describedBy('Name')}
            />
            {problemText('Name')}
          </div>
          <div>
            <label className="field-label" htmlFor={fieldId('Role')}>
              {t('addStaff.role')}
            </label>
            <select
              id={fieldId('Role')}
              className="text-input"
              value={values.Role}
              onChange={(event) => set('Role')(event.target.value)}
              aria-invalid={problems.Role ? true : undefined}
              aria-describedby={describedBy('Role')}
            >
              <option value="">{t('addStaff.chooseRole')}</option>
              {props.roles.map((r) => (
                <option key={r.Role} value={r.Role}>
                  {roleName(t, r)}
                </option>
              ))}
            </select>
            {problemText('Role')}
          </div>
          <div>
            <label className="field-label" htmlFor={fieldId('Password')}>
              {t('addStaff.password')}
            </label>
            <input
              id={fieldId('Password')}
              className="text-input"
              type="password"
              autoComplete="new-password"
              value={values.Password}
              onChange={(event) => set('Password')(event.target.value)}
              aria-invalid={problems.Password ? true : undefined}
              aria-describedby={describedBy('Password', `${id}-Password-hint`)}
            />
            <p id={`${id}-Password-hint`} className="field-hint">
              {t('addStaff.passwordHint', { min: PASSWORD_MIN })}
            </p>
            {problemText('Password')}
          </div>
        </div>
        <button type="submit" className="button admin-add-staff__submit" disabled={sending}>
          {sending ? t('addStaff.submitting') : t('addStaff.submit')}
        </button>
      </form>
    </section>
  );
}
