import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/loading.tsx';
import { Modal } from '../../ui/modal.tsx';
import { headerReturnUrl } from './return-url.ts';
import { useDisclosure } from './use-disclosure.ts';

// The form's code (and the account styles) load when the control is first opened.
const LoginForm = lazy(() => import('./login-form.tsx').then((m) => ({ default: m.LoginForm })));

/** Up to this width the header's sign-in opens a modal; wider, a dropdown under the button. */
export const LOGIN_MODAL_MAX_WIDTH = 650;

/** The header's Sign in: the sign-in page's form, in a dropdown or (narrow screens) a modal. */
export function SignInControl() {
  const { t } = useTranslation();
  const location = useLocation();
  const dropdown = useDisclosure();
  const [modal, setModal] = useState(false);
  const returnUrl = headerReturnUrl(location.pathname, location.searchStr);
  // Following one of the form's links (register, forgot password) closes it.
  useEffect(() => {
    dropdown.setOpen(false);
    setModal(false);
  }, [location.pathname]);
  const form = (onSignedIn: () => void) => (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
      <LoginForm returnUrl={returnUrl} onSignedIn={onSignedIn} autoFocus />
    </Suspense>
  );
  const narrow = () => window.matchMedia(`(max-width: ${LOGIN_MODAL_MAX_WIDTH}px)`).matches;

  return (
    <div className="account-control account-dropdown" {...dropdown.rootProps}>
      <button
        {...dropdown.buttonProps}
        className="account-control__toggle account-control__sign-in"
        onClick={() => {
          if (narrow()) {
            dropdown.setOpen(false);
            setModal(true);
          } else dropdown.setOpen((open) => !open);
        }}
      >
        <span className="account-control__avatar" aria-hidden="true">
          <svg viewBox="0 0 20 20" width="14" height="14" focusable="false">
            <circle cx="10" cy="6.5" r="3.5" fill="currentColor" />
            <path d="M3 18c0-4 3.2-6.5 7-6.5s7 2.5 7 6.5z" fill="currentColor" />
          </svg>
        </span>
        <span>{t('account.menu.signIn')}</span>
      </button>
      <div
        id={dropdown.panelId}
        className="account-dropdown__panel account-control__login"
        hidden={!dropdown.open}
        role="region"
        aria-label={t('account.login.title')}
      >
        {dropdown.open && form(() => dropdown.close())}
      </div>
      {modal && (
        <Modal title={t('account.login.title')} onClose={() => setModal(false)} className="account-modal">
          {form(() => setModal(false))}
        </Modal>
      )}
    </div>
  );
}
