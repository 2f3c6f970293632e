import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { PrintJobProgress } from './print-job-progress.tsx';
import { fetchPrinters, queueTickets, type PrinterView } from './printing-api.ts';
import './printing.css';

/**
 * An order's tickets on one of the server's ticket printers, for a counter with no POS bridge:
 * offered first, then a choice of printer and the job's progress.
 */
export function ServerTicketPrint(props: { orderId: number }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [printers, setPrinters] = useState<readonly PrinterView[] | null>(null);
  const [printerId, setPrinterId] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    fetchPrinters(abort.signal).then(
      (all) => {
        const tickets = all.filter((p) => p.Active && p.Kind === 'fgl');
        setPrinters(tickets);
        setPrinterId((chosen) => chosen ?? tickets[0]?.Id ?? null);
      },
      (e: unknown) => {
        if (!abort.signal.aborted)
          setError(isApiError(e) ? e.messageOr(t('printing.server.failed')) : t('printing.server.failed'));
      },
    );
    return () => abort.abort();
  }, [open, t]);

  const print = async () => {
    if (printerId === null) return;
    setError(null);
    try {
      setJobId((await queueTickets(props.orderId, printerId)).JobId);
    } catch (e) {
      setError(isApiError(e) ? e.messageOr(t('printing.server.failed')) : t('printing.server.failed'));
    }
  };

  if (!open)
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {t('printing.server.offer')}
      </button>
    );
  return (
    <div className="print-status" data-testid="server-print">
      {printers !== null && printers.length === 0 && <p>{t('printing.server.none')}</p>}
      {printers !== null && printers.length > 0 && jobId === null && (
        <div className="print-panel__row">
          <div className="print-panel__field">
            <label className="field-label" htmlFor={id}>
              {t('printing.panel.ticketPrinter')}
            </label>
            <select
              id={id}
              className="text-input"
              value={printerId ?? ''}
              onChange={(e) => setPrinterId(Number(e.target.value))}
            >
              {printers.map((p) => (
                <option key={p.Id} value={p.Id}>
                  {p.Name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button--small" onClick={() => void print()}>
            {t('printing.panel.printTickets')}
          </button>
        </div>
      )}
      {jobId !== null && <PrintJobProgress jobId={jobId} />}
      {error && (
        <p className="print-status__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
