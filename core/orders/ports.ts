import { Context, Data, type Effect } from 'effect';
import type { SeatChangeNotice } from '../basket/ports.ts';
import type { PaymentMethod } from '../payments/payment-types.ts';
import type {
  AttemptOutcome,
  Completion,
  CounterOrder,
  CounterPaymentFacts,
  NewAttempt,
  OrderPlan,
  OrderRecord,
  PaymentAttempt,
} from './order.ts';
import type { Basket } from '../basket/basket.ts';
import type { CompType } from '../payments/comp-limit.ts';
import type { CardFacts } from '../payments/ports.ts';
import type { PaymentDecision, PaymentRefusal } from '../payments/split-tender.ts';
import type { CheckoutDetails } from './checkout/validation.ts';
import type { OrderDocument } from './order-document.ts';

// Ports of the checkout and order capability: what placing and reading orders needs of the
// world (the order store, documents, PDFs, mail, the captcha check), shaped to the domain.

/** What the checkout already read: the basket (with its store version) and the buyer's details. */
export interface KnownBasket {
  readonly basket: Basket;
  readonly checkout: CheckoutDetails;
}

/**
 * The order store. `complete` is the heart: ONE transaction that re-checks the basket is live and
 * its holds are still its own, sells the seats (or, when the basket ran out after the charge,
 * sells them anyway if they are still free), writes the order, its tickets and products, links
 * the payment and marks the basket Completed. Calling it again for an attempt that already has an
 * order answers that order.
 */
export class Orders extends Context.Service<
  Orders,
  {
    readonly attemptByKey: (idempotencyKey: string) => Effect.Effect<PaymentAttempt | null>;
    /** Saves a new attempt; when the key exists (a concurrent twin) answers that one, created false. */
    readonly startAttempt: (
      attempt: NewAttempt,
    ) => Effect.Effect<{ readonly attempt: PaymentAttempt; readonly created: boolean }>;
    /** Records what the gateway said. A success is never overwritten by a later failure. */
    readonly recordOutcome: (attemptId: number, outcome: AttemptOutcome) => Effect.Effect<PaymentAttempt>;
    /**
     * `success`: the gateway's success, recorded in the same transaction (one commit fewer); when
     * no order is made it is recorded on its own. `known`: the basket as the checkout read it and
     * the buyer's details; the store may sell it without reading it again when it is unchanged.
     */
    readonly complete: (
      attemptId: number,
      plan: OrderPlan,
      success?: Extract<AttemptOutcome, { status: 'succeeded' }>,
      known?: KnownBasket,
      /** A counter sale: its facts are written on the order in the same transaction. */
      counter?: CounterOrder,
    ) => Effect.Effect<{ readonly completion: Completion; readonly changes: readonly SeatChangeNotice[] }>;
    /** The refund of an unsellable payment went through (refundRef), or was not needed (null). */
    readonly recordRefund: (attemptId: number, refundRef: string | null) => Effect.Effect<void>;
    /**
     * Attempts not yet finished (pending, waiting for the buyer's authentication, or succeeded
     * with no order yet) and untouched for `olderThanSeconds`: the reconciliation job finishes them.
     */
    readonly unfinishedAttempts: (
      olderThanSeconds: number,
      limit: number,
    ) => Effect.Effect<readonly PaymentAttempt[]>;
    readonly order: (orderId: number) => Effect.Effect<OrderRecord | null>;
    readonly paymentMethods: () => Effect.Effect<readonly PaymentMethod[]>;
    /**
     * The card gateway's customer (Stripe cus_...) holding a customer's saved cards; null until
     * they first save one at checkout.
     */
    readonly cardCustomerRef: (customerId: number) => Effect.Effect<string | null>;
    readonly setCardCustomerRef: (customerId: number, customerRef: string) => Effect.Effect<void>;
    /** The BIN restrictions (first 6 card digits) of these promotions; empty: any card. */
    readonly promotionBins: (
      promotionIds: readonly number[],
    ) => Effect.Effect<ReadonlyMap<number, readonly string[]>>;
  }
>()('foyer/orders/Orders') {}

/** What a ticket PDF and the order e-mail show, for the mail job and the tickets download. */
export class OrderDocuments extends Context.Service<
  OrderDocuments,
  { readonly load: (orderId: number) => Effect.Effect<OrderDocument | null> }
>()('foyer/orders/OrderDocuments') {}

/** Renders an order's tickets as one PDF (the mail helper's pdfkit renderer in production). */
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

/**
 * The order confirmation e-mail. The order's commit writes an outbox row; `queue` puts the e-mail
 * job on the queue after the commit, and `flush` re-queues any an earlier crash left behind.
 */
export class OrderMail extends Context.Service<
  OrderMail,
  {
    readonly queue: (orderId: number) => Effect.Effect<void>;
    readonly flush: (olderThanSeconds: number) => Effect.Effect<number>;
  }
>()('foyer/orders/OrderMail') {}

/**
 * The provider's answer about one robot-check response: it passed, it did not (a wrong answer,
 * another site's, an expired or reused one), or the provider could not be asked.
 */
export type CaptchaVerdict = 'passed' | 'failed' | 'unavailable';

