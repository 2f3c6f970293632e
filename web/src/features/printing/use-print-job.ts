import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { changePrintJob, fetchPrintJob, type PrintJobView } from './printing-api.ts';

// A print job on one of the server's printers, read again every second until it is done or
// cancelled (worker/print-queue.ts prints it; a fault pauses it until someone resumes it).

const POLL_MS = 1000;
const finished = (job: PrintJobView | null) => job?.Status === 'done' || job?.Status === 'cancelled';

export const usePrintJob = (jobId: number | null, onFinished?: (job: PrintJobView) => void) => {
  const [job, setJob] = useState<PrintJobView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setJob(null);
    setError(null);
    if (jobId === null) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const next = await fetchPrintJob(jobId, abort.signal);
        if (abort.signal.aborted) return;
        setJob(next);
        setError(null);
        if (finished(next)) {
          onFinished?.(next);
          return;
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        setError(isApiError(e) ? (e.serverMessage ?? null) : null);
      }
      timer = setTimeout(() => void read(), POLL_MS);
    };
    void read();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // onFinished is the caller's: a new function each render must not restart the polling.
  }, [jobId]);

  const act = useCallback(
    async (action: 'pause' | 'resume' | 'cancel') => {
      if (jobId === null) return;
      setBusy(true);
      try {
        setJob(await changePrintJob(jobId, action));
        setError(null);
      } catch (e) {
        setError(isApiError(e) ? (e.serverMessage ?? e.message) : String(e));
      } finally {
        setBusy(false);
      }
    },
    [jobId],
  );

  return { job, error, busy, act };
};
