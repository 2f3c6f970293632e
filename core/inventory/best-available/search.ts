import { Effect } from 'effect';
import { InvalidRequest } from '../../shared/errors.ts';
import { Pricing } from '../../pricing/ports.ts';
import { accessibleSearch, type AccessibleAsk } from './accessible-search.ts';
import { bestAvailable, type BestAvailableRequest, type SearchInventory } from './best-available.ts';
import { bestAvailableView } from './view.ts';
import { AccessibleSearchInvalid } from '../errors.ts';
import { parseHoldSubclassIds } from '../event-inventory.ts';
import { gaMaxAvailable } from '../ga-availability.ts';
import { Inventory, SearchSnapshots, SeatLayouts } from '../ports.ts';
import type { SeatViewer } from '../seat-status.ts';
import { findSalesChannel } from '../view-inventory.ts';

// What the best-available search and the reserve share: who is asking, what
// they asked for, and the event's seats read fresh (availability is never cached for a hold).

export interface BestAvailableAsk {
  readonly eventId: number;
  readonly quantity: number;
  readonly salesChannel: string;
  /** Comma-joined hold subclass ids the caller sells from. */
  readonly holdSubclassIds?: string;
  readonly priceLevelIds?: readonly number[];
  readonly zones?: readonly string[];
  readonly sections?: readonly string[];
  /** An accessible search: accessible seats of a type, and companions. */
  readonly accessible?: AccessibleAsk;
  /** How old the seats read may be (0: read now, after a lost race); default the snapshot's age. */
  readonly maxAgeMs?: number;
}

export interface PreparedSearch {
  readonly request: BestAvailableRequest;
  /** The accessible ask was over the limit and was cut (the web's error flag). */
  readonly accessibleTrimmed: boolean;
  readonly channel: { readonly id: number; readonly code: string; readonly isAdmin: boolean };
}

/** Checks the ask (sales channel, accessible rules) and turns it into the search request. */
export const prepareSearch = (ask: BestAvailableAsk) =>
  Effect.gen(function* () {
    const channel = findSalesChannel(yield* (yield* Inventory).salesChannels(), ask.salesChannel);
    if (!channel)
      return yield* Effect.fail(
        new InvalidRequest({ field: 'salesChannel', reason: `unknown sales channel ${ask.salesChannel}` }),
      );
    const viewer: SeatViewer = {
      salesChannel: channel.code.toLowerCase(),
      isAdminChannel: channel.isAdmin,
      holdSubclassIds: parseHoldSubclassIds(ask.holdSubclassIds),
    };
    let accessible: BestAvailableRequest['accessible'];
    let accessibleTrimmed = false;
    if (ask.accessible && (ask.accessible.seats > 0 || ask.accessible.companions > 0)) {
      const checked = accessibleSearch(ask.accessible);
      if (!checked.ok)
        return yield* Effect.fail(new AccessibleSearchInvalid({ reason: 'CompanionWithoutSeat' }));
      accessible = { type: checked.type, seats: checked.seats, companions: checked.companions };
      accessibleTrimmed = checked.trimmed;
    }
    const request: BestAvailableRequest = {
      quantity: accessible ? accessible.seats + accessible.companions : ask.quantity,
      viewer,
      priceLevelIds: ask.priceLevelIds,
      zones: ask.zones,
      sections: ask.sections,
      accessible,
    };
    return { request, accessibleTrimmed, channel } satisfies PreparedSearch;
  });

/** How old a read a search may use: a lost race is caught by the hold and read fresh again. */
export const SEARCH_SNAPSHOT_MAX_AGE_MS = 500;

/** The event's seats as the search needs them, at most `maxAgeMs` old. */
export const loadSearchInventory = (
  eventId: number,
  withZones: boolean,
  maxAgeMs = SEARCH_SNAPSHOT_MAX_AGE_MS,
) =>
  Effect.gen(function* () {
    const snapshot = yield* (yield* SearchSnapshots).read(eventId, maxAgeMs);
    const layout = yield* (yield* SeatLayouts).layout(snapshot.venueConfigurationId);
    const priceLevelZones = new Map<number, string>();
    if (withZones)
      for (const level of (yield* (yield* Pricing).eventPricing(eventId)).priceLevels)
        priceLevelZones.set(level.id, level.zone);
    const inventory: SearchInventory & { readonly readStartedAt: number } = {
      readStartedAt: snapshot.readStartedAt,
      layout,
      seats: snapshot.seats,
      gaSections: snapshot.gaSections.map((ga) => ({
        key: ga.key,
        name: ga.name,
        priceLevelId: ga.priceLevelId,
        maxAvailable: gaMaxAvailable(ga),
      })),
      holdSubclasses: snapshot.holdSubclasses,
      priceLevelZones,
    };
    return inventory;
  });

/** The buyer's best-available search: the seats it would pick now, held by nobody. */
export const searchBestAvailable = (ask: BestAvailableAsk) =>
  Effect.gen(function* () {
    const prepared = yield* prepareSearch(ask);
    const inventory = yield* loadSearchInventory(ask.eventId, (ask.zones?.length ?? 0) > 0, ask.maxAgeMs);
    const result = bestAvailable(inventory, prepared.request);
    return bestAvailableView(ask.eventId, prepared.request.quantity, result, prepared.accessibleTrimmed);
  });
