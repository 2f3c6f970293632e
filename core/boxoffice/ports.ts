import { Context, type Effect } from 'effect';
import type { StaffPaymentMethod } from '../payments/staff-payment-types.ts';
import type { TillMovement } from './till.ts';

// What the box office's settings and the till need from the world.

export interface PaymentMethodCommission {
  readonly id: number;
  readonly paymentMethodId: number;
  readonly paymentMethodName: string;
  readonly percentBasisPoints: number;
  readonly fixedAmount: number;
  /** 'YYYY-MM-DD' */
  readonly effectiveFrom: string;
}

export interface VenueTill {
  readonly venueId: number;
  readonly timeZone: string;
  readonly currency: string;
  /** Key of the currency locale table (core/i18n/currency-locales.ts), e.g. en-us. */
  readonly currencyLocale: string;
}

/** The payment methods' box-office settings (read side). */
export class PaymentMethodSettings extends Context.Service<
  PaymentMethodSettings,
  {
    /** Every method, active or not. */
    readonly methods: () => Effect.Effect<readonly StaffPaymentMethod[]>;
    readonly commissions: () => Effect.Effect<readonly PaymentMethodCommission[]>;
    /** A venue's zone and currency; `venueId` null: the first venue (the house). null: none. */
    readonly venue: (venueId: number | null) => Effect.Effect<VenueTill | null>;
  }
>()('foyer/boxoffice/PaymentMethodSettings') {}

export interface CompType {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
  /** null: no limit. */
  readonly maxCompQuantity: number | null;
  readonly isActive: boolean;
}

export interface CompTypeFields {
  readonly name: string;
  readonly description: string | null;
  readonly maxCompQuantity: number | null;
}

/** Outcome of a write: `nameTaken` when an active comp type already has the name. */
export type CompTypeWrite =
  | { readonly outcome: 'saved'; readonly compType: CompType }
  | { readonly outcome: 'nameTaken' }
  | { readonly outcome: 'notFound' };

/** Comp types: why tickets were given away. Archived ones stay for the payments that name them. */
export class CompTypes extends Context.Service<
  CompTypes,
  {
    readonly list: (includeArchived: boolean) => Effect.Effect<readonly CompType[]>;
    readonly create: (fields: CompTypeFields) => Effect.Effect<CompTypeWrite>;
    readonly update: (id: number, fields: CompTypeFields) => Effect.Effect<CompTypeWrite>;
    /** false: no active comp type has that id. */
    readonly archive: (id: number) => Effect.Effect<boolean>;
  }
>()('foyer/boxoffice/CompTypes') {}

export interface TillQuery {
  readonly from: Date;
  readonly to: Date;
  readonly currency: string;
  readonly sellerId?: number;
  readonly counter?: string;
}

export interface TillFilterChoices {
  readonly sellers: readonly { readonly id: number; readonly name: string; readonly email: string }[];
  readonly counters: readonly string[];
}

/** The counter's money movements of a period (payments taken; later, refunds paid out). */
export class TillMovements extends Context.Service<
  TillMovements,
  {
    readonly read: (query: TillQuery) => Effect.Effect<readonly TillMovement[]>;
    /** Counter payments of the period in other currencies than `query.currency` (not in the report). */
    readonly otherCurrencies: (query: TillQuery) => Effect.Effect<number>;
    /** Everyone who has taken a counter payment, and every counter used, for the filters. */
    readonly filters: () => Effect.Effect<TillFilterChoices>;
  }
>()('foyer/boxoffice/TillMovements') {}
