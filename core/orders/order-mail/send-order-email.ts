import { Cause, Effect, Exit } from 'effect';
import { orderEmail, ticketsAttached } from './order-email.ts';
import { templateNotesFor } from './template-notes.ts';
import { MailSender, OrderDocuments, OrderEmailLog, TicketPdfs, type MailFailed } from '../ports.ts';

/** What became of one run of the order e-mail job. */
export type OrderEmailOutcome =
  | { readonly status: 'Sent'; readonly to: string; readonly attachments: number }
  | { readonly status: 'AlreadySent' }
  /** Another run holds the claim right now: try again later (its lease may run out). */
  | { readonly status: 'InProgress' }
  | { readonly status: 'NoSuchOrder' };

/**
 * Sends an order's confirmation e-mail once: the sent marker is claimed before sending, given
 * back when the send fails (so a retry sends), and set after. A worker that dies mid-send leaves
 * a claim that a later run takes over once its lease is out; only a crash between the mail
 * server's acceptance and `markSent` can make a second copy (at least once, never zero).
 */
export const sendOrderEmail = (orderId: number) =>
  Effect.gen(function* () {
    const doc = yield* OrderDocuments.use((documents) => documents.load(orderId));
    if (!doc) return { status: 'NoSuchOrder' } as OrderEmailOutcome;
    const log = yield* OrderEmailLog;
    const claim = yield* log.claim(orderId, 'Confirmation');
    if (claim !== 'Claimed') return { status: claim } as OrderEmailOutcome;
    const send = Effect.gen(function* () {
      const pdf = ticketsAttached(doc) ? yield* TicketPdfs.use((pdfs) => pdfs.render(doc)) : null;
      const notes = yield* templateNotesFor(doc);
      const message = orderEmail(doc, pdf, notes);
      yield* MailSender.use((mail) => mail.send(message));
      return message;
    });
    const message = yield* send.pipe(
      Effect.onExit((exit) =>
        Exit.isFailure(exit) ? log.release(orderId, 'Confirmation', failureText(exit.cause)) : Effect.void,
      ),
    );
    yield* log.markSent(orderId, 'Confirmation');
    return { status: 'Sent', to: message.to, attachments: message.attachments.length } as OrderEmailOutcome;
  });

export type SendOrderEmailError = MailFailed;

const failureText = (cause: Cause.Cause<MailFailed>): string => {
  const failure = Cause.findErrorOption(cause);
  const text = failure._tag === 'Some' ? failure.value.reason : String(Cause.squash(cause));
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
};
