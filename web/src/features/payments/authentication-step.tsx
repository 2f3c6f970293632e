import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { allowsFraming } from './frame-policy.ts';

// The card authentication step (3-D Secure: a 422 with RequiresAction triggers card
// authentication, then the checkout is resubmitted). The processor's page
// (ActionUrl) shows in a frame inside this modal when it allows framing; otherwise the buyer
// opens it in a window of its own (a click, so no popup blocker stops it), and closing that
// window continues. Either way the buyer can continue by hand. The resubmission (same
// idempotency key, the PaymentIntentId) lets the server tell whether the bank said yes.

export type AuthenticationResult = 'done' | 'cancelled';

type Display = 'checking' | 'frame' | 'window';

/** Same-origin pages say in their headers whether they may be framed; other origins are tried. */
const displayFor = async (url: URL): Promise<Display> => {
  if (url.origin !== window.location.origin) return 'frame';
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    return allowsFraming(response.headers) ? 'frame' : 'window';
  } catch {
    return 'window';
  }
};

export function AuthenticationStep(props: {
  actionUrl: string;
  onFinish: (result: AuthenticationResult) => void;
}) {
  const { t } = useTranslation();
  const [display, setDisplay] = useState<Display>('checking');
  const [opened, setOpened] = useState(false);
  const popup = useRef<Window | null>(null);
  const finished = useRef(false);
  const finish = (result: AuthenticationResult) => {
    if (finished.current) return;
    finished.current = true;
    popup.current?.close();
    props.onFinish(result);
  };
  const url = new URL(props.actionUrl, window.location.href);

  useEffect(() => {
    let live = true;
    void displayFor(url).then((d) => live && setDisplay(d));
    return () => {
      live = false;
    };
  }, [props.actionUrl]);

  // The bank's window closed: the buyer is done there.
  useEffect(() => {
    if (!opened) return;
    const timer = setInterval(() => {
      if (popup.current?.closed) {
        clearInterval(timer);
        finish('done');
      }
    }, 500);
    return () => clearInterval(timer);
  }, [opened]);

  const openWindow = () => {
    popup.current = window.open(url.href, 'foyer-authentication', 'popup,width=520,height=680');
    if (popup.current) setOpened(true);
    else window.location.assign(url.href);
  };

  return (
    <Modal
      title={t('payments.authentication.title')}
      onClose={() => finish('cancelled')}
      className="auth-step"
    >
      <p>
        {t(display === 'window' ? 'payments.authentication.introWindow' : 'payments.authentication.intro')}
      </p>
      {display === 'frame' && (
        <iframe className="auth-step__frame" src={url.href} title={t('payments.authentication.frameTitle')} />
      )}
      {display === 'window' && (
        <p className="auth-step__window">
          <button type="button" className="button" onClick={openWindow}>
            {t('payments.authentication.openWindow')}
          </button>
          {opened && <span className="field-hint"> {t('payments.authentication.windowOpen')}</span>}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => finish('cancelled')}>
          {t('payments.authentication.cancel')}
        </button>
        <button
          type="button"
          className={display === 'window' && !opened ? 'button button--secondary' : 'button'}
          onClick={() => finish('done')}
        >
          {t('payments.authentication.continue')}
        </button>
      </div>
    </Modal>
  );
}
