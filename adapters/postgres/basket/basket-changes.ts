import type { Knex } from 'knex';
import type { Basket, DeliveryMethod } from '../../../core/basket/basket.ts';
import {
  BasketNotFound,
  BasketRuleViolation,
  PriceChangePending,
  type BasketError,
} from '../../../core/basket/errors.ts';
import type { BasketChange, MarketingOptIn, ProductOffer, Reprice } from '../../../core/basket/ports.ts';
import type { ProductQuantity } from '../../../core/basket/products/quantities.ts';
import { outOfStockMessage, productLabel } from '../../../core/basket/products/stock-words.ts';
import { holdStock } from '../extras/product-stock.ts';
import {
  basketOf,
  priceColumns,
  readItemRows,
  type BasketRow,
  type ItemRow,
  BASKET_COLUMNS,
} from '../sql/basket-rows.ts';
import { pgArray } from '../sql/pg-array.ts';
import { inTransaction, refuse, type Outcome } from '../sql/transaction.ts';
import { liveLocked } from './locked-basket.ts';

// Changes to a live basket that hold no inventory: prices, its own fields, products.

/**
 * One price-type change at a time. The change in progress holds a
 * transaction-scoped advisory lock named after the basket; a second one finds it taken and is
 * refused at once rather than queued behind it.
 */
const tryPriceChangeLock = async (trx: Knex.Transaction, basketId: string): Promise<boolean> => {
  const result: { rows: { locked: boolean }[] } = await trx.raw(
    `select pg_try_advisory_xact_lock(hashtextextended('foyer.basket.price-type:' || ?, 0)) as locked`,
    [basketId],
  );
  return result.rows[0]!.locked;
};

export const reprice = (db: Knex, request: Reprice): Promise<Outcome<Basket, BasketError>> =>
  inTransaction<Basket, BasketError>(db, async (trx) => {
    if (request.exclusive && !(await tryPriceChangeLock(trx, request.basketId)))
      refuse(new PriceChangePending({ basketId: request.basketId }));
    const locked = await liveLocked(trx, request.basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId: request.basketId }));
    const planned = request.plan(locked.basket);
    if (!Array.isArray(planned)) refuse(planned);
    const changed = planned as Exclude<typeof planned, BasketError>;
    if (request.save)
      for (const item of changed)
        await trx('basket_items')
          .where({ id: item.id, basket_id: request.basketId })
          .update(priceColumns(item));
    const byId = new Map(changed.map((t) => [t.id, t]));
    return { ...locked.basket, tickets: locked.basket.tickets.map((t) => byId.get(t.id) ?? t) };
  });

export const updateBasket = async (
  db: Knex,
  basketId: string,
  change: BasketChange,
): Promise<Outcome<Basket, BasketNotFound>> => {
  const columns: Record<string, string | number | null> = {};
  if (change.note !== undefined) columns.basket_note = change.note;
  if (change.deliveryMethodId !== undefined) columns.delivery_method_id = change.deliveryMethodId;
  if (change.continueWithoutTicketsEventId !== undefined)
    columns.continue_without_tickets_event_id = change.continueWithoutTicketsEventId;
  if (change.customerId !== undefined) columns.customer_id = change.customerId;
  if (change.promotion !== undefined) {
    columns.promo_code = change.promotion.code;
    columns.group_code = change.promotion.groupCode;
  }
  const sets = Object.keys(columns);
  const result: { rows: BasketRow[] } = await db.raw(
    `with b as (
       update baskets set ${sets.length ? sets.map((c) => `${c} = ?`).join(', ') : 'id = id'}
        where id = ? and status = 'Active' and expires_at > now()
        returning *)
     select ${BASKET_COLUMNS} from b join sales_channels sc on sc.id = b.sales_channel_id`,
    [...Object.values(columns), basketId],
  );
  const row = result.rows[0];
  if (!row) return { ok: false, error: new BasketNotFound({ basketId }) };
  return { ok: true, value: basketOf(row, await readItemRows(db, basketId)) };
};

const OFFERS_SQL = `
  select p.id as product_id, v.id as variant_id, p.product_type_id, p.name, v.name as variant_name,
         p.description, p.image_url, v.price, v.stock, p.event_id, p.event_template_id
    from products p
    join product_variants v on v.product_id = p.id
   where p.is_active and v.is_active
     and (p.event_id = any(?::int[])
          or p.event_template_id in (select event_template_id from events where id = any(?::int[]))
          or (p.event_id is null and p.event_template_id is null))
   order by p.display_order, p.id, v.id`;

export const productOffers = async (
  db: Knex | Knex.Transaction,
  eventIds: readonly number[],
): Promise<ProductOffer[]> => {
  if (eventIds.length === 0) return [];
  const ids = pgArray([...new Set(eventIds)]);
  const result: {
    rows: {
      product_id: number;
      variant_id: number;
      product_type_id: number;
      name: string;
      variant_name: string;
      description: string | null;
      image_url: string | null;
      price: number;
      stock: number | null;
      event_id: number | null;
      event_template_id: number | null;
    }[];
  } = await db.raw(OFFERS_SQL, [ids, ids]);
  return result.rows.map((r) => ({
    productId: r.product_id,
    productVariantId: r.variant_id,
    productTypeId: r.product_type_id,
    name: r.name,
    variantName: r.variant_name,
    description: r.description,
    imageUrl: r.image_url,
    price: r.price,
    stock: r.stock,
    eventId: r.event_id,
    eventTemplateId: r.event_template_id,
  }));
};

