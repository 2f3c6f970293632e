import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '../../../../adapters/http/contract/account.ts';
import { Loading } from '../../ui/loading.tsx';
import { deleteSavedCard, fetchSavedCard } from './account-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { failureText } from '../../api/failure-text.ts';

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly card: SavedCard | null }
  | { readonly status: 'error'; readonly message: string };

/** The card saved at checkout, if any, and a way to remove it (asked twice). */
export function PaymentMethodSection() {
  const { t } = useTranslation();
  const id = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchSavedCard().then(
      (card) => current && setLoad({ status: 'ready', card }),
      (error: unknown) => current && setLoad({ status: 'error', message: failureText(t, error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await deleteSavedCard();
      setConfirming(false);
      setDone(answer.Message);
      setLoad({ status: 'ready', card: null });
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const card = load.status === 'ready' ? load.card : null;
  const cardText = card
    ? card.CardBrand
      ? t('account.payment.card', { brand: card.CardBrand, last4: card.CCLast4 })
      : t('account.payment.cardNoBrand', { last4: card.CCLast4 })
    : '';
  return (
    <section id="payment" className="account-section" aria-labelledby={`${id}-title`}>
      <div className="account-section__head">
        <h2 id={`${id}-title`}>{t('account.payment.heading')}</h2>
      </div>
      <p className="account-section__status" role="status">
        {done ?? ''}
      </p>
      {load.status === 'loading' && <Loading label={t('account.payment.loading')} />}
      {load.status === 'error' && (
        <p className="account-alert" role="alert">
          {load.message}
        </p>
      )}
      {load.status === 'ready' && !card && <p className="account-empty">{t('account.payment.none')}</p>}
      {card && (
        <div className="account-card-row">
          <p className="account-card-row__card">
            <span className="account-card-row__icon" aria-hidden="true">
              ▭
            </span>
            {cardText}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            {t('account.payment.delete')}
          </button>
        </div>
      )}
      {confirming && card && (
        <ConfirmDialog
          title={t('account.payment.confirmTitle')}
          body={t('account.payment.confirmBody', { card: cardText })}
          failure={failure}
          busy={busy}
          confirmLabel={t('account.payment.confirm')}
          busyLabel={t('account.payment.deleting')}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
