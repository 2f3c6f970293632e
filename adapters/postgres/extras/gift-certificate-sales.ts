import { Effect, Layer } from 'effect';
import type { Knex } from 'knex';
import type { GiftCertificate } from '../../../core/extras/ports.ts';
import { GiftCertificateSales, type GiftOrder, type GiftSaleLine } from '../../../core/extras/sale-ports.ts';
import type { GiftSaleRequest } from '../../../core/extras/gift-certificate-sale.ts';
import { addExtraLine, type ExtraLineRequest } from '../basket/add-extra-line.ts';
import { readItemRows, type ItemRow } from '../sql/basket-rows.ts';
import type { Outcome } from '../sql/transaction.ts';
import { findCertificate, issueCertificate } from './gift-certificates.ts';

// Gift certificates sold (migrations/20261214000100_gift_certificate_sales.ts): a basket item of
// type GiftCertificate (its amount as price and face value, its recipient and message), and once
// the order is placed one certificate per item. The issue and its gift_certificate_sales row are
// one transaction keyed by the basket item: a twin run waits on the key's insert and, refused,
// answers the certificate the first run issued (its own certificate rolled back with it).

const UNIQUE_VIOLATION = '23505';

/** Adds the line under the basket's lock (a new basket when the caller has no live one). */
export const addGiftItem = async (
  db: Knex,
  request: ExtraLineRequest & { item: GiftSaleRequest; currency: string },
) =>
  addExtraLine(db, request, {
    rule: 'GiftCertificate',
    what: 'gift certificate',
    currency: request.currency,
    row: {
      item_type: 'GiftCertificate',
      face_value: request.item.amount,
      price: request.item.amount,
      product_name: 'Gift certificate',
      recipient_name: request.item.recipientName,
      recipient_email: request.item.recipientEmail,
      gift_message: request.item.message,
    },
  });

interface OrderRow {
  id: number;
  name: string;
  basket_id: string;
  currency: string;
  currency_locale: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

interface SaleRow {
  basket_item_id: number;
  gift_certificate_id: number;
  emailed_at: Date | null;
  code: string;
  currency: string;
  balance: number;
  created_at: Date;
}

/** A placed order's gift certificate lines, from its basket's items, with what was issued. */
export const readGiftOrder = async (db: Knex, orderId: number): Promise<GiftOrder | null> => {
  const order: OrderRow | undefined = await db('orders').where({ id: orderId }).first();
  if (!order) return null;
  const items: ItemRow[] = (await readItemRows(db, order.basket_id)).filter(
    (i) => i.item_type === 'GiftCertificate',
  );
  const sales: SaleRow[] = items.length
    ? await db('gift_certificate_sales as s')
        .join('gift_certificates as g', 'g.id', 's.gift_certificate_id')
        .where('s.order_id', orderId)
        .select(
          's.basket_item_id',
          's.gift_certificate_id',
          's.emailed_at',
          'g.code',
          'g.currency',
          'g.balance',
          'g.created_at',
        )
    : [];
  const lines = items.map((i): GiftSaleLine => {
    const sale = sales.find((s) => s.basket_item_id === i.id);
    return {
      itemId: i.id,
      amount: i.price,
      recipientName: i.recipient_name ?? null,
      recipientEmail: i.recipient_email ?? null,
      message: i.gift_message ?? null,
      certificate: sale
        ? {
            id: sale.gift_certificate_id,
            code: sale.code,
            currency: sale.currency,
            balance: sale.balance,
            createdAt: sale.created_at,
          }
        : null,
      emailed: sale?.emailed_at != null,
    };
  });
  const buyerName = [order.first_name, order.last_name].filter(Boolean).join(' ') || 'A friend';
  return {
    orderId: order.id,
    orderName: order.name,
    currency: order.currency,
    currencyLocale: order.currency_locale,
    buyerName,
    buyerEmail: order.email,
    lines,
  };
};

/** The line's certificate: issued now with its sale row, or the one a twin run issued. */
export const issueForLine = async (
  db: Knex,
  order: GiftOrder,
  line: GiftSaleLine,
): Promise<GiftCertificate> => {
  const existing = async () => {
    const sale: { code: string } | undefined = await db('gift_certificate_sales as s')
      .join('gift_certificates as g', 'g.id', 's.gift_certificate_id')
      .where('s.basket_item_id', line.itemId)
      .first('g.code');
    return sale ? findCertificate(db, sale.code) : null;
  };
  const already = await existing();
  if (already) return already;
  try {
    return await db.transaction(async (trx) => {
      const certificate = await issueCertificate(trx, {
        amount: line.amount,
        currency: order.currency,
        orderId: order.orderId,
      });
      await trx('gift_certificate_sales').insert({
        basket_item_id: line.itemId,
        order_id: order.orderId,
        gift_certificate_id: certificate.id,
        recipient_name: line.recipientName,
        recipient_email: line.recipientEmail,
        gift_message: line.message,
      });
      return certificate;
    });
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    const twin = await existing();
    if (!twin) throw error;
    return twin;
  }
};

const fromOutcome = <A, E>(run: () => Promise<Outcome<A, E>>): Effect.Effect<A, E> =>
  Effect.flatMap(Effect.promise(run), (o) => (o.ok ? Effect.succeed(o.value) : Effect.fail(o.error)));

export const GiftCertificateSalesPostgres = (db: Knex) =>
  Layer.succeed(GiftCertificateSales, {
    addToBasket: (request) => fromOutcome(() => addGiftItem(db, request)),
    order: (orderId) => Effect.promise(() => readGiftOrder(db, orderId)),
    issue: (order, line) => Effect.promise(() => issueForLine(db, order, line)),
    markEmailed: (itemId) =>
      Effect.promise(async () => {
        await db('gift_certificate_sales')
          .where({ basket_item_id: itemId })
          .whereNull('emailed_at')
          .update({ emailed_at: db.fn.now() });
      }),
  });
