import { Effect } from 'effect';
import { Inventory } from '../../inventory/ports.ts';
import { staffBasketAnswer, auditBasket, type StaffMember } from './answer.ts';
import { AdminBasketRefused } from './errors.ts';
import { AdminBaskets } from './ports.ts';
import { liveBasket } from '../basket-answer.ts';
import { ticketUnitPrice } from '../totals.ts';
import { overridePrices } from './override-price.ts';
import { removeFees } from './remove-fees.ts';

// The box office's bulk edits of the caller's basket: override price (overridePrice), remove fees
// (bulkEdit), change the sales channel (changeSalesChannel). Each is judged with the basket
// locked (the AdminBaskets port), answers the Basket and writes an audit entry with the amounts.

/** PUT overrideprice: the chosen tickets cost `price` each before fees. */
export const overridePrice = (cmd: {
  readonly basketId: string | null;
  readonly staff: StaffMember;
  readonly itemIds: readonly number[];
  readonly price: number;
}) =>
  Effect.gen(function* () {
    const found = yield* liveBasket(cmd.basketId);
    let before: { id: number; price: number }[] = [];
    const basket = yield* (yield* AdminBaskets).reprice(
      found.id,
      cmd.staff.staffUserId,
      (locked, overrides) => {
        const changed = overridePrices({
          tickets: locked.tickets,
          overrides,
          itemIds: cmd.itemIds,
          price: cmd.price,
        });
        if (changed instanceof AdminBasketRefused) return changed;
        before = changed.map((c) => ({
          id: c.ticket.id,
          price: ticketUnitPrice(locked.tickets.find((t) => t.id === c.ticket.id)!),
        }));
        return {
          tickets: changed.map((c) => c.ticket),
          overrides: new Map(
            changed.map((c) => [
              c.ticket.id,
              { originalPrice: c.originalPrice, overridePrice: c.overridePrice },
            ]),
          ),
        };
      },
    );
    yield* auditBasket(cmd.staff, 'basket.overridePrice', basket.id, { price: cmd.price, items: before });
    return yield* staffBasketAnswer(basket);
  });

/** PUT removefees: the chosen tickets carry no per-ticket fees. */
export const removeTicketFees = (cmd: {
  readonly basketId: string | null;
  readonly staff: StaffMember;
  readonly itemIds: readonly number[];
}) =>
  Effect.gen(function* () {
    const found = yield* liveBasket(cmd.basketId);
    let removed = 0;
    const basket = yield* (yield* AdminBaskets).reprice(found.id, cmd.staff.staffUserId, (locked) => {
      const result = removeFees(locked.tickets, cmd.itemIds);
      if (result instanceof AdminBasketRefused) return result;
      removed = result.removed;
      return { tickets: result.tickets, overrides: new Map() };
    });
    yield* auditBasket(cmd.staff, 'basket.removeFees', basket.id, {
      items: [...new Set(cmd.itemIds)],
      feesRemoved: removed,
    });
    return yield* staffBasketAnswer(basket);
  });

/** PUT saleschannel: the basket sells on another channel (any channel, box-office ones included). */
export const changeSalesChannel = (cmd: {
  readonly basketId: string | null;
  readonly staff: StaffMember;
  readonly salesChannel: string;
}) =>
  Effect.gen(function* () {
    const found = yield* liveBasket(cmd.basketId);
    const wanted = cmd.salesChannel.trim().toLowerCase();
    const channel = (yield* (yield* Inventory).salesChannels()).find((c) => c.code.toLowerCase() === wanted);
    if (!channel)
      return yield* Effect.fail(
        new AdminBasketRefused({
          field: 'SalesChannel',
          message: `SalesChannel: there is no sales channel ${cmd.salesChannel}.`,
        }),
      );
    const basket = yield* (yield* AdminBaskets).setSalesChannel(found.id, channel.id);
    yield* auditBasket(cmd.staff, 'basket.salesChannel', basket.id, {
      from: found.salesChannel.code,
      to: channel.code,
    });
    return yield* staffBasketAnswer(basket);
  });
