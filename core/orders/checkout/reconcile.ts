import { Effect } from 'effect';
import { OrderMail, Orders } from '../ports.ts';
import { resumeAttempt } from './payment-attempt.ts';

// The periodic reconciliation job: a crash between the charge and the order must not lose a payment
// that succeeded. Payment attempts left without an outcome for a minute are asked about at the
// gateway and finished the way a retry with the same IdempotencyKey would finish them: the order is
// made if the basket can still be sold, else the payment is refunded. Order e-mails a crash left
// unqueued are queued.

export const RECONCILE_AFTER_SECONDS = 60;
const BATCH = 100;

export interface Reconciled {
  readonly examined: number;
  readonly ordersMade: number;
  readonly refunded: number;
  readonly failed: number;
  readonly stillOpen: number;
  readonly mailsQueued: number;
}

export const reconcilePayments = (olderThanSeconds = RECONCILE_AFTER_SECONDS) =>
  Effect.gen(function* () {
    const orders = yield* Orders;
    const attempts = yield* orders.unfinishedAttempts(olderThanSeconds, BATCH);
    const tally = { examined: attempts.length, ordersMade: 0, refunded: 0, failed: 0, stillOpen: 0 };
    for (const attempt of attempts) {
      const outcome = yield* Effect.result(resumeAttempt(attempt, null));
      if (outcome._tag === 'Success') tally.ordersMade++;
      else
        switch (outcome.failure._tag) {
          case 'PaymentRefunded':
            if (outcome.failure.refunded) tally.refunded++;
            else tally.stillOpen++;
            break;
          case 'PaymentDeclined':
            tally.failed++;
            break;
          default:
            tally.stillOpen++;
        }
    }
    const mailsQueued = yield* (yield* OrderMail).flush(olderThanSeconds);
    return { ...tally, mailsQueued } satisfies Reconciled;
  });
