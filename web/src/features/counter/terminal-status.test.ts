import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTestMode, readerForCounter } from './reader-choice.ts';
import { keepsPolling, terminalView } from './terminal-status.ts';

const STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

describe("the reader's state on the payment page", () => {
  it('is Not Ready (red) until there is an intent, Ready (green) while the reader waits for a card', () => {
    expect(terminalView(null)).toEqual({ state: 'notReady', tone: 'red' });
    expect(terminalView({ Status: 'requires_payment_method' })).toEqual({ state: 'ready', tone: 'green' });
  });

  it('shows a declined card in red with its words and keeps waiting for another', () => {
    const view = terminalView({
      Status: 'requires_payment_method',
      Failure: { Code: 'card_declined', Message: 'Your card was declined.' },
    });
    expect(view).toEqual({ state: 'declined', tone: 'red', message: 'Your card was declined.' });
    expect(keepsPolling(view)).toBe(true);
  });

  it('goes on with the sale once the card is accepted, and stops polling', () => {
    const view = terminalView({ Status: 'requires_capture' });
    expect(view.state).toBe('accepted');
    expect(keepsPolling(view)).toBe(false);
    expect(keepsPolling(terminalView({ Status: 'canceled' }))).toBe(false);
  });

  it('gives every status a state, red exactly for the failures', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...STATUSES), fc.string()), fc.boolean(), (Status, failed) => {
        const view = terminalView({ Status, Failure: failed ? { Message: 'no' } : null });
        const red = ['notReady', 'declined', 'cancelled', 'error'].includes(view.state);
        expect(view.tone).toBe(red ? 'red' : 'green');
      }),
    );
  });
});

describe("the counter's reader", () => {
  const readers = [
    { Id: 'r1', Label: 'Counter 1', Status: 'online', Busy: true },
    { Id: 'r2', Label: 'Counter 2', Status: 'online', Busy: false },
    { Id: 'r3', Label: 'Counter 3', Status: 'offline', Busy: false },
  ];

  it('is the reader named like the counter, else the first free online one', () => {
    expect(readerForCounter(readers, 'counter 1')?.Id).toBe('r1');
    expect(readerForCounter(readers, 'Browser')?.Id).toBe('r2');
    expect(readerForCounter(readers, 'Counter 3')?.Id).toBe('r2');
    expect(readerForCounter([readers[2]!], 'Counter 3')).toBeNull();
  });

  it('offers simulated cards only in test mode', () => {
    expect(isTestMode({ Processor: 'Offline' })).toBe(true);
    expect(isTestMode({ Processor: 'Stripe', PublishableKey: 'pk_test_123' })).toBe(true);
    expect(isTestMode({ Processor: 'Stripe', PublishableKey: 'pk_live_123' })).toBe(false);
    expect(isTestMode(null)).toBe(false);
  });
});
