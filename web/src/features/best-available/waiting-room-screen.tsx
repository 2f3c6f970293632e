import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaitingRoomStatus } from '../../../../adapters/http/contract/waiting-room.ts';
import { Loading } from '../../ui/loading.tsx';
import { joinWaitingRoom, waitingRoomStatus } from './best-available-api.ts';

const POLL_MS = 5_000;

/**
 * Shown when the event's calls answer 403 from the waiting room: join (the signed ticket is an
 * HttpOnly cookie), then the place and an estimate, live, until it is the visitor's turn.
 */
export function WaitingRoomScreen(props: { eventId: number; onAdmitted: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WaitingRoomStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (first: boolean) => {
      try {
        const current = first
          ? await joinWaitingRoom(props.eventId, controller.signal)
          : await waitingRoomStatus(props.eventId, controller.signal);
        setStatus(current);
        setFailed(false);
        if (!current.Active) return props.onAdmitted();
        if (current.State === 'Admitted' || current.State === 'Expired' || current.State === 'NotJoined')
          return;
      } catch {
        if (controller.signal.aborted) return;
        setFailed(true);
      }
      timer = setTimeout(() => void poll(false), POLL_MS);
    };
    void poll(true);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
    // Re-joins only when asked to (attempt); onAdmitted is a fresh closure each render.
  }, [props.eventId, attempt]);

  if (!status) return <Loading label={t('waitingRoom.joining')} />;
  const minutes = status.EstimatedWaitSeconds === null ? null : Math.ceil(status.EstimatedWaitSeconds / 60);
  return (
    <div className="waiting-room" role="status" aria-live="polite">
      <h2>{t('waitingRoom.title')}</h2>
      <p>{t('waitingRoom.intro')}</p>
      {status.State === 'BeforeOpening' && status.OpensAt && (
        <p>{t('waitingRoom.beforeOpening', { time: new Date(status.OpensAt).toLocaleString() })}</p>
      )}
      {(status.State === 'Waiting' || status.State === 'Paused') && (
        <dl className="waiting-room__figures">
          <dt>{t('waitingRoom.positionLabel')}</dt>
          <dd>{status.Position}</dd>
          <dt>{t('waitingRoom.aheadLabel')}</dt>
          <dd>{status.Ahead}</dd>
          <dt>{t('waitingRoom.estimateLabel')}</dt>
          <dd>
            {minutes === null
              ? t('waitingRoom.paused')
              : minutes <= 1
                ? t('waitingRoom.estimateSoon')
                : t('waitingRoom.estimate', { minutes })}
          </dd>
        </dl>
      )}
      {status.State === 'Admitted' && (
        <>
          <p>{t('waitingRoom.admitted')}</p>
          <button type="button" className="button" onClick={props.onAdmitted}>
            {t('waitingRoom.continue')}
          </button>
        </>
      )}
      {(status.State === 'Expired' || status.State === 'NotJoined') && (
        <>
          <p>{t('waitingRoom.expired')}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('waitingRoom.rejoin')}
          </button>
        </>
      )}
      {failed && <p className="best-available__warning">{t('error.network')}</p>}
    </div>
  );
}