/**
 * Makes the basket's stock holds what its product lines will be, in the change's transaction:
 * each changed variant is held through the stock store (a savepoint of its own), in variant
 * order so two baskets never wait on each other's variants. A variant short of stock refuses the
 * whole change with how many the buyer may have, and the transaction gives back what was taken.
 */
const holdProductStock = async (
  trx: Knex.Transaction,
  basketId: string,
  existing: readonly ItemRow[],
  lines: readonly ProductQuantity[],
  offers: readonly ProductOffer[],
): Promise<void> => {
  const before = new Map<number, number>();
  for (const item of existing)
    if (item.product_variant_id !== null)
      before.set(item.product_variant_id, (before.get(item.product_variant_id) ?? 0) + item.quantity);
  const after = new Map<number, number>();
  for (const line of lines)
    after.set(line.productVariantId, (after.get(line.productVariantId) ?? 0) + line.quantity);
  const variants = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  for (const productVariantId of variants) {
    const quantity = after.get(productVariantId) ?? 0;
    if (quantity === (before.get(productVariantId) ?? 0)) continue;
    const held = await holdStock(trx, { productVariantId, basketId, quantity });
    if (held.ok) continue;
    const error = held.error;
    if (error._tag === 'StockBasketNotLive') refuse(new BasketNotFound({ basketId }));
    const offer = offers.find((o) => o.productVariantId === productVariantId);
    const item = existing.find((i) => i.product_variant_id === productVariantId);
    const product = offer
      ? { name: offer.name, variantName: offer.variantName }
      : { name: item?.product_name ?? `Product variant ${productVariantId}`, variantName: '' };
    refuse(
      new BasketRuleViolation({
        rule: 'Product',
        message:
          error._tag === 'OutOfStock'
            ? outOfStockMessage(product, (before.get(productVariantId) ?? 0) + error.available)
            : `${productLabel(product)} is no longer sold.`,
      }),
    );
  }
};

/** Sets the product lines to `plan`'s answer; a line's price and name come from its offer. */
export const setProducts = (
  db: Knex,
  basketId: string,
  plan: (basket: Basket, offers: readonly ProductOffer[]) => readonly ProductQuantity[] | BasketError,
): Promise<Outcome<Basket, BasketError>> =>
  inTransaction<Basket, BasketError>(db, async (trx) => {
    const locked = await liveLocked(trx, basketId);
    if (!locked) return refuse(new BasketNotFound({ basketId }));
    const eventIds = [
      ...locked.basket.tickets.map((t) => t.eventId),
      ...locked.basket.products.flatMap((p) => (p.eventId === null ? [] : [p.eventId])),
      ...(locked.basket.continueWithoutTicketsEventId === null
        ? []
        : [locked.basket.continueWithoutTicketsEventId]),
    ];
    const offers = await productOffers(trx, eventIds);
    const planned = plan(locked.basket, offers);
    if (!Array.isArray(planned)) refuse(planned);
    const lines = planned as readonly ProductQuantity[];
    const existing = locked.items.filter((i) => i.item_type === 'Product');
    const keyOf = (p: { product_id: number | null; product_variant_id: number | null }) =>
      `${p.product_id}|${p.product_variant_id}`;
    const wanted = new Map(lines.map((l) => [`${l.productId}|${l.productVariantId}`, l]));
    await holdProductStock(trx, basketId, existing, lines, offers);
    const gone = existing.filter((i) => !wanted.has(keyOf(i))).map((i) => i.id);
    if (gone.length > 0) await trx('basket_items').whereIn('id', gone).del();
    for (const line of lines) {
      const current = existing.find((i) => keyOf(i) === `${line.productId}|${line.productVariantId}`);
      if (current) {
        if (current.quantity !== line.quantity)
          await trx('basket_items').where({ id: current.id }).update({ quantity: line.quantity });
        continue;
      }
      const offer = offers.find(
        (o) => o.productId === line.productId && o.productVariantId === line.productVariantId,
      );
      if (!offer) continue; // the plan only keeps lines it was offered or already had
      await trx('basket_items').insert({
        basket_id: basketId,
        item_type: 'Product',
        event_id: offer.eventId,
        product_id: offer.productId,
        product_variant_id: offer.productVariantId,
        product_name: offer.variantName === offer.name ? offer.name : `${offer.name} (${offer.variantName})`,
        quantity: line.quantity,
        price: offer.price,
      });
    }
    const items: ItemRow[] = await readItemRows(trx, basketId);
    return basketOf(locked.row, items);
  });

export const deliveryMethods = async (db: Knex): Promise<DeliveryMethod[]> => {
  const rows: {
    id: number;
    display_name: string;
    type: DeliveryMethod['type'];
    price: number;
    fields: { Field: string; Required: boolean }[];
    allow_international_shipping: boolean;
    display_basket_notes: boolean;
    consumer_visible: boolean;
  }[] = await db('delivery_methods').orderBy(['display_order', 'id']).select('*');
  return rows.map((r) => ({
    id: r.id,
    displayName: r.display_name,
    type: r.type,
    price: r.price,
    fields: r.fields,
    allowInternationalShipping: r.allow_international_shipping,
    displayBasketNotes: r.display_basket_notes,
    consumerVisible: r.consumer_visible,
  }));
};

export const marketingOptIns = async (db: Knex): Promise<MarketingOptIn[]> => {
  const rows: { id: number; name: string; opt_in_text: string | null; default_checked: boolean }[] = await db(
    'customer_tag_types',
  )
    .where({ kind: 'MarketingOptIn' })
    .orderBy('id')
    .select('id', 'name', 'opt_in_text', 'default_checked');
  return rows.map((r) => ({
    customerTagId: r.id,
    customerTagText: r.opt_in_text ?? r.name,
    defaultStateChecked: r.default_checked,
  }));
};
