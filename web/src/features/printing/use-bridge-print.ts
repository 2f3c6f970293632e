import { useCallback, useRef, useState } from 'react';
import { printOrderOnBridge, retryOnBridge } from './bridge-print.ts';
import { IDLE, type BridgePrintState } from './bridge-print-state.ts';
import type { TicketChoice } from './printing-api.ts';

/**
 * Printing an order on this counter's POS bridge from a screen: the state as it goes, `print` to
 * start (one run at a time), `retry` after failures, `run` for any other bridge print.
 */
export const useBridgePrint = () => {
  const [state, setState] = useState<BridgePrintState>(IDLE);
  const busy = useRef(false);
  const latest = useRef<BridgePrintState>(IDLE);
  const report = useCallback((next: BridgePrintState) => {
    latest.current = next;
    setState(next);
  }, []);

  const run = useCallback(
    async (task: (report: (s: BridgePrintState) => void) => Promise<BridgePrintState>) => {
      if (busy.current) return latest.current;
      busy.current = true;
      try {
        return await task(report);
      } catch (error) {
        // A fault of the page itself (not a refusal, which the task reports): shown, never thrown.
        const failed: BridgePrintState = {
          ...latest.current,
          phase: 'done',
          error: error instanceof Error ? error.message : String(error),
        };
        report(failed);
        return failed;
      } finally {
        busy.current = false;
      }
    },
    [report],
  );

  const print = useCallback(
    (orderId: number, options: { choice?: TicketChoice; receipt: boolean }) =>
      run((r) => printOrderOnBridge(orderId, options, r)),
    [run],
  );

  const retry = useCallback(() => run((r) => retryOnBridge(latest.current, r)), [run]);

  const reset = useCallback(() => report(IDLE), [report]);

  return { state, print, retry, run, reset, busy: state.phase === 'tickets' || state.phase === 'receipt' };
};
