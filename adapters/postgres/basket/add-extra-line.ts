import type { Knex } from 'knex';
import { BasketRuleViolation } from '../../../core/basket/errors.ts';
import { checkLineCurrencies, type LineCurrency } from '../../../core/basket/rules/one-currency.ts';
import { openLocked } from './locked-basket.ts';
import { basketOf, readItemRows } from '../sql/basket-rows.ts';
import { inTransaction, refuse } from '../sql/transaction.ts';

// A line sold without a seat (a gift certificate, a membership) into the caller's basket, under
// the basket's lock (a new basket when the caller has no live one) on a known sales channel. An
// exchange basket sells seats only, and a basket is paid in one currency: a line in another
// currency than the lines already held is refused (core/basket/rules/one-currency.ts).

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
    /** ISO 4217, kept on the row: what the line is priced in. */
    readonly currency: string;
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
      const mixed = checkLineCurrencies(
        await heldCurrencies(trx, locked.row.id),
        line.currency,
        `A ${line.what}`,
      );
      if (mixed) return refuse(mixed);
      await trx('basket_items').insert({
        ...line.row,
        basket_id: locked.row.id,
        quantity: 1,
        currency: line.currency.toUpperCase(),
      });
      return {
        basket: basketOf(locked.row, await readItemRows(trx, locked.row.id)),
        created: locked.created,
      };
    },
  );

const KINDS: Record<string, LineCurrency['kind']> = {
  Product: 'product',
  GiftCertificate: 'gift',
  Membership: 'membership',
};

/** The currency of each line of the basket: a ticket's or product's event's, else the line's own. */
const heldCurrencies = async (trx: Knex.Transaction, basketId: string): Promise<LineCurrency[]> => {
  const rows: { item_type: string; currency: string | null }[] = await trx('basket_items as i')
    .leftJoin('events as e', 'e.id', 'i.event_id')
    .leftJoin('venue_configurations as vc', 'vc.id', 'e.venue_configuration_id')
    .leftJoin('venues as v', 'v.id', 'vc.venue_id')
    .where('i.basket_id', basketId)
    .distinct('i.item_type', trx.raw('coalesce(v.iso_currency_code, i.currency) as currency'));
  return rows.flatMap((r) =>
    r.currency === null
      ? []
      : [
          {
            kind: KINDS[r.item_type] ?? 'ticket',
            currency: r.currency,
          },
        ],
  );
};
