import { Effect } from 'effect';
import { BasketRuleViolation } from '../basket/errors.ts';
import { InvalidRequest } from '../shared/errors.ts';
import { parseHoldSubclassIds, viewEventInventory, type SalesChannel } from './event-inventory.ts';
import { Inventory } from './ports.ts';

export interface ViewInventory {
  readonly eventId: number;
  readonly salesChannel: string;
  /** Comma-joined hold subclass ids the caller sells from. */
  readonly holdSubclassIds?: string;
  /** A staff session whose role may sell: the only caller shown a box-office channel's view. */
  readonly staff?: boolean;
}

/** Finds a sales channel by code, ignoring case ('web' and 'Web' are the same channel). */
export const findSalesChannel = (
  channels: readonly SalesChannel[],
  code: string,
): SalesChannel | undefined => {
  const wanted = code.trim().toLowerCase();
  return channels.find((channel) => channel.code.toLowerCase() === wanted);
};

/** The storefront's seat map: its live layer as this sales channel sees it. */
export const viewInventory = (cmd: ViewInventory) =>
  Effect.gen(function* () {
    const inventory = yield* Inventory;
    const channel = findSalesChannel(yield* inventory.salesChannels(), cmd.salesChannel);
    if (!channel)
      return yield* Effect.fail(
        new InvalidRequest({ field: 'salesChannel', reason: `unknown sales channel ${cmd.salesChannel}` }),
      );
    // A box-office channel's view tells sold from held seats and opens house seats: staff only.
    if (channel.isAdmin && !cmd.staff)
      return yield* Effect.fail(
        new BasketRuleViolation({
          rule: 'SalesChannel',
          message: `The ${channel.name} view of the seats is for box-office staff. Please sign in with a staff account.`,
        }),
      );
    const snapshot = yield* inventory.eventSeats(cmd.eventId);
    return viewEventInventory(snapshot, {
      salesChannel: channel.code.toLowerCase(),
      isAdminChannel: channel.isAdmin,
      holdSubclassIds: parseHoldSubclassIds(cmd.holdSubclassIds),
    });
  });
