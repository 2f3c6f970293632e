import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import type { Formats } from './order-sections.tsx';
import { addNote, type StaffOrderDetail } from './staff-orders-api.ts';

/** Staff notes on the order, newest last, and a box to add one (for those who may sell). */
export function NotesPanel(props: {
  order: StaffOrderDetail;
  f: Formats;
  mayAdd: boolean;
  onAdded: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { order, f } = props;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    setError(null);
    try {
      await addNote(order.Order.Id, text.trim());
      setText('');
      props.onAdded();
    } catch (e) {
      setError((isApiError(e) ? e.serverMessage : undefined) ?? t('staffOrders.notes.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="admin-card staff-order__section" aria-labelledby={titleId} data-testid="order-notes">
      <h2 id={titleId}>{t('staffOrders.notes.title')}</h2>
      {order.Order.Note && (
        <p className="staff-order__buyer-note">{t('staffOrders.notes.buyer', { note: order.Order.Note })}</p>
      )}
      {order.Notes.length === 0 ? (
        <p className="staff-order__none">{t('staffOrders.notes.none')}</p>
      ) : (
        <ol className="staff-order__notes">
          {order.Notes.map((note) => (
            <li key={note.Id}>
              <p className="staff-order__note-text">{note.Text}</p>
              <p className="staff-orders__meta">
                {note.Author} · <time dateTime={note.At}>{f.when(note.At)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {props.mayAdd && (
        <form className="staff-order__note-form" onSubmit={(e) => void submit(e)}>
          <label className="field-label" htmlFor={textId}>
            {t('staffOrders.notes.add')}
          </label>
          <textarea
            id={textId}
            className="text-input"
            rows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--small" disabled={sending || !text.trim()}>
            {sending ? t('staffOrders.notes.saving') : t('staffOrders.notes.save')}
          </button>
        </form>
      )}
    </section>
  );
}
