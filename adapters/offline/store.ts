// What the offline test processor keeps (its tokens, payments and refunds), as a port: the
// PostgreSQL implementation is adapters/postgres/payments/offline-store.ts. Kept in the database,
// its idempotency survives a crash or restart like a real processor's.

/** What a test card number makes the offline processor do (adapters/offline/tokens.ts). */
export type Behaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

export type OfflinePaymentStatus = 'succeeded' | 'requires_action' | 'declined' | 'canceled';

export interface OfflinePayment {
  readonly ref: string;
  readonly idempotencyKey: string;
  readonly amount: number;
  readonly currency: string;
  readonly status: OfflinePaymentStatus;
  readonly declineCode: string | null;
  readonly brand: string | null;
  readonly bin: string | null;
  readonly last4: string | null;
  readonly returnUrl: string | null;
}

/** A checked card, without its number: what its token stands for. */
export interface OfflineToken {
  readonly token: string;
  readonly brand: string;
  readonly bin: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly behaviour: Behaviour;
}

export interface NewPayment {
  readonly ref: string;
  readonly idempotencyKey: string;
  readonly amount: number;
  readonly currency: string;
  readonly returnUrl: string | null;
}

export interface OfflineStore {
  readonly saveToken: (token: OfflineToken) => Promise<void>;
  /**
   * A charge of a token in one step: the token's test behaviour decides the outcome (no token it
   * knows: declined). A key seen before answers its first payment, never a second one.
   */
  readonly chargeToken: (payment: NewPayment & { readonly token: string | null }) => Promise<OfflinePayment>;
  /** A payment whose outcome is already decided (a wallet's); a key seen before answers its first one. */
  readonly saveDecided: (
    payment: NewPayment & {
      readonly token: string;
      readonly status: OfflinePaymentStatus;
      readonly declineCode: string | null;
      readonly brand: string | null;
      readonly last4: string | null;
    },
  ) => Promise<OfflinePayment>;
  readonly byKey: (idempotencyKey: string) => Promise<OfflinePayment | null>;
  readonly byRef: (ref: string) => Promise<OfflinePayment | null>;
  /**
   * Refunds under its key (a key seen before answers its first refund); answers `refused` when
   * the payment is not a succeeded one or the refunds would exceed what was charged.
   */
  readonly refund: (refund: {
    readonly paymentRef: string;
    readonly amount: number;
    readonly idempotencyKey: string;
    readonly refundRef: string;
  }) => Promise<{ readonly refundRef: string } | { readonly refused: string }>;
  /** The customer's answer on the authentication page; the payment as it is afterwards. */
  readonly authenticate: (ref: string, answer: 'complete' | 'fail') => Promise<OfflinePayment | null>;
}
