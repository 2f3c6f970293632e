import type { Knex } from 'knex';
import { AdminBasketRefused } from '../../../../core/basket/staff/errors.ts';
import type { StaffReprice } from '../../../../core/basket/staff/ports.ts';
import type { Basket } from '../../../../core/basket/basket.ts';
import { BasketNotFound } from '../../../../core/basket/errors.ts';
import type { PriceOverride } from '../../../../core/basket/staff/override-price.ts';
import { NotFound } from '../../../../core/shared/errors.ts';
import { basketOf, priceColumns, readBasketRow, readItemRows } from '../../sql/basket-rows.ts';
import { inTransaction, refuse, type Outcome } from '../../sql/transaction.ts';
import { liveLocked } from '../locked-basket.ts';

// The box office's changes to a live basket, each in one transaction with the basket row locked:
// tickets repriced by hand (override price, remove fees: core/basket/staff/edits.ts), the sales
// channel (the baskets_channel_flags trigger of migrations/20261210000200_saved_baskets.ts keeps
// CanSaveBasket and CanOverridePrice with it), and the customer.

export const readOverrides = async (
  db: Knex | Knex.Transaction,
  basketId: string,
): Promise<Map<number, PriceOverride>> => {
  const rows: { id: number; original_price: number; override_price: number }[] = await db('basket_items')
    .where({ basket_id: basketId })
    .whereNotNull('override_price')
    .select('id', 'original_price', 'override_price');
  return new Map(
    rows.map((r) => [r.id, { originalPrice: r.original_price, overridePrice: r.override_price }]),
  );
};

const lockedBasket = async (trx: Knex.Transaction, basketId: string) => {
  const row = (await readBasketRow(trx, basketId))!;
  return basketOf(row, await readItemRows(trx, basketId));
};

export const repriceByHand = (
  db: Knex,
  basketId: string,
  staffUserId: number,
  plan: (basket: Basket, overrides: ReadonlyMap<number, PriceOverride>) => StaffReprice | AdminBasketRefused,
): Promise<Outcome<Basket, BasketNotFound | AdminBasketRefused>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    const planned = plan(locked.basket, await readOverrides(trx, basketId));
    if (planned instanceof AdminBasketRefused) return refuse(planned);
    for (const ticket of planned.tickets) {
      const override = planned.overrides.get(ticket.id);
      await trx('basket_items')
        .where({ id: ticket.id, basket_id: basketId })
        .update({
          ...priceColumns(ticket),
          ...(override
            ? {
                original_price: override.originalPrice,
                override_price: override.overridePrice,
                price_overridden_by: staffUserId,
              }
            : {}),
        });
    }
    return lockedBasket(trx, basketId);
  });

export const setSalesChannel = (
  db: Knex,
  basketId: string,
  salesChannelId: number,
): Promise<Outcome<Basket, BasketNotFound>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    await trx('baskets').where({ id: basketId }).update({ sales_channel_id: salesChannelId });
    return lockedBasket(trx, basketId);
  });

/** The customer and their contact details on the basket; null takes them off. */
export const setCustomer = (
  db: Knex,
  basketId: string,
  customerId: number | null,
): Promise<Outcome<Basket, BasketNotFound | NotFound>> =>
  inTransaction(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    let contact = {
      customer_id: null,
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
    } as Record<string, string | number | null>;
    if (customerId !== null) {
      const customer = await trx('customers')
        .where({ id: customerId })
        .whereNull('anonymized_at')
        .first('id', 'first_name', 'last_name', 'email', 'phone');
      if (!customer) return refuse(new NotFound({ entity: 'Customer', id: String(customerId) }));
      contact = {
        customer_id: customer.id,
        first_name: customer.first_name,
        last_name: customer.last_name,
        email: customer.email,
        phone: customer.phone,
      };
    }
    await trx('baskets').where({ id: basketId }).update(contact);
    return lockedBasket(trx, basketId);
  });
