import { Context, type Effect } from 'effect';
import type { NotFound } from '../shared/errors.ts';
import type { EventPricingData } from './price-map.ts';
import type { GroupCode, Promotion } from './promotion-rules.ts';

/** Read side of pricing: an event's price levels, types, prices, fees and packages; promotions by code. */
export class Pricing extends Context.Service<
  Pricing,
  {
    readonly eventPricing: (eventId: number) => Effect.Effect<EventPricingData, NotFound>;
    /** The promotion whose code matches, ignoring case; null when none. */
    readonly promotionByCode: (code: string) => Effect.Effect<Promotion | null>;
    /** The promotion's one-time group code matching the text, ignoring case; null when none. */
    readonly groupCode: (promotionId: number, code: string) => Effect.Effect<GroupCode | null>;
  }
>()('foyer/pricing/Pricing') {}
