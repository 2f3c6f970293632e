import { useState, type ReactNode } from 'react';
import { Modal } from './modal.tsx';

/**
 * A button that asks before it acts: a dialog with the question, the action and a way back. While
 * the action runs both buttons wait; if it fails, the dialog stays open with `failureText` of the
 * failure so the clerk can try again or go back. The action navigates away or closes by itself.
 */
export function ConfirmButton(props: {
  label: string;
  className?: string;
  disabled?: boolean;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<void>;
  failureText: (failure: unknown) => string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm();
    } catch (failure) {
      setError(props.failureText(failure));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={props.className ?? 'button button--secondary'}
        disabled={props.disabled}
        onClick={() => setOpen(true)}
      >
        {props.label}
      </button>
      {open && (
        <Modal title={props.title} onClose={() => !busy && setOpen(false)}>
          <p>{props.question}</p>
          {error && (
            <p className="confirm-button__error" role="alert">
              {error}
            </p>
          )}
          <div className="staff-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
              {busy ? props.busyLabel : props.confirmLabel}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              {props.cancelLabel}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
