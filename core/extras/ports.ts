import { Context, type Effect } from 'effect';
import type {
  GiftCertificateBalanceTooLow,
  GiftCertificateKeyReused,
  GiftCertificateNotFound,
  GiftEntryKind,
} from './gift-certificates.ts';
import type { OutOfStock, ProductVariantNotFound, StockBasketNotLive } from './product-stock.ts';

// What gift certificates and product stock need from the world (PostgreSQL in
// adapters/postgres/extras/).

export interface GiftCertificate {
  readonly id: number;
  /** Compact code (16 characters); formatGiftCertificateCode prints it in groups. */
  readonly code: string;
  readonly currency: string;
  /** Minor units, never negative: the sum of the ledger. */
  readonly balance: number;
  readonly createdAt: Date;
}

export interface GiftMovement {
  readonly entryId: number;
  readonly certificate: GiftCertificate;
  readonly kind: GiftEntryKind;
  /** Signed minor units, as in the ledger. */
  readonly amount: number;
  /** True when the key had already moved this amount: the earlier entry, nothing moved now. */
  readonly replayed: boolean;
}

export interface GiftLedgerRow {
  readonly entryId: number;
  readonly kind: GiftEntryKind;
  readonly amount: number;
  readonly orderId: number | null;
  readonly key: string | null;
  readonly at: Date;
}

export interface GiftMovementRequest {
  /** Compact code, already parsed (parseGiftCertificateCode). */
  readonly code: string;
  /** Minor units, above 0. */
  readonly amount: number;
  readonly key: string;
  readonly orderId: number | null;
}

export class GiftCertificates extends Context.Service<
  GiftCertificates,
  {
    /** A new certificate with its issue entry; its code is drawn at random by the store. */
    readonly issue: (request: {
      readonly amount: number;
      readonly currency: string;
      readonly orderId: number | null;
    }) => Effect.Effect<GiftCertificate>;
    readonly find: (code: string) => Effect.Effect<GiftCertificate | null>;
    /** Spends `amount` under the certificate's lock; never below zero, never twice for one key. */
    readonly redeem: (
      request: GiftMovementRequest,
    ) => Effect.Effect<
      GiftMovement,
      GiftCertificateNotFound | GiftCertificateBalanceTooLow | GiftCertificateKeyReused
    >;
    /** Puts `amount` back on the certificate, once for one key. */
    readonly refund: (
      request: GiftMovementRequest,
    ) => Effect.Effect<GiftMovement, GiftCertificateNotFound | GiftCertificateKeyReused>;
    /** The certificate's entries, oldest first. */
    readonly ledger: (code: string) => Effect.Effect<readonly GiftLedgerRow[], GiftCertificateNotFound>;
  }
>()('foyer/extras/GiftCertificates') {}

export interface StockLevel {
  readonly productVariantId: number;
  /** Units left to sell; null: the variant's stock is not counted (no limit). */
  readonly stock: number | null;
  /** Units held by live baskets (already taken out of `stock`). */
  readonly held: number;
  /** Units sold from stock: holds of completed baskets (the baskets trigger marks them). */
  readonly sold: number;
}

export interface StockHold {
  readonly productVariantId: number;
  readonly basketId: string;
  /** What the basket holds of the variant after the change. */
  readonly quantity: number;
  /** The variant's stock after the change (null: not counted). */
  readonly stock: number | null;
}

export class ProductStock extends Context.Service<
  ProductStock,
  {
    /** Takes `quantity` more units out of stock for the basket, or none if fewer are left. */
    readonly reserve: (request: {
      readonly productVariantId: number;
      readonly basketId: string;
      readonly quantity: number;
    }) => Effect.Effect<StockHold, ProductVariantNotFound | OutOfStock | StockBasketNotLive>;
    /** Sets what the basket holds of the variant (0 gives it all back), taking or returning the difference. */
    readonly hold: (request: {
      readonly productVariantId: number;
      readonly basketId: string;
      readonly quantity: number;
    }) => Effect.Effect<StockHold, ProductVariantNotFound | OutOfStock | StockBasketNotLive>;
    /** Gives back everything the basket holds and has not bought; the units given back. */
    readonly release: (basketId: string) => Effect.Effect<number>;
    /** Gives back the holds of baskets whose time ran out by `now`; the units given back. */
    readonly releaseExpired: (now: Date) => Effect.Effect<number>;
    readonly level: (productVariantId: number) => Effect.Effect<StockLevel, ProductVariantNotFound>;
    /** Sets the units left to sell (null: stop counting); staff restocking. */
    readonly setStock: (
      productVariantId: number,
      stock: number | null,
    ) => Effect.Effect<void, ProductVariantNotFound>;
  }
>()('foyer/extras/ProductStock') {}
