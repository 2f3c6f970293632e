import { Cause, Clock, Effect, Exit } from 'effect';
import { Catalogue } from '../../catalogue/ports.ts';
import { MailSender, type MailFailed } from '../../orders/ports.ts';
import { WaitingTicketRequests } from './ticket-notifications.ts';
import { ticketsAvailableEmail, ticketsBackOnSale } from './tickets-available.ts';

// The tickets-available job of one event: seats came back, so every buyer waiting for the
// performance gets the e-mail, once.

/** How many requests one claim takes: a sold-out arena may have thousands waiting. */
const CLAIM_BATCH = 50;

export interface TicketsAvailableOutcome {
  /** No e-mail was due: the event is gone, over, or has nothing open any more. */
  readonly available: boolean;
  readonly sent: number;
  /** Sends that failed in a way that may pass (released: a later run sends them). */
  readonly failed: number;
  /** Addresses the mail server refused for good (never tried again). */
  readonly refused: number;
  /** Waiting requests another run holds right now: a later run must look again. */
  readonly others: number;
}

/**
 * Sends the e-mail to every buyer waiting for `eventId`, when it has seats open now. Each request
 * is claimed before its send and marked after it, one by one, so two runs never send one twice
 * and a run that dies mid-send leaves one claim that a later run takes over once its lease is
 * out. Delivery is at least once: a crash between the mail server's acceptance and the mark can
 * send that one e-mail twice, never zero times.
 */
export const notifyTicketsAvailable = (eventId: number, publicUrl: string) =>
  Effect.gen(function* () {
    const event = yield* Catalogue.use((catalogue) => catalogue.event(eventId));
    const now = new Date(yield* Clock.currentTimeMillis);
    const outcome = { available: false, sent: 0, failed: 0, refused: 0, others: 0 };
    if (!event || !ticketsBackOnSale(event, now)) return outcome as TicketsAvailableOutcome;
    outcome.available = true;
    const waiting = yield* WaitingTicketRequests;
    const mail = yield* MailSender;
    for (;;) {
      const { claimed, others } = yield* waiting.claim(eventId, CLAIM_BATCH);
      outcome.others = others;
      for (const request of claimed) {
        const exit = yield* Effect.exit(mail.send(ticketsAvailableEmail(request.email, event, publicUrl)));
        if (Exit.isSuccess(exit)) {
          yield* waiting.markSent(request.id);
          outcome.sent++;
          continue;
        }
        const failure = failureOf(exit.cause);
        if (failure.permanent) {
          yield* waiting.refuse(request.id, failure.reason);
          outcome.refused++;
        } else {
          yield* waiting.release(request.id, failure.reason);
          outcome.failed++;
        }
      }
      // A failure that may pass stops this run (a released request would be claimed again at
      // once); the job is retried later.
      if (claimed.length < CLAIM_BATCH || outcome.failed > 0) return outcome as TicketsAvailableOutcome;
    }
  });

const failureOf = (cause: Cause.Cause<MailFailed>): { reason: string; permanent: boolean } => {
  const failure = Cause.findErrorOption(cause);
  if (failure._tag === 'Some')
    return { reason: clip(failure.value.reason), permanent: failure.value.permanent };
  return { reason: clip(String(Cause.squash(cause))), permanent: false };
};

const clip = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}...` : text);
