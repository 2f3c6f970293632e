import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePos } from '../pos/use-pos.ts';
import { BridgePrintStatus } from '../printing/bridge-print-status.tsx';
import { ServerTicketPrint } from '../printing/server-print.tsx';
import { useBridgePrint } from '../printing/use-bridge-print.ts';

// Orders whose printing this page started: the banner may be drawn again, never printed twice.
const started = new Set<number>();

/**
 * After a sale delivered at the point of sale: when this counter's POS bridge answers, its
 * tickets, then its receipt (and the cash drawer) print there at once, with the progress and any
 * failure on the banner; without a bridge they wait to be printed, and a server printer is offered.
 */
export function SalePrinting(props: {
  orderId: number;
  /** Paid in full: print now. An invoice's tickets wait until it is paid. */
  paid: boolean;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { pos } = usePos();
  const bridge = useBridgePrint();
  const { orderId, onBusy } = props;
  const { print } = bridge;
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    if (!props.paid || !pos?.present || started.has(orderId)) return;
    started.add(orderId);
    onBusy(true);
    void print(orderId, { receipt: true }).finally(() => {
      if (mounted.current) onBusy(false);
    });
    return () => {
      mounted.current = false;
    };
  }, [pos, orderId, print, onBusy, props.paid]);

  if (pos?.present && bridge.state.phase !== 'idle')
    return <BridgePrintStatus state={bridge.state} onRetry={() => void bridge.retry()} />;
  return (
    <>
      <p>{t('counterPayment.awaitingPrinting')}</p>
      {props.paid && pos && !pos.present && <ServerTicketPrint orderId={orderId} />}
    </>
  );
}
