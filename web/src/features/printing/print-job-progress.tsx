import { useTranslation } from 'react-i18next';
import type { PrintJobView } from './printing-api.ts';
import { usePrintJob } from './use-print-job.ts';
import './printing.css';

/**
 * A server print job as it prints: "3 of 10 printed", Pause while it runs; once a printer fault
 * paused it, the printer's words with Resume and Cancel.
 */
export function PrintJobProgress(props: { jobId: number; onFinished?: (job: PrintJobView) => void }) {
  const { t } = useTranslation('admin');
  const { job, error, busy, act } = usePrintJob(props.jobId, props.onFinished);
  return (
    <div className="print-status" data-testid="print-job" data-status={job?.Status ?? 'loading'}>
      {job === null ? (
        <p role="status">{t('printing.job.loading')}</p>
      ) : (
        <>
          <p role="status">
            <progress max={Math.max(1, job.Total)} value={job.Printed} aria-hidden="true" />{' '}
            <span data-testid="print-job-count">
              {t('printing.job.count', { printed: job.Printed, count: job.Total })}
            </span>{' '}
            <span className="print-status__state">{t(`printing.job.status.${job.Status}`)}</span>
          </p>
          {job.Status === 'paused' && job.Message && (
            <p className="print-status__error" role="alert" data-testid="print-job-fault">
              {job.Message}
            </p>
          )}
          <div className="print-status__actions">
            {(job.Status === 'running' || job.Status === 'queued') && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                onClick={() => void act('pause')}
              >
                {t('printing.job.pause')}
              </button>
            )}
            {job.Status === 'paused' && (
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                onClick={() => void act('resume')}
              >
                {t('printing.job.resume')}
              </button>
            )}
            {job.Status !== 'done' && job.Status !== 'cancelled' && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                onClick={() => void act('cancel')}
              >
                {t('printing.job.cancel')}
              </button>
            )}
          </div>
        </>
      )}
      {error && (
        <p className="print-status__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
