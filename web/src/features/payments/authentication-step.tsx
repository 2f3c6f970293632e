import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';

// The card authentication step (3-D Secure; spec 000 section 4: a 422 with RequiresAction
// triggers card authentication, then the checkout is resubmitted). The processor's page
// (ActionUrl) shows in a frame inside a modal. When the page tells us it is finished (a
// message from its origin), or the buyer says so, the payment page resubmits with the same
// idempotency key and the PaymentIntentId: the server then knows whether the bank said yes.
// A page that refuses to be framed is opened in a window of its own instead.

export type AuthenticationResult = 'done' | 'cancelled';

/** A message from the authentication page that it has finished (either way). */
export const isFinishedMessage = (data: unknown): boolean => {
  if (typeof data === 'string') return /authenticat|3ds|complete|fail/i.test(data);
  if (!data || typeof data !== 'object') return false;
  const record = data as Record<string, unknown>;
  const text = [record.type, record.status, record.event, record.result].filter((v) => typeof v === 'string');
  return text.some((v) => /authenticat|3ds|complete|succeed|fail/i.test(v as string));
};

export function AuthenticationStep(props: {
  actionUrl: string;
  onFinish: (result: AuthenticationResult) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [blocked, setBlocked] = useState(false);
  const finished = useRef(false);
  const finish = (result: AuthenticationResult) => {
    if (finished.current) return;
    finished.current = true;
    props.onFinish(result);
  };
  const actionOrigin = new URL(props.actionUrl, window.location.href).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== actionOrigin) return;
      if (isFinishedMessage(event.data)) finish('done');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [actionOrigin]);

  // A page of this site that cannot be read once loaded was refused (X-Frame-Options): the
  // frame shows the browser's error page, so offer the page in a window of its own.
  const onLoad = () => {
    if (actionOrigin !== window.location.origin) return;
    try {
      const href = frame.current?.contentWindow?.location.href;
      if (!href || href === 'about:blank') setBlocked(true);
    } catch {
      setBlocked(true);
    }
  };

  return (
    <Modal
      title={t('payments.authentication.title')}
      onClose={() => finish('cancelled')}
      className="auth-step"
    >
      <p>{t('payments.authentication.intro')}</p>
      {blocked ? (
        <p className="auth-step__window">
          <a className="button button--secondary" href={props.actionUrl} target="_blank" rel="opener">
            {t('payments.authentication.openWindow')}
          </a>
        </p>
      ) : (
        <iframe
          ref={frame}
          className="auth-step__frame"
          src={props.actionUrl}
          title={t('payments.authentication.frameTitle')}
          onLoad={onLoad}
        />
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => finish('cancelled')}>
          {t('payments.authentication.cancel')}
        </button>
        <button type="button" className="button" onClick={() => finish('done')}>
          {t('payments.authentication.continue')}
        </button>
      </div>
    </Modal>
  );
}
