import type { Venue } from '../catalogue/event.ts';
import type { SalesChannel } from '../inventory/event-inventory.ts';
import { staffMaySellFrom } from '../inventory/box-office/view.ts';
import { maySellHold, type HoldSubclassRule } from '../inventory/seat-status.ts';
import type { EventPricingData } from '../pricing/price-map.ts';
import type { SaleTiming } from './rules/sale-rules.ts';

// What selling an event's tickets needs to know, read together (and cached briefly by the store:
// prices and settings change rarely; availability is never cached, it is decided by the hold).

export interface SaleEvent extends SaleTiming {
  readonly name: string;
  readonly urlSafeName: string;
  readonly isPresale: boolean;
  readonly useHeavyOnSale: boolean;
  readonly hasProducts: boolean;
  readonly specialLinkedEvent: boolean;
  readonly venueConfigurationId: number;
  readonly series: { readonly id: number; readonly code: string; readonly name: string };
  readonly venue: Venue;
}

export interface SaleContext {
  readonly event: SaleEvent;
  readonly pricing: EventPricingData;
  readonly holdSubclasses: readonly HoldSubclassRule[];
  readonly salesChannels: readonly SalesChannel[];
}

/**
 * Hold subclasses whose seats this channel may put in a basket: not a kill, allowed to the
 * channel, and asked for by the caller (core/inventory/seat-status.ts). On a staff channel, a role
 * that manages holds may sell from any subclass but a kill, as its seat map shows
 * (core/inventory/box-office/view.ts staffMaySellFrom).
 */
export const sellableHoldSubclassIds = (
  rules: readonly HoldSubclassRule[],
  channel: SalesChannel,
  requested: ReadonlySet<number>,
  manageHolds = false,
): number[] =>
  rules
    .filter((rule) =>
      manageHolds && channel.isAdmin
        ? requested.has(rule.id) && staffMaySellFrom(rule, true)
        : maySellHold(rule, {
            salesChannel: channel.code.toLowerCase(),
            isAdminChannel: channel.isAdmin,
            holdSubclassIds: requested,
          }),
    )
    .map((rule) => rule.id);
