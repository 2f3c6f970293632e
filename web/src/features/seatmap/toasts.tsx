import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Short messages that come and go (toasts). Polite ones are read out when
// the screen reader is free; errors (role=alert) straight away.

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly tone: ToastTone;
  readonly title?: string;
  readonly text: string;
}

const SHOWN_FOR_MS = 7000;

export const useToasts = () => {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const show = useCallback(
    (text: string, tone: ToastTone = 'info', title?: string) => {
      const id = next.current++;
      // The same message twice in a row (a buyer clicking on) is shown once, for longer.
      setToasts((list) => [
        ...list.filter((t) => t.text !== text).slice(-2),
        { id, tone, text, ...(title ? { title } : {}) },
      ]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), SHOWN_FOR_MS),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);
  return { toasts, show, dismiss };
};

export function Toasts(props: { toasts: readonly Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const item = (toast: Toast) => (
    <div key={toast.id} className={`toast toast--${toast.tone}`}>
      <div className="toast__text">
        {toast.title && <strong className="toast__title">{toast.title}</strong>}
        <span>{toast.text}</span>
      </div>
      <button
        type="button"
        className="toast__close"
        onClick={() => props.onDismiss(toast.id)}
        aria-label={t('common.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
  return (
    <div className="toasts">
      <div role="status" aria-live="polite" className="toasts__list">
        {props.toasts.filter((x) => x.tone !== 'error').map(item)}
      </div>
      <div role="alert" className="toasts__list">
        {props.toasts.filter((x) => x.tone === 'error').map(item)}
      </div>
    </div>
  );
}
