import { Context, Data, type Effect } from 'effect';
import type { OrderDocument } from './order-document.ts';

// Ports of the orders capability that the ticket PDF and the order e-mail need. The order store
// (PostgreSQL) implements OrderDocuments; adapters/tickets renders PDFs; adapters/mail sends.

/** An order as its tickets and e-mail show it; null when there is no such order. */
export class OrderDocuments extends Context.Service<
  OrderDocuments,
  { readonly load: (orderId: number) => Effect.Effect<OrderDocument | null> }
>()('foyer/orders/OrderDocuments') {}

/** The tickets of an order as one PDF, a page per ticket. */
export class TicketPdfs extends Context.Service<
  TicketPdfs,
  { readonly render: (doc: OrderDocument) => Effect.Effect<Uint8Array> }
>()('foyer/orders/TicketPdfs') {}

export interface MailAttachment {
  readonly filename: string;
  readonly content: Uint8Array;
  readonly contentType: string;
}

export interface MailMessage {
  /** One address, or 'Name <address>'. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: readonly MailAttachment[];
}

/**
 * The message could not be handed over. `permanent`: the server refused it for good (a 5xx,
 * e.g. an unknown mailbox), so sending again will not help; otherwise it may work later.
 */
export class MailFailed extends Data.TaggedError('MailFailed')<{
  readonly reason: string;
  readonly permanent: boolean;
}> {}

/** Hands a message to the mail system (SMTP, or the outbox folder of the default setup). */
export class MailSender extends Context.Service<
  MailSender,
  { readonly send: (message: MailMessage) => Effect.Effect<void, MailFailed> }
>()('foyer/orders/MailSender') {}

/** What a claim on an order's e-mail found. */
export type EmailClaim = 'Claimed' | 'AlreadySent' | 'InProgress';

/**
 * The sent marker of each order e-mail, so the job sends it once even when it runs twice.
 * `claim` takes the e-mail for this attempt (a claim older than the lease is taken over: its
 * worker died); `release` gives it back after a failed send; `markSent` records the success.
 */
export class OrderEmailLog extends Context.Service<
  OrderEmailLog,
  {
    readonly claim: (orderId: number, kind: OrderEmailKind) => Effect.Effect<EmailClaim>;
    readonly release: (orderId: number, kind: OrderEmailKind, failure: string | null) => Effect.Effect<void>;
    readonly markSent: (orderId: number, kind: OrderEmailKind) => Effect.Effect<void>;
  }
>()('foyer/orders/OrderEmailLog') {}

/** Which e-mail of an order: the confirmation after checkout (resends are their own kind). */
export type OrderEmailKind = 'Confirmation';
