import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { anonymize, SIGNED_OUT } from './account-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { setAccount } from './use-account.ts';

/**
 * Deleting the account, after the delete-account confirmation: the personal data goes, the
 * orders stay (without it) for the box office's books, and the person is signed out.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await anonymize();
      // Away from the account first: signed out on it, the screen would go to sign-in instead.
      await navigate({ to: '/Account/AccountDeletedConfirmation', replace: true });
      setAccount(SIGNED_OUT);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <section id="delete" className="account-section account-section--danger" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.delete.heading')}</h2>
      </div>
      <p>{t('account.delete.body')}</p>
      <button
        type="button"
        className="button button--danger"
        onClick={() => {
          setFailed(false);
          setConfirming(true);
        }}
      >
        {t('account.delete.open')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('account.delete.confirmTitle')}
          body={t('account.delete.confirmBody')}
          failure={failed ? t('account.delete.failed') : null}
          busy={busy}
          confirmLabel={t('account.delete.confirm')}
          busyLabel={t('account.delete.busy')}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
