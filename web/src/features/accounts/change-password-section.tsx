import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountField } from './account-field.tsx';
import { changePassword } from './account-api.ts';
import { AccountForm } from './account-form.tsx';
import { failureText, refusedFields } from '../../api/failure-text.ts';
import { confirmProblem, newPasswordProblem, requiredProblem } from './form-problems.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { SubmitButton } from './submit-button.tsx';
import { useAccountForm } from './use-account-form.ts';

/** The current password, then the new one twice. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const id = useId();
  const form = useAccountForm({ CurrentPassword: '', NewPassword: '', ConfirmPassword: '' }, (v) => ({
    CurrentPassword: requiredProblem(v.CurrentPassword),
    NewPassword: newPasswordProblem(v.NewPassword),
    ConfirmPassword: confirmProblem(v.NewPassword, v.ConfirmPassword),
  }));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    setDone(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const answer = await changePassword(form.values);
      setDone(answer.Message);
      form.reset();
    } catch (error) {
      setFailure(failureText(t, error));
      form.refuse(refusedFields(error));
    } finally {
      setBusy(false);
    }
  };

  const newLabel = t('account.field.NewPassword');
  return (
    <section id="password" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.password.heading')}</h2>
      </div>
      <p className="account-section__status" role="status">
        {done ?? ''}
      </p>
      <AccountForm
        busy={busy}
        failure={failure}
        onSubmit={submit}
        className="account-form--narrow"
        aria-labelledby={`${id}-title`}
      >
        <AccountField
          {...form.field('CurrentPassword', t('account.field.CurrentPassword'))}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={form.field('NewPassword', newLabel)}
          confirm={form.field('ConfirmPassword', t('account.field.ConfirmNewPassword'), { other: newLabel })}
        />
        <SubmitButton
          busy={busy}
          label={t('account.password.submit')}
          busyLabel={t('account.password.busy')}
        />
      </AccountForm>
    </section>
  );
}
