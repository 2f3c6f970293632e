import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CANCELLABLE_STATUSES,
  TERMINAL_MESSAGES,
  cannotCancel,
  isCancellable,
  terminalFailed,
  type TerminalIntentStatus,
} from './card-terminal.ts';

const STATUSES: TerminalIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

describe('cancelling a terminal intent', () => {
  test('only the four waiting statuses are cancellable; the refusal names the status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), (status) => {
        const waiting = [
          'requires_payment_method',
          'requires_capture',
          'requires_confirmation',
          'requires_action',
        ];
        expect(isCancellable(status)).toBe(waiting.includes(status));
        expect(cannotCancel(status)).toMatchObject({
          code: 'CannotCancel',
          message: `Cannot cancel a payment with a status of: ${status}`,
        });
      }),
    );
    expect([...CANCELLABLE_STATUSES].sort()).toEqual([
      'requires_action',
      'requires_capture',
      'requires_confirmation',
      'requires_payment_method',
    ]);
  });

  test("a failure without words of its own speaks the catalogue's", () => {
    expect(terminalFailed('NoTerminalConfigured').message).toBe('No Terminal configured');
    expect(terminalFailed('NoAvailableReaders').message).toBe('No available stripe terminals.');
    expect(terminalFailed('NoReaders').message).toBe('Failed to discover any stripe terminals');
    expect(terminalFailed('TerminalNotFound').message).toBe(
      'The active configured stripe terminal was not found in Stripe',
    );
    expect(terminalFailed('TerminalNotDefined').message).toBe('Terminal is not defined.');
    for (const code of ['Unknown', 'NotCapturable', 'Unavailable'] as const)
      expect(terminalFailed(code).message).toBe(TERMINAL_MESSAGES.Unknown);
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (words) => {
        expect(terminalFailed('Unknown', words).message).toBe(words);
      }),
    );
  });
});
