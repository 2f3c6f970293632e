import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import { failureText } from '../../api/failure-text.ts';
import { Modal } from '../../ui/modal.tsx';
import {
  activateBasket,
  expireBasketById,
  fetchExistingBasket,
  listSavedBaskets,
  saveBasket,
  type ExistingBasket,
  type SavedBasket,
} from './staff-basket-api.ts';

type ListState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly items: readonly SavedBasket[]; readonly total: number }
  | { readonly status: 'error'; readonly message: string };

/**
 * The saved baskets a clerk may resume (any clerk's), searchable by name, customer or event.
 * Resuming one while this browser holds an unsaved basket with items first asks what becomes of
 * it (the 'handle existing unsaved basket' modal): save it, release its seats, or stay.
 */
export function SavedBasketsModal(props: {
  locale: string;
  onClose: () => void;
  /** The resumed basket is now this browser's: the page loads it. */
  onActivated: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState('');
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [existing, setExisting] = useState<{ target: SavedBasket; existing: ExistingBasket } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      listSavedBaskets(
        { SearchText: text.trim() || undefined, Page: 1, PageSize: 50 },
        controller.signal,
      ).then(
        (answer) => setList({ status: 'ready', items: answer.Items, total: answer.TotalCount }),
        (failure: unknown) => {
          if (!controller.signal.aborted)
            setList({ status: 'error', message: failureText(t, failure, 'error.generic') });
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, t]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failureText(t, failure, 'error.generic'));
    } finally {
      setBusy(false);
    }
  };

  const activate = async (target: SavedBasket) => {
    await activateBasket(target.BasketId);
    props.onActivated();
  };

  const resume = (target: SavedBasket) =>
    attempt(async () => {
      const found = await fetchExistingBasket(target.BasketId);
      if (found.HasExistingBasket && !found.IsSaved && found.ExistingBasketId !== target.BasketId)
        setExisting({ target, existing: found });
      else await activate(target);
    });

  if (existing)
    return (
      <Modal title={t('staffBasket.existing.title')} onClose={props.onClose} role="alertdialog">
        <p>{t('staffBasket.existing.body', { count: existing.existing.TicketCount })}</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="staff-actions">
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() =>
              void attempt(async () => {
                await saveBasket(null);
                await activate(existing.target);
              })
            }
          >
            {t('staffBasket.existing.save')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() =>
              void attempt(async () => {
                if (existing.existing.ExistingBasketId)
                  await expireBasketById(existing.existing.ExistingBasketId);
                await activate(existing.target);
              })
            }
          >
            {t('staffBasket.existing.release')}
          </button>
          <button type="button" className="link-button" onClick={() => setExisting(null)}>
            {t('staffBasket.cancel')}
          </button>
        </div>
      </Modal>
    );

  return (
    <Modal title={t('staffBasket.saved.title')} onClose={props.onClose} className="staff-saved-modal">
      <label className="field-label" htmlFor={`${id}-search`}>
        {t('staffBasket.saved.search')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="text-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {list.status === 'loading' && <p role="status">{t('staffBasket.saved.loading')}</p>}
      {list.status === 'error' && (
        <p className="field-error" role="alert">
          {list.message}
        </p>
      )}
      {list.status === 'ready' && list.items.length === 0 && <p>{t('staffBasket.saved.none')}</p>}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul className="staff-saved-list">
          {list.items.map((b) => (
            <li key={b.BasketId} className="staff-saved">
              <div>
                <strong>{b.Name || b.CustomerName || t('staffBasket.saved.unnamed')}</strong>
                <span className="staff-panel__muted">
                  {[
                    b.CustomerName,
                    b.EventNames.join(', '),
                    t('staffBasket.saved.tickets', { count: b.TicketCount }),
                    formatMoney(b.Total, props.locale),
                    b.SavedBy ? t('staffBasket.saved.by', { name: b.SavedBy }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              {b.IsCurrent ? (
                <span className="staff-panel__muted">{t('staffBasket.saved.current')}</span>
              ) : (
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy}
                  onClick={() => void resume(b)}
                >
                  {t('staffBasket.saved.resume')}
                  <span className="visually-hidden">: {b.Name || b.CustomerName || b.BasketId}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** Saves the basket under a name (CanSaveBasket false: the external-purchasing words, no call). */
export function SaveBasketModal(props: {
  canSave: boolean;
  onClose: () => void;
  onSaved: (name: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(props.canSave ? null : t('staffBasket.save.unsupported'));
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={t('staffBasket.save.title')} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.canSave) return;
          setBusy(true);
          setError(null);
          saveBasket(name.trim() || null).then(
            () => props.onSaved(name.trim() || null),
            (failure: unknown) => {
              setBusy(false);
              setError(failureText(t, failure, 'staffBasket.save.failed'));
            },
          );
        }}
      >
        <label className="field-label" htmlFor={`${id}-name`}>
          {t('staffBasket.save.name')}
        </label>
        <input
          id={`${id}-name`}
          className="text-input"
          value={name}
          maxLength={100}
          disabled={!props.canSave}
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="staff-actions">
          <button type="submit" className="button button--small" disabled={busy || !props.canSave}>
            {t('staffBasket.save.submit')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={props.onClose}>
            {t('staffBasket.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
