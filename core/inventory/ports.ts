import { Context, type Effect } from 'effect';
import type { NotFound } from '../shared/errors.ts';
import type { EventSeatsSnapshot, SalesChannel } from './event-inventory.ts';

/** Read side of an event's inventory: what every seat and GA section is doing right now. */
export class Inventory extends Context.Service<
  Inventory,
  {
    /**
     * Every seat's status, hold and live basket hold (expiry judged by the database clock in the
     * same statement), the GA sections' counts and the hold subclass rules, read together.
     */
    readonly eventSeats: (eventId: number) => Effect.Effect<EventSeatsSnapshot, NotFound>;
    readonly salesChannels: () => Effect.Effect<readonly SalesChannel[]>;
  }
>()('foyer/inventory/Inventory') {}
