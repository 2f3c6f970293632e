import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Modal } from '../../ui/modal.tsx';
import { changeUsherMessage } from './printing-api.ts';

export const USHER_MESSAGE_MAX = 120;

/** The line for the usher printed on a ticket: set, changed or cleared (empty). */
export function UsherMessageDialog(props: {
  ticketId: number;
  ticketLabel: string;
  current: string;
  onSaved: (message: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(props.current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const changed = await changeUsherMessage(props.ticketId, text.trim() === '' ? null : text.trim());
      props.onSaved(changed.UsherMessage);
    } catch (e) {
      setError(isApiError(e) ? e.messageOr(t('printing.usher.failed')) : t('printing.usher.failed'));
      setBusy(false);
    }
  };
  return (
    <Modal className="staff-order__modal" title={t('printing.usher.title')} onClose={props.onClose}>
      <form
        className="staff-order__dialog"
        data-testid="usher-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p>{props.ticketLabel}</p>
        <label className="field-label" htmlFor={id}>
          {t('printing.usher.label')}
        </label>
        <input
          id={id}
          className="text-input"
          value={text}
          maxLength={USHER_MESSAGE_MAX}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {t('printing.usher.hint', { count: USHER_MESSAGE_MAX })}
        </p>
        {error && (
          <p className="staff-orders__error" role="alert">
            {error}
          </p>
        )}
        <div className="staff-order__dialog-actions">
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {t('staffOrders.back')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {t('printing.usher.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
