import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { COUNTER_MAX_LENGTH, saveCounter } from './pos-settings.ts';

/** The POS settings: this browser's counter name, sent with every payment taken here. */
export function PosSettingsModal(props: {
  counter: string;
  onClose: () => void;
  onSaved: (counter: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(props.counter);
  return (
    <Modal title={t('staffBasket.pos.title')} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSaved(saveCounter(text));
        }}
      >
        <label className="field-label" htmlFor={`${id}-counter`}>
          {t('staffBasket.pos.counter')}
        </label>
        <input
          id={`${id}-counter`}
          className="text-input"
          value={text}
          maxLength={COUNTER_MAX_LENGTH}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {t('staffBasket.pos.counterHint')}
        </p>
        <div className="staff-actions">
          <button type="submit" className="button button--small">
            {t('staffBasket.pos.save')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={props.onClose}>
            {t('staffBasket.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
