import type { Knex } from 'knex';
import { BasketRuleViolation } from '../../../core/basket/errors.ts';
import { openLocked } from './locked-basket.ts';
import { basketOf, readItemRows } from '../sql/basket-rows.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';

// A line sold without a seat (a gift certificate, a membership) into the caller's basket, under
// the basket's lock (a new basket when the caller has no live one) on a known sales channel. An
// exchange basket sells seats only.

export interface ExtraLineRequest {
  readonly basketId: string | null;
  readonly channelCode: string;
  readonly holdSeconds: number;
  readonly staffLane: boolean;
}

export const addExtraLine = async (
  db: Knex,
  request: ExtraLineRequest,
  /** The basket rule a refusal names, and what the line is, as the exchange refusal says it. */
  line: {
    readonly rule: BasketRuleViolation['rule'];
    readonly what: string;
    readonly row: Record<string, unknown>;
  },
) =>
  inTransaction<{ basket: ReturnType<typeof basketOf>; created: boolean }, BasketRuleViolation>(
    db,
    async (trx) => {
      const channel: { id: number } | undefined = await trx('sales_channels')
        .whereRaw('lower(code) = lower(?)', [request.channelCode])
        .first('id');
      if (!channel)
        return refuse(
          new BasketRuleViolation({
            rule: 'SalesChannel',
            message: `Unknown sales channel ${request.channelCode}.`,
          }),
        );
      const locked = await openLocked(trx, {
        basketId: request.basketId,
        salesChannelId: channel.id,
        holdSeconds: request.holdSeconds,
        staffLane: request.staffLane,
      });
      if (locked.row.is_exchange)
        return refuse(
          new BasketRuleViolation({
            rule: line.rule,
            message: `An exchange basket sells seats only: sell the ${line.what} on its own basket.`,
          }),
        );
      await trx('basket_items').insert({ ...line.row, basket_id: locked.row.id, quantity: 1 });
      return {
        basket: basketOf(locked.row, await readItemRows(trx, locked.row.id)),
        created: locked.created,
      };
    },
  );
