import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrinterView } from './printing-api.ts';
import { BridgePrintStatus } from './bridge-print-status.tsx';
import { PrintJobProgress } from './print-job-progress.tsx';
import { parseDestination, type Destination, type OrderPrinting } from './use-order-printing.ts';
import './printing.css';

/** A printer choice: this counter's bridge first, then the server's printers of the kind. */
function DestinationSelect(props: {
  label: string;
  value: Destination;
  printers: readonly PrinterView[];
  kind: 'fgl' | 'escpos';
  posName: string | null;
  onChange: (value: Destination) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="print-panel__field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className="text-input"
        value={String(props.value)}
        onChange={(e) => props.onChange(parseDestination(e.target.value))}
      >
        <option value="pos">
          {props.posName ? t('printing.panel.posNamed', { name: props.posName }) : t('printing.panel.pos')}
        </option>
        {props.printers
          .filter((p) => p.Active && p.Kind === props.kind)
          .map((p) => (
            <option key={p.Id} value={p.Id}>
              {p.Name}
            </option>
          ))}
      </select>
    </div>
  );
}

/**
 * The order page's printing: where tickets and receipts go, Print tickets (those not printed
 * yet), Print receipt, and the run's progress (the bridge's, or the server job's).
 */
export function OrderPrintPanel(props: { printing: OrderPrinting; hasActive: boolean }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const p = props.printing;
  const posName = p.pos?.present ? (p.pos.name ?? t('printing.panel.posUnnamed')) : null;
  const busy = p.bridge.busy;
  return (
    <section
      className="admin-card staff-order__section print-panel"
      aria-labelledby={titleId}
      data-testid="order-print"
    >
      <h2 id={titleId}>{t('printing.panel.title')}</h2>
      <p className="staff-orders__meta" data-testid="pos-status">
        {p.pos === null
          ? t('pos.status.checking')
          : p.pos.present
            ? t('pos.status.present', { name: posName, version: p.pos.version })
            : t('pos.status.absent')}{' '}
        {p.pos !== null && (
          <button type="button" className="link-button" onClick={p.checkPos}>
            {t('pos.status.checkAgain')}
          </button>
        )}
      </p>
      <div className="print-panel__row">
        <DestinationSelect
          label={t('printing.panel.ticketPrinter')}
          value={p.ticketTo}
          printers={p.printers}
          kind="fgl"
          posName={posName}
          onChange={p.setTicketTo}
        />
        <DestinationSelect
          label={t('printing.panel.receiptPrinter')}
          value={p.receiptTo}
          printers={p.printers}
          kind="escpos"
          posName={posName}
          onChange={p.setReceiptTo}
        />
        {props.hasActive && (
          <button type="button" className="button" disabled={busy} onClick={() => void p.printTickets()}>
            {t('printing.panel.printTickets')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void p.printReceipt()}
        >
          {t('printing.panel.printReceipt')}
        </button>
      </div>
      <BridgePrintStatus state={p.bridge.state} onRetry={() => void p.retry()} />
      {p.noBridge && (
        <p className="staff-orders__meta" role="status" data-testid="print-no-bridge">
          {t('printing.panel.noBridge')}
        </p>
      )}
      {p.jobId !== null && <PrintJobProgress key={p.jobId} jobId={p.jobId} onFinished={p.onJobFinished} />}
      {p.leftOut > 0 && (
        <p className="staff-orders__meta">{t('printing.panel.leftOut', { count: p.leftOut })}</p>
      )}
      {p.error && (
        <p className="staff-orders__error" role="alert">
          {p.error}
        </p>
      )}
    </section>
  );
}