/** Where the answer was given: the page's host name, and the buyer's address when known. */
export interface CaptchaSite {
  readonly hostname: string;
  readonly remoteIp: string | null;
}

/**
 * The checkout's robot check (reCAPTCHA or Turnstile, adapters/captcha/). Without one configured
 * no check is asked for, and no answer is ever taken as checked.
 */
export class CaptchaVerifier extends Context.Service<
  CaptchaVerifier,
  {
    readonly configured: boolean;
    /** Asks the provider about an answer given on `site` (the host the buyer's browser was on). */
    readonly verify: (response: string, site: CaptchaSite) => Effect.Effect<CaptchaVerdict>;
  }
>()('foyer/orders/CaptchaVerifier') {}

/** Which baskets passed the robot check, and when (a provider's answer can be checked only once). */
export class RobotChecks extends Context.Service<
  RobotChecks,
  {
    readonly record: (basketId: string, at: Date) => Effect.Effect<void>;
    readonly passedAt: (basketId: string) => Effect.Effect<Date | null>;
  }
>()('foyer/orders/RobotChecks') {}

/** A payment method as the counter needs it (payment_methods). */
export interface CounterPaymentMethod {
  readonly id: number;
  readonly paymentType: string;
  readonly name: string;
  readonly requiresPartner: boolean;
  readonly isActive: boolean;
}

/** One payment on an order, as the balance page lists it. */
export interface BalanceLine {
  readonly paymentId: number;
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  readonly amount: number;
  readonly changeDue: number | null;
  readonly sellerName: string | null;
  readonly counter: string | null;
  readonly at: Date;
}

/** What an order owes (order_balances) and the payments that paid it. */
export interface OrderBalance {
  readonly orderId: number;
  readonly orderName: string;
  readonly total: number;
  readonly paid: number;
  readonly balanceDue: number;
  readonly currency: string;
  /** How the order's money is written (e.g. en-US). */
  readonly currencyLocale: string;
  /** The venue of the order's first ticket (its payment settings); null without tickets. */
  readonly venueId: number | null;
  /** Tickets still Active (what a comp counts). */
  readonly ticketCount: number;
  readonly payments: readonly BalanceLine[];
}

/** A payment against an order's balance, as stored. */
export interface StoredPayment {
  readonly id: number;
  readonly orderId: number | null;
  readonly kind: 'checkout' | 'balance';
  readonly status: PaymentAttempt['status'];
  readonly paymentType: string;
  readonly amount: number;
  readonly changeDue: number | null;
  readonly paymentRef: string | null;
}

export interface NewBalancePayment {
  readonly orderId: number;
  readonly idempotencyKey: string;
  readonly paymentType: string;
  readonly paymentMethodName: string | null;
  readonly facts: Omit<CounterPaymentFacts, 'amountTendered' | 'changeDue'>;
  /** A card on the terminal is saved pending, then captured; the other tenders are taken at once. */
  readonly status: 'pending' | 'succeeded';
  readonly paymentRef: string | null;
  readonly gateway: string;
}

export type BalancePaymentOutcome =
  | { readonly kind: 'noOrder' }
  | { readonly kind: 'refused'; readonly refusal: PaymentRefusal }
  | { readonly kind: 'taken'; readonly payment: StoredPayment; readonly created: boolean };

/**
 * The counter's payments: the box-office settings it checks (payment methods, comp types), the
 * counter sale's attempt with who took it, and payments against an order's balance. `payBalance`
 * is ONE transaction: the order row locked, the key looked up (a repeat answers the first
 * payment), the balance read and `decide` asked, the payment written. Two clerks paying the last
 * balance at once run one after the other; the second finds nothing due.
 */
export class CounterPayments extends Context.Service<
  CounterPayments,
  {
    readonly paymentMethod: (id: number) => Effect.Effect<CounterPaymentMethod | null>;
    /** The (first active) method of a payment type, for the tenders the clerk does not name. */
    readonly methodOfType: (paymentType: string) => Effect.Effect<CounterPaymentMethod | null>;
    readonly compType: (id: number) => Effect.Effect<CompType | null>;
    /** Saves a counter sale's attempt with its counter facts; an existing key answers that one. */
    readonly startAttempt: (
      attempt: NewAttempt,
      facts: CounterPaymentFacts,
      /** The terminal's intent, for a card on the terminal. */
      paymentRef: string | null,
    ) => Effect.Effect<{ readonly attempt: PaymentAttempt; readonly created: boolean }>;
    readonly payment: (paymentId: number) => Effect.Effect<StoredPayment | null>;
    readonly paymentByKey: (idempotencyKey: string) => Effect.Effect<StoredPayment | null>;
    readonly balance: (orderId: number) => Effect.Effect<OrderBalance | null>;
    readonly payBalance: (
      payment: NewBalancePayment,
      decide: (balance: number, ticketCount: number) => PaymentDecision,
    ) => Effect.Effect<BalancePaymentOutcome>;
    /** The terminal's answer to a pending card payment. */
    readonly settle: (
      paymentId: number,
      outcome:
        | { readonly status: 'succeeded'; readonly card: CardFacts | null }
        | { readonly status: 'failed'; readonly code: string; readonly message: string },
    ) => Effect.Effect<void>;
  }
>()('foyer/orders/CounterPayments') {}
