import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './modal.css';

/**
 * A modal dialog on the native <dialog>: focus stays inside, the page behind is inert, Escape
 * closes it, and so do the close button and a click on the backdrop.
 * Render it to open it; `onClose` is called however it closes.
 */
export function Modal(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alert' for the modals that stop the buyer (login required, unavailable). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    // Leaving the page removes the dialog from the top layer; no close() here, so React's
    // development double-run of effects does not close it straight away.
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`modal ${props.className ?? ''}`}
      role={props.role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {props.title}
          </h2>
          <button
            type="button"
            className="modal__close"
            aria-label={t('common.close')}
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{props.children}</div>
      </div>
    </dialog>
  );
}
