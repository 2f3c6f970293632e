import { useTranslation } from 'react-i18next';
import type { useTerminal } from './use-terminal.ts';

/** The reader's state while a card payment runs: Not Ready / Ready / errors, Cancel, and (test mode) Simulate card. */
export function TerminalPanel(props: { terminal: ReturnType<typeof useTerminal>; testMode: boolean }) {
  const { t } = useTranslation('admin');
  const { terminal } = props;
  const { view } = terminal;
  const words = (() => {
    switch (view.state) {
      case 'notReady':
        return t('counterPayment.card.notReady');
      case 'ready':
        return t('counterPayment.card.ready');
      case 'processing':
        return t('counterPayment.card.processing');
      case 'accepted':
        return t('counterPayment.card.accepted');
      case 'cancelled':
        return t('counterPayment.card.cancelled');
      case 'declined':
      case 'error':
        return view.message ?? t('counterPayment.card.failed');
    }
  })();
  return (
    <section className="counter-terminal" aria-live="polite" data-testid="counter-terminal">
      {terminal.active && (
        <p
          className={`counter-terminal__status counter-terminal__status--${view.tone}`}
          data-state={view.state}
        >
          {words}
        </p>
      )}
      {terminal.error && (
        <p className="counter-terminal__status counter-terminal__status--red" role="alert">
          {terminal.error}
        </p>
      )}
      {terminal.message && <p className="staff-panel__muted">{terminal.message}</p>}
      {terminal.active && (
        <div className="staff-actions">
          {props.testMode && terminal.intent && view.state !== 'accepted' && (
            <button
              type="button"
              className="button button--small"
              onClick={() => void terminal.simulate('success')}
            >
              {t('counterPayment.card.simulate')}
            </button>
          )}
          {props.testMode && terminal.intent && view.state !== 'accepted' && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void terminal.simulate('decline')}
            >
              {t('counterPayment.card.simulateDecline')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void terminal.cancel()}
          >
            {t('counterPayment.card.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
