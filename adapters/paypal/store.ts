import type { Effect } from 'effect';

// What the PayPal gateway remembers of PayPal orders, as a port: the PostgreSQL implementation is
// adapters/postgres/payments/paypal-store.ts.

export interface CreatedOrder {
  readonly paypalOrderId: string;
  readonly amount: number;
  readonly currency: string;
}

export interface CaptureClaim {
  readonly idempotencyKey: string;
  readonly paypalOrderId: string;
  readonly captureId: string | null;
  readonly amount: number;
  readonly currency: string;
}

export interface PayPalStore {
  /** The basket's PayPal order is now this one (a second click on the button replaces it). */
  readonly rememberOrder: (basketId: string, order: CreatedOrder) => Effect.Effect<void>;
  readonly orderForBasket: (basketId: string) => Effect.Effect<CreatedOrder | null>;
  readonly byKey: (idempotencyKey: string) => Effect.Effect<CaptureClaim | null>;
  /**
   * Claims the PayPal order for this checkout before the capture call. Answers the claim (new, or
   * this key's earlier one), or null when another checkout already claimed the order.
   */
  readonly claim: (claim: Omit<CaptureClaim, 'captureId'>) => Effect.Effect<CaptureClaim | null>;
  readonly captured: (idempotencyKey: string, captureId: string) => Effect.Effect<void>;
  /** A refused capture frees the order: the buyer may choose another funding source and retry. */
  readonly release: (idempotencyKey: string) => Effect.Effect<void>;
}
