import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/failure-text.ts';
import {
  cancelTerminalIntent,
  readTerminalIntent,
  simulateCard,
  startTerminalIntent,
  type TerminalIntent,
} from './counter-payment-api.ts';
import { keepsPolling, TERMINAL_POLL_MS, terminalView } from './terminal-status.ts';

/**
 * A card payment on the counter's reader: the intent started for the amount, read every second
 * while the reader may change it, cancellable by the clerk, and (test mode) a simulated card.
 * When the card is accepted, `onAccepted` gets the intent once: the sale goes on with it.
 */
export const useTerminal = (onAccepted: (paymentIntentId: string) => void) => {
  const { t } = useTranslation('admin');
  const [intent, setIntent] = useState<TerminalIntent | null>(null);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const accepted = useRef<string | null>(null);
  const onAcceptedRef = useRef(onAccepted);
  onAcceptedRef.current = onAccepted;
  const view = terminalView(intent);

  useEffect(() => {
    if (!intent || !active || !keepsPolling(view)) return;
    const timer = setTimeout(() => {
      readTerminalIntent(intent.PaymentIntentId).then(setIntent, (failure: unknown) =>
        setError(failureText(t, failure, 'error.generic')),
      );
    }, TERMINAL_POLL_MS);
    return () => clearTimeout(timer);
  }, [intent, active, view, t]);

  useEffect(() => {
    if (active && intent && view.state === 'accepted' && accepted.current !== intent.PaymentIntentId) {
      accepted.current = intent.PaymentIntentId;
      onAcceptedRef.current(intent.PaymentIntentId);
    }
  }, [active, intent, view.state]);

  const start = async (query: {
    amount: number;
    currency: string;
    readerId: string | null;
    idempotencyKey: string;
  }) => {
    setError(null);
    setMessage(null);
    setIntent(null);
    setActive(true);
    try {
      setIntent(await startTerminalIntent(query));
    } catch (failure) {
      setActive(false);
      setError(failureText(t, failure, 'error.generic'));
    }
  };

  const cancel = async () => {
    if (!intent) {
      setActive(false);
      return;
    }
    try {
      const answer = await cancelTerminalIntent(intent.PaymentIntentId);
      setMessage(answer.Message);
      setActive(false);
      setIntent(null);
    } catch (failure) {
      setError(failureText(t, failure, 'error.generic'));
    }
  };

  const simulate = async (card: 'success' | 'decline' | 'insufficient_funds') => {
    if (!intent) return;
    try {
      setIntent(await simulateCard(intent.PaymentIntentId, card));
    } catch (failure) {
      setError(failureText(t, failure, 'error.generic'));
    }
  };

  return {
    active,
    intent,
    view,
    error,
    message,
    start,
    cancel,
    simulate,
    /** The sale is over (or failed after capture): no more polling. */
    stop: () => setActive(false),
    fail: (text: string) => {
      setActive(false);
      setError(text);
    },
  };
};
