import type { Queue } from 'pg-boss';
import { z } from 'zod';

// pg-boss job names and payloads, shared by whoever enqueues (web nodes) and the worker.
export const queues = {
  /** Periodic sweep: frees holds whose time ran out and announces them. */
  releaseExpiredHolds: 'inventory.release-expired-holds',
  /** One job per basket at its expiry: frees that basket's holds and announces them. */
  basketExpiry: 'basket.expiry',
  /** One job per order after it commits: the confirmation e-mail with the tickets. */
  orderEmail: 'order-email',
  /** Periodic: payment attempts left unsettled are finished (order or refund) like a retry. */
  reconcilePayments: 'payments.reconcile',
  /** One job per event whose seats came back on sale: the e-mail to buyers waiting for it. */
  ticketsAvailable: 'tickets-available',
  /** One job per event cancellation run: works its orders until none is left (worker/event-cancellation.ts). */
  eventCancellation: 'event-cancellation',
  /** Periodic: refunds left pending (a processor down, a crash) asked again with their key (worker/refunds.ts). */
  finishRefunds: 'refunds.finish-pending',
  /** One job per printer with work: prints its jobs in order (worker/print-queue.ts). */
  printPrinter: 'print.printer',
  /** One job per dated membership gift at its delivery instant, and a sweep each minute (worker/membership-gifts.ts). */
  membershipGift: 'membership.gift',
} as const;

/**
 * Queue settings where pg-boss's defaults do not fit. The order e-mail retries with backoff for
 * a day (a mail server down for the night must not lose the tickets): 30 s, 1 min, 2 min ... 1 h.
 * The tickets-available e-mail retries the same way; its queue holds at most one waiting and one
 * running job per event (stately, keyed by event), so a busy on-sale releasing seats every
 * second makes one job at a time, not thousands.
 */
export const queueOptions: Partial<Record<(typeof queues)[keyof typeof queues], Omit<Queue, 'name'>>> = {
  'order-email': {
    retryLimit: 30,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 300,
  },
  'tickets-available': {
    policy: 'stately',
    retryLimit: 30,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 300,
  },
  // A run of thousands of orders takes minutes; a worker that dies lets the job expire and run again,
  // resuming the run where it stopped.
  'event-cancellation': { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
  // At most one waiting job per printer (short, keyed by printer). Not one active at a time: a
  // worker killed mid-job would hold its printer until the job expired; an advisory lock keeps
  // two workers off one printer instead (adapters/printing/print-runner.ts), and a job that
  // finds it taken is retried.
  'print.printer': { policy: 'short', retryLimit: 20, retryDelay: 2, expireInSeconds: 3600 },
  'membership.gift': { retryLimit: 10, retryDelay: 60, retryBackoff: true },
};

// Job payloads come from the database: parse them like any outside input.
export const BasketExpiryJob = z.object({ basketId: z.uuid() });
export type BasketExpiryJob = z.infer<typeof BasketExpiryJob>;

export const OrderEmailJob = z.object({ orderId: z.coerce.number().int().positive() });
export type OrderEmailJob = z.infer<typeof OrderEmailJob>;

export const TicketsAvailableJob = z.object({ eventId: z.coerce.number().int().positive() });
export type TicketsAvailableJob = z.infer<typeof TicketsAvailableJob>;

export const EventCancellationJob = z.object({ runId: z.coerce.number().int().positive() });

/** A printer with work (worker/print-queue.ts). */
export const PrintPrinterJob = z.object({ printerId: z.coerce.number().int().positive() });
export type EventCancellationJob = z.infer<typeof EventCancellationJob>;
