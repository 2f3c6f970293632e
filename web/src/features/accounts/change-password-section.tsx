import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountField } from './account-field.tsx';
import { changePassword } from './account-api.ts';
import { failureText, refusedFields } from './failure-text.ts';
import {
  confirmProblem,
  newPasswordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
  requiredProblem,
} from './form-problems.ts';
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
      <form
        className="account-form account-form--narrow"
        noValidate
        aria-busy={busy}
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure && (
          <p className="account-alert" role="alert">
            {failure}
          </p>
        )}
        <AccountField
          {...form.field('CurrentPassword', t('account.field.CurrentPassword'))}
          type="password"
          autoComplete="current-password"
        />
        <AccountField
          {...form.field('NewPassword', newLabel)}
          type="password"
          autoComplete="new-password"
          hint={t('account.password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        />
        <AccountField
          {...form.field('ConfirmPassword', t('account.field.ConfirmNewPassword'), { other: newLabel })}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button account-form__submit" disabled={busy}>
          {busy ? t('account.password.busy') : t('account.password.submit')}
        </button>
      </form>
    </section>
  );
}
