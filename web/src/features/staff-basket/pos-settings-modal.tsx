import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Modal } from '../../ui/modal.tsx';
import { currentBridgeUrl } from '../pos/bridge-rpc.ts';
import { pairCommand, requestPairingCode, type PairingCode } from '../pos/pairing.ts';
import { usePos } from '../pos/use-pos.ts';
import '../pos/pos.css';
import { COUNTER_MAX_LENGTH, DEFAULT_COUNTER, normaliseCounter, saveCounter } from './pos-settings.ts';

/**
 * The POS settings: this browser's counter name, sent with every payment taken here; whether
 * this counter's POS bridge answers; and "Pair this counter", which asks the server for a
 * one-time code and shows the command to run on the counter's computer.
 */
export function PosSettingsModal(props: {
  counter: string;
  onClose: () => void;
  onSaved: (counter: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  // The default name is not typed in: the field stays empty, the name shown in the page's language.
  const [text, setText] = useState(props.counter === DEFAULT_COUNTER ? '' : props.counter);
  const { pos, check } = usePos();
  const [pairing, setPairing] = useState<PairingCode | null>(null);
  const [pairingError, setPairingError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const pair = async () => {
    setAsking(true);
    setPairingError(null);
    try {
      setPairing(await requestPairingCode(normaliseCounter(text)));
    } catch (e) {
      setPairingError(isApiError(e) ? e.messageOr(t('pos.pair.failed')) : t('pos.pair.failed'));
    } finally {
      setAsking(false);
    }
  };

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
          placeholder={t('staffBasket.pos.defaultCounter')}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {t('staffBasket.pos.counterHint')}
        </p>

        <section className="pos-bridge" aria-labelledby={`${id}-bridge`} data-testid="pos-bridge">
          <h3 id={`${id}-bridge`} className="field-label">
            {t('pos.title')}
          </h3>
          <p data-testid="pos-status">
            {pos === null
              ? t('pos.status.checking')
              : pos.present
                ? pos.paired
                  ? t('pos.status.present', {
                      name: pos.name ?? t('printing.panel.posUnnamed'),
                      version: pos.version,
                    })
                  : t('pos.status.unpaired', { version: pos.version })
                : t('pos.status.absentAt', { url: currentBridgeUrl() })}{' '}
            {pos !== null && (
              <button type="button" className="link-button" onClick={check}>
                {t('pos.status.checkAgain')}
              </button>
            )}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={asking}
            onClick={() => void pair()}
          >
            {t('pos.pair.action')}
          </button>
          {pairing && (
            <div className="pos-bridge__code" data-testid="pairing-code">
              <p>
                {t('pos.pair.code')} <strong className="pos-bridge__digits">{pairing.Code}</strong>
              </p>
              <p>{t('pos.pair.run')}</p>
              <pre>
                <code>{pairCommand(window.location.origin, pairing.Code)}</code>
              </pre>
              <p className="field-hint">
                {t('pos.pair.expires', { time: new Date(pairing.ExpiresAt).toLocaleTimeString() })}
              </p>
            </div>
          )}
          {pairingError && (
            <p className="field-error" role="alert">
              {pairingError}
            </p>
          )}
        </section>

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
