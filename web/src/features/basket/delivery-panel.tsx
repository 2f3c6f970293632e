import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../core/i18n/format-money.ts';
import type { BasketViewModelData } from './basket-api.ts';

type DeliveryMethod = BasketViewModelData['DeliveryMethods'][number];

/** How the tickets reach the buyer (PUT changedeliverymethod/{id}); DeliveryTotal follows. */
export function DeliveryPanel(props: {
  methods: readonly DeliveryMethod[];
  chosenId: number | null;
  locale: string;
  /** The buyer tried to check out without choosing. */
  missing: boolean;
  onChoose: (id: number) => void;
  /** A method's own line under its name; null: its type's (the counter says its hand-over so). */
  hintOf?: (method: DeliveryMethod) => string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`} id="basket-delivery">
      <fieldset
        className="basket-delivery"
        aria-describedby={props.missing ? `${id}-missing` : undefined}
        aria-invalid={props.missing ? true : undefined}
      >
        <legend id={`${id}-title`} className="basket-panel__title">
          {t('basket.delivery.title')}
        </legend>
        {props.missing && (
          <p className="field-error" id={`${id}-missing`} role="alert">
            {t('basket.delivery.required')}
          </p>
        )}
        {props.methods.map((method) => (
          <label
            key={method.ID}
            className={`basket-choice${props.chosenId === method.ID ? ' basket-choice--chosen' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method.ID}
              checked={props.chosenId === method.ID}
              onChange={() => props.onChoose(method.ID)}
            />
            <span className="basket-choice__text">
              <span className="basket-choice__name">{method.DisplayName}</span>
              <span className="basket-choice__hint">
                {props.hintOf?.(method) ?? t(`basket.delivery.type.${method.DeliveryMethodType}`)}
              </span>
            </span>
            <span className="basket-choice__price">
              {method.Price === 0 ? t('basket.delivery.free') : formatMoney(method.Price, props.locale)}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** The basket note (PUT updatenote), offered when the chosen delivery method displays basket notes. */
export function BasketNotePanel(props: {
  note: string | null;
  onSave: (note: string | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(props.note ?? '');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(props.note ?? ''), [props.note]);
  const dirty = text.trim() !== (props.note ?? '').trim();
  return (
    <section className="basket-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-panel__title">
        {t('basket.note.title')}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setSaved(false);
          void props.onSave(text.trim() || null).then((ok) => {
            setBusy(false);
            setSaved(ok);
          });
        }}
      >
        <label className="field-label" htmlFor={`${id}-note`}>
          {t('basket.note.label')}
        </label>
        <textarea
          id={`${id}-note`}
          className="text-input basket-note__text"
          rows={3}
          maxLength={2000}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setSaved(false);
          }}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {t('basket.note.hint')}
        </p>
        <div className="basket-note__actions">
          <button type="submit" className="button button--secondary button--small" disabled={busy || !dirty}>
            {t('basket.note.save')}
          </button>
          <span role="status" className="basket-note__saved">
            {saved && !dirty ? t('basket.note.saved') : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
