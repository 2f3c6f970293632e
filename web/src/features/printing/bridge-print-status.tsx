import { useTranslation } from 'react-i18next';
import type { BridgePrintState } from './bridge-print-state.ts';
import './printing.css';

/**
 * How printing on this counter's POS bridge goes: "Printing 1 of 2 tickets…", then what was
 * printed, or 'Error printing tickets' with each ticket not printed and the printer's words, and
 * Try again (which prints only those). `data-phase` is the run's phase, for the browser tests.
 */
export function BridgePrintStatus(props: { state: BridgePrintState; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const { state } = props;
  if (state.phase === 'idle') return null;
  const running = state.phase === 'tickets' || state.phase === 'receipt';
  return (
    <div className="print-status" data-testid="bridge-print" data-phase={state.phase}>
      {state.noPos && (
        <p className="print-status__error" role="alert">
          {t('pos.missing')}
        </p>
      )}
      {state.error && (
        <p className="print-status__error" role="alert">
          {state.error}
        </p>
      )}
      {state.phase === 'tickets' && state.total > 0 && (
        <p role="status">{t('printing.bridge.progress', { current: state.current, count: state.total })}</p>
      )}
      {state.phase === 'receipt' && <p role="status">{t('printing.bridge.receiptProgress')}</p>}
      {state.phase === 'done' && !state.noPos && !state.error && state.failures.length === 0 && (
        <p role="status" data-testid="bridge-print-done">
          {state.printed.length > 0
            ? t('printing.bridge.printed', { count: state.printed.length })
            : state.alreadyPrinted.length > 0
              ? t('printing.bridge.alreadyPrinted', { count: state.alreadyPrinted.length })
              : state.receipt === 'none'
                ? t('printing.bridge.nothing')
                : null}
        </p>
      )}
      {state.failures.length > 0 && !running && (
        <div className="print-status__failures" role="alert" data-testid="bridge-print-failures">
          <p>
            <strong>{t('printing.bridge.error')}</strong>
            {state.printed.length > 0 && (
              <> {t('printing.bridge.printed', { count: state.printed.length })}</>
            )}
          </p>
          <ul>
            {state.failures.map((f) => (
              <li key={f.ticketId} data-ticket-id={f.ticketId}>
                {f.message === null
                  ? t('printing.bridge.notSent', { ticket: f.ticketId })
                  : f.kept
                    ? t('printing.bridge.kept', { ticket: f.ticketId, message: f.message })
                    : t('printing.bridge.failed', { ticket: f.ticketId, message: f.message })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.receipt === 'printed' && <p>{t('printing.bridge.receiptPrinted')}</p>}
      {state.receipt === 'failed' && !running && (
        <p className="print-status__error" role="alert">
          {t('printing.bridge.receiptFailed', { message: state.receiptMessage ?? '' })}
        </p>
      )}
      {state.drawer === 'opened' && <p>{t('printing.bridge.drawerOpened')}</p>}
      {state.phase === 'done' && (state.failures.length > 0 || state.receipt === 'failed') && (
        <button type="button" className="button button--small" onClick={props.onRetry}>
          {t('printing.bridge.retry')}
        </button>
      )}
    </div>
  );
}
