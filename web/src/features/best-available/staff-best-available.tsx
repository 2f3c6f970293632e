import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ReservedBestAvailable } from '../../../../adapters/http/contract/best-available.ts';
import { call } from '../../api/api-client.ts';
import { failureText } from '../../api/failure-text.ts';
import { altKey, KeyHint, useShortcut } from '../counter/shortcuts.tsx';
import './staff-best-available.css';

// Best available at the counter, beside the staff seat map: the clerk types how many seats and
// presses Enter (or Alt+B); the best seats are held in the clerk's basket on the BoxOffice channel,
// from the hold subclasses ticked on the map, and the clerk goes on to the basket. The quantity
// has the focus when the map opens (Alt+Q brings it back), so a walk-up sale starts typing.

/** GET /api/eventinventory/BoxOffice/reservebestavailable/{id}: the best seats, held for the clerk. */
const reserveAtCounter = async (eventId: number, quantity: number, holdSubclassIds: readonly number[]) => {
  const query = new URLSearchParams({ quantity: String(quantity) });
  if (holdSubclassIds.length > 0) query.set('holdSubclassIds', holdSubclassIds.join(','));
  const { body } = await call(
    'GET',
    `/api/eventinventory/BoxOffice/reservebestavailable/${eventId}?${query}`,
    {
      changesState: true,
    },
  );
  return ReservedBestAvailable.parse(body);
};

export function StaffBestAvailable(props: {
  eventId: number;
  holdSubclassIds: readonly number[];
  /** At most this many tickets in one basket (the event's limit). */
  limit: number;
  /** The seats are held: on to the basket. */
  onHeld: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useShortcut('q', () => input.current?.focus());
  useShortcut('b', () => button.current?.click());

  const refuse = (message: string) => {
    setError(message);
    // The clerk looks where they typed: the words are under the field, which keeps the focus.
    input.current?.focus();
    input.current?.select();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const wanted = Number(quantity.trim());
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > props.limit) {
      refuse(t('counterBest.quantityInvalid', { limit: props.limit }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reserved = await reserveAtCounter(props.eventId, wanted, props.holdSubclassIds);
      if (!reserved.Found || !reserved.Basket) refuse(t('counterBest.noneFound', { quantity: wanted }));
      else props.onHeld();
    } catch (failure) {
      refuse(failureText(t, failure, 'counterBest.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="side-card staff-best" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-card__title">
        {t('counterBest.title')}
      </h2>
      <form className="staff-best__form" onSubmit={(e) => void submit(e)} noValidate>
        <span className="key-label field-label">
          <label htmlFor={`${id}-quantity`}>{t('counterBest.quantity')}</label>
          <KeyHint keys={altKey('q')} />
        </span>
        <input
          id={`${id}-quantity`}
          ref={input}
          // The seat map opens on the question the clerk answers first: how many.
          autoFocus
          type="number"
          inputMode="numeric"
          min={1}
          max={props.limit}
          autoComplete="off"
          value={quantity}
          aria-keyshortcuts={altKey('q')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <button type="submit" className="button" ref={button} disabled={busy} aria-keyshortcuts={altKey('b')}>
          {busy ? t('counterBest.finding') : t('counterBest.find')}
          <KeyHint keys={altKey('b')} />
        </button>
        {error && (
          <p className="field-error" role="alert" id={`${id}-error`}>
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
