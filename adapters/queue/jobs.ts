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
} as const;

// Job payloads come from the database: parse them like any outside input.
export const BasketExpiryJob = z.object({ basketId: z.uuid() });
export type BasketExpiryJob = z.infer<typeof BasketExpiryJob>;

export const OrderEmailJob = z.object({ orderId: z.coerce.number().int().positive() });
export type OrderEmailJob = z.infer<typeof OrderEmailJob>;
