// What the counter shows while the card reader has an intent (polled every 1000 ms): Not Ready
// (red) until the reader waits for a card, Ready (green) while it does, errors in red, and when
// the card is accepted (requires_capture) the sale goes on. Stripe's statuses. Pure.

export const TERMINAL_POLL_MS = 1000;

export type TerminalView =
  | { readonly state: 'notReady'; readonly tone: 'red' }
  | { readonly state: 'ready'; readonly tone: 'green' }
  | { readonly state: 'processing'; readonly tone: 'green' }
  | { readonly state: 'accepted'; readonly tone: 'green' }
  | { readonly state: 'declined'; readonly tone: 'red'; readonly message: string | null }
  | { readonly state: 'cancelled'; readonly tone: 'red' }
  | { readonly state: 'error'; readonly tone: 'red'; readonly message: string | null };

export interface IntentFacts {
  readonly Status: string;
  readonly Failure?: { readonly Code?: string | null; readonly Message?: string | null } | null;
}

export const terminalView = (intent: IntentFacts | null): TerminalView => {
  if (!intent) return { state: 'notReady', tone: 'red' };
  switch (intent.Status) {
    case 'requires_payment_method':
      return intent.Failure
        ? { state: 'declined', tone: 'red', message: intent.Failure.Message ?? intent.Failure.Code ?? null }
        : { state: 'ready', tone: 'green' };
    case 'requires_confirmation':
    case 'requires_action':
    case 'processing':
      return { state: 'processing', tone: 'green' };
    case 'requires_capture':
    case 'succeeded':
      return { state: 'accepted', tone: 'green' };
    case 'canceled':
      return { state: 'cancelled', tone: 'red' };
    default:
      return { state: 'error', tone: 'red', message: intent.Failure?.Message ?? null };
  }
};

/** Polling goes on while the reader may still change the intent. */
export const keepsPolling = (view: TerminalView): boolean =>
  view.state === 'ready' || view.state === 'processing' || view.state === 'declined';
